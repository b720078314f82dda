import { unstorableText } from '../core/common/validation/storable';
import { ScimUrns } from './scim-schemas';
import { ScimInvalidFilter } from './scim.errors';

/*
 * SCIM list filters (RFC 7644 3.4.2.2). A filter is read in two steps:
 *
 * 1. parseScimFilter tokenizes and parses the whole grammar of Figure 1 into a tree: attribute
 *    paths with an optional schema URN and one sub-attribute, the nine comparison operators and
 *    `pr`, `and` (binding tighter) and `or`, `not (...)`, parentheses, value paths `attr[...]`,
 *    and Entra's `emails[type eq "work"].value eq "x"`. A compValue is JSON (RFC 8259): a
 *    string with its escapes (\" \\ \/ \b \f \n \r \t \uXXXX) decoded, a number, true, false or
 *    null; an unquoted word there (`userName eq jdoe`) is read as an unquoted value, which no
 *    comparison supports. Text that is not a filter (an unterminated string, an escape JSON does
 *    not have, a NUL or an unpaired surrogate, unbalanced parentheses or brackets, a missing
 *    operator or value, more after a complete filter) is ScimInvalidFilter, with the character
 *    it stops at.
 * 2. parseUserFilter and parseGroupFilter map the tree onto the few comparisons this plane
 *    supports. Any other tree is unsupported and read as no filter (the unfiltered list), as the
 *    contract says (API.md: "Any other filter is ignored ..., never a 400").
 *
 * So a supported filter is applied exactly (values are bound parameters compared with `=`, never
 * LIKE: `%` and `_` are themselves), a filter that cannot be parsed is a 400 invalidFilter and
 * never the unfiltered list, and a well-formed filter the plane does not support is ignored
 * (decision 0226, which refines 0128).
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le';
/** A word where a value belongs, not a JSON literal (`userName eq jdoe`): parsed, never supported. */
export interface UnquotedValue {
  unquoted: string;
}
export type CompValue = string | number | boolean | null | UnquotedValue;

/** An attribute path as written: `uri` without its trailing colon, `name` and `sub` in their written case. */
export interface AttrPath {
  uri?: string;
  name: string;
  sub?: string;
}

/** A comparison of an attribute (or, inside brackets and after them, of a sub-attribute). */
export type AttrTest = { kind: 'compare'; op: CompareOp; value: CompValue } | { kind: 'present' };

export type FilterNode =
  | { kind: 'attr'; path: AttrPath; test: AttrTest }
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; filter: FilterNode }
  /** `path[filter]`, or with Entra's trailing `.sub op value`: `path[filter].sub op value`. */
  | { kind: 'valuePath'; path: AttrPath; filter: FilterNode; then?: { sub: string; test: AttrTest } };

/**
 * Longer filters are refused unread. Room for the longest value the plane stores (1024
 * characters, scim-user-input.ts) written entirely as \uXXXX escapes, and an attribute path.
 */
export const MAX_FILTER_LENGTH = 8192;
/** Parentheses, `not` and brackets nested deeper than this are refused (the parser recurses). */
const MAX_DEPTH = 32;

const COMPARE_OPS: ReadonlySet<string> = new Set<CompareOp>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
/** RFC 7643 2.1 ATTRNAME (`$ref` is the one name outside it), with at most one sub-attribute. */
const ATTR_NAME = /^(?:[A-Za-z][A-Za-z0-9_-]*|\$ref)$/;
/** A schema URI before the attribute name: a scheme and something after its colon. */
const SCHEMA_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[\x21-\x7e]+$/;
/** RFC 8259 6. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

type Token =
  /** Anything between spaces, parentheses, brackets and quotes: a path, an operator, a keyword or a literal. */
  | { t: 'word'; text: string; at: number; spaced: boolean }
  | { t: 'string'; value: string; at: number; spaced: boolean }
  | { t: '(' | ')' | '[' | ']' | 'end'; at: number; spaced: boolean };

/** A refusal naming the (1-based) character the reading stopped at; the input itself is never echoed. */
const syntax = (at: number, why: string) => new ScimInvalidFilter(`filter does not parse at character ${at + 1}: ${why}`);
const isSpace = (c: string) => c === ' ' || c === '\t';
/** A control character other than the tab, which is whitespace between tokens; JSON escapes them inside strings. */
const isControl = (c: string) => c < ' ' && c !== '\t';
const isDelimiter = (c: string) => isSpace(c) || isControl(c) || c === '(' || c === ')' || c === '[' || c === ']' || c === '"';

/** A JSON string from its opening quote at `start`: the decoded value and the index after its closing quote. */
function readString(src: string, start: number): { value: string; next: number } {
  const out: string[] = [];
  let i = start + 1;
  let run = i;
  let escapedQuoteLast = false;
  for (;;) {
    if (i >= src.length) {
      throw syntax(
        start,
        escapedQuoteLast ? 'a string whose last quote is escaped (\\") and so does not close it' : 'a string without its closing quote',
      );
    }
    const c = src.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x20) throw syntax(i, c === 0 ? 'a NUL character in a value' : 'a control character in a string (escape it)');
    if (c !== 0x5c) {
      escapedQuoteLast = false;
      i++;
      continue;
    }
    escapedQuoteLast = src[i + 1] === '"';
    out.push(src.slice(run, i));
    const e = src[i + 1];
    if (e === undefined) throw syntax(i, 'a backslash at the end of the filter');
    if (e === 'u') {
      const hex = src.slice(i + 2, i + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw syntax(i, 'a \\u escape without four hex digits');
      out.push(String.fromCharCode(parseInt(hex, 16)));
      i += 6;
    } else if (Object.hasOwn(SHORT_ESCAPES, e)) {
      out.push(SHORT_ESCAPES[e]);
      i += 2;
    } else {
      throw syntax(i, 'an escape that JSON does not have (a backslash is written \\\\)');
    }
    run = i;
  }
  out.push(src.slice(run, i));
  const value = out.join('');
  // PostgreSQL text cannot hold NUL, and would compare U+FFFD for an unpaired surrogate
  const unstorable = unstorableText(value);
  if (unstorable) throw new ScimInvalidFilter(`the filter value at character ${start + 1} ${unstorable}`);
  return { value, next: i + 1 };
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let spaced = false;
  while (i < src.length) {
    const c = src[i];
    if (isSpace(c)) {
      spaced = true;
      i++;
      continue;
    }
    if (isControl(c)) throw syntax(i, c === '\0' ? 'a NUL character' : 'a control character outside a string');
    if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ t: c, at: i, spaced });
      i++;
    } else if (c === '"') {
      const { value, next } = readString(src, i);
      tokens.push({ t: 'string', value, at: i, spaced });
      i = next;
    } else {
      let j = i + 1;
      while (j < src.length && !isDelimiter(src[j])) j++;
      const text = src.slice(i, j);
      const unstorable = unstorableText(text);
      if (unstorable) throw new ScimInvalidFilter(`the filter at character ${i + 1} ${unstorable}`);
      tokens.push({ t: 'word', text, at: i, spaced });
      i = j;
    }
    spaced = false;
  }
  tokens.push({ t: 'end', at: src.length, spaced });
  return tokens;
}

/** `[uri:]name[.sub]` from a word, or undefined when the word is not one. */
function attrPath(text: string): AttrPath | undefined {
  const colon = text.lastIndexOf(':');
  const uri = colon >= 0 ? text.slice(0, colon) : undefined;
  if (uri !== undefined && !SCHEMA_URI.test(uri)) return undefined;
  const parts = text.slice(colon + 1).split('.');
  if (parts.length > 2 || !parts.every((p) => ATTR_NAME.test(p))) return undefined;
  return { ...(uri !== undefined && { uri }), name: parts[0], ...(parts[1] !== undefined && { sub: parts[1] }) };
}

/** A word in value position: a JSON number, true, false or null, else an unquoted value (which no comparison supports). */
function literal(text: string): CompValue {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (JSON_NUMBER.test(text)) return Number(text);
  return { unquoted: text };
}

const keyword = (tok: Token, word: string) => tok.t === 'word' && tok.text.toLowerCase() === word;

/** Recursive descent over the tokens: or > and > not, parentheses, value paths, attribute tests. */
class Parser {
  private i = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  filter(): FilterNode {
    const node = this.or(false);
    const tok = this.peek();
    if (tok.t !== 'end') throw syntax(tok.at, tok.t === ')' || tok.t === ']' ? `an unmatched "${tok.t}"` : 'more after a complete filter');
    return node;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private next(): Token {
    return this.tokens[this.i++];
  }

  private expect(t: ')' | ']', why: string): void {
    const tok = this.next();
    if (tok.t !== t) throw syntax(tok.at, why);
  }

  private or(inBrackets: boolean): FilterNode {
    let left = this.and(inBrackets);
    while (keyword(this.peek(), 'or')) {
      this.next();
      left = { kind: 'or', left, right: this.and(inBrackets) };
    }
    return left;
  }

  private and(inBrackets: boolean): FilterNode {
    let left = this.unary(inBrackets);
    while (keyword(this.peek(), 'and')) {
      this.next();
      left = { kind: 'and', left, right: this.unary(inBrackets) };
    }
    return left;
  }

  private nested<T>(at: number, read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw syntax(at, `more than ${MAX_DEPTH} levels of parentheses or brackets`);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private unary(inBrackets: boolean): FilterNode {
    const tok = this.peek();
    // `not` is a keyword only before a parenthesis; otherwise it is an attribute's name.
    if (keyword(tok, 'not') && this.tokens[this.i + 1].t === '(') {
      this.i += 2;
      const filter = this.nested(tok.at, () => this.or(inBrackets));
      this.expect(')', 'a "not (" without its ")"');
      return { kind: 'not', filter };
    }
    if (tok.t === '(') {
      this.next();
      const inner = this.nested(tok.at, () => this.or(inBrackets));
      this.expect(')', 'a "(" without its ")"');
      return inner;
    }
    return this.attribute(inBrackets);
  }

  private attribute(inBrackets: boolean): FilterNode {
    const tok = this.next();
    if (tok.t === 'end') throw syntax(tok.at, 'a filter that ends where an attribute was expected');
    const path = tok.t === 'word' ? attrPath(tok.text) : undefined;
    if (!path) throw syntax(tok.at, 'an attribute name was expected');
    if (this.peek().t !== '[') return { kind: 'attr', path, test: this.test() };

    const open = this.next();
    if (inBrackets) throw syntax(open.at, 'a value path inside another');
    if (path.sub !== undefined) throw syntax(open.at, 'a value path on a sub-attribute');
    const filter = this.nested(open.at, () => this.or(true));
    this.expect(']', 'a "[" without its "]"');
    // Entra's emails[type eq "work"].value eq "x": a sub-attribute right after the bracket
    const after = this.peek();
    if (after.t === 'word' && !after.spaced && after.text.startsWith('.')) {
      this.next();
      const sub = after.text.slice(1);
      if (!ATTR_NAME.test(sub)) throw syntax(after.at, 'a sub-attribute name was expected after "]."');
      return { kind: 'valuePath', path, filter, then: { sub, test: this.test() } };
    }
    return { kind: 'valuePath', path, filter };
  }

  /** `pr`, or a comparison operator and its value. */
  private test(): AttrTest {
    const op = this.next();
    if (op.t !== 'word') throw syntax(op.at, 'an operator (eq, ne, co, sw, ew, gt, lt, ge, le or pr) was expected');
    const name = op.text.toLowerCase();
    if (name === 'pr') return { kind: 'present' };
    if (!COMPARE_OPS.has(name)) throw syntax(op.at, 'an operator (eq, ne, co, sw, ew, gt, lt, ge, le or pr) was expected');
    const v = this.next();
    if (v.t === 'string') return { kind: 'compare', op: name as CompareOp, value: v.value };
    if (v.t === 'word') return { kind: 'compare', op: name as CompareOp, value: literal(v.text) };
    throw syntax(v.at, 'a value was expected: a quoted string (RFC 7644 3.4.2.2), a number, true, false or null');
  }
}

/** The tree of a filter (RFC 7644 3.4.2.2, Figure 1), or ScimInvalidFilter saying where it stops parsing. */
export function parseScimFilter(raw: string): FilterNode {
  if (raw.length > MAX_FILTER_LENGTH) throw new ScimInvalidFilter(`filter is longer than ${MAX_FILTER_LENGTH} characters`);
  return new Parser(tokenize(raw)).filter();
}

export type UserFilter =
  /** compared case-insensitively */
  | { attribute: 'userName'; value: string }
  /** any of the user's emails, compared case-insensitively; `type` narrows to emails of that type */
  | { attribute: 'email'; value: string; type?: string }
  /** compared exactly */
  | { attribute: 'externalId'; value: string };

export type GroupFilter = { attribute: 'displayName'; value: string } | { attribute: 'externalId'; value: string };

/**
 * The tree of the filter parameter, or undefined when none was given (absent, empty or only
 * whitespace). ScimInvalidFilter when it cannot be read as one filter: repeated `filter=` or
 * `filter[x]=`, longer than MAX_FILTER_LENGTH, or text that does not parse.
 */
function filterTree(raw: unknown): FilterNode | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new ScimInvalidFilter('filter must be given once, as a string');
  if (raw.trim() === '') return undefined;
  return parseScimFilter(raw);
}

/**
 * The lower-cased name (`name` or `name.sub`) of a path in the resource's core schema, or
 * undefined when it names another schema (the extension's attributes are not filterable).
 */
function coreName(path: AttrPath, coreUrn: string): string | undefined {
  if (path.uri !== undefined && path.uri.toLowerCase() !== coreUrn.toLowerCase()) return undefined;
  return (path.sub === undefined ? path.name : `${path.name}.${path.sub}`).toLowerCase();
}

/** The value of `eq "string"`, or undefined. */
const stringEq = (test: AttrTest): string | undefined =>
  test.kind === 'compare' && test.op === 'eq' && typeof test.value === 'string' ? test.value : undefined;

/** `name eq "string"` on the core schema: the lower-cased name and the value, or undefined. */
function equality(node: FilterNode, coreUrn: string): { name: string; value: string } | undefined {
  if (node.kind !== 'attr') return undefined;
  const name = coreName(node.path, coreUrn);
  const value = stringEq(node.test);
  return name === undefined || value === undefined ? undefined : { name, value };
}

/** The value of `emails[<inner> eq "x"]`, whatever follows the bracket, or undefined. */
function emailsSelector(node: FilterNode, inner: 'value' | 'type'): string | undefined {
  if (node.kind !== 'valuePath' || coreName(node.path, ScimUrns.user) !== 'emails') return undefined;
  const f = node.filter;
  if (f.kind !== 'attr' || f.path.uri !== undefined || f.path.sub !== undefined || f.path.name.toLowerCase() !== inner) return undefined;
  return stringEq(f.test);
}

function userFilter(node: FilterNode): UserFilter | undefined {
  const eq = equality(node, ScimUrns.user);
  if (eq) {
    if (eq.name === 'username') return { attribute: 'userName', value: eq.value };
    if (eq.name === 'externalid') return { attribute: 'externalId', value: eq.value };
    if (eq.name === 'emails.value' || eq.name === 'emails') return { attribute: 'email', value: eq.value };
    return undefined;
  }
  if (node.kind === 'valuePath' && !node.then) {
    // emails[value eq "x"]
    const value = emailsSelector(node, 'value');
    return value === undefined ? undefined : { attribute: 'email', value };
  }
  if (node.kind === 'valuePath' && node.then) {
    // Entra's emails[type eq "work"].value eq "x": an email of that type with that value
    const type = emailsSelector(node, 'type');
    const value = node.then.sub.toLowerCase() === 'value' ? stringEq(node.then.test) : undefined;
    return type === undefined || value === undefined ? undefined : { attribute: 'email', value, type };
  }
  if (node.kind === 'and') {
    // The same, spelt as the grammar's `and` (decision 0128): the only `and` accepted.
    const type = node.left.kind === 'valuePath' && !node.left.then ? emailsSelector(node.left, 'type') : undefined;
    const email = equality(node.right, ScimUrns.user);
    return type === undefined || email?.name !== 'emails.value' ? undefined : { attribute: 'email', value: email.value, type };
  }
  return undefined;
}

/**
 * Users: `userName eq`, `emails.value eq` (also `emails eq`, `emails[value eq]` and Entra's
 * `emails[type eq "work"].value eq`) and `externalId eq`, with a string value; names in any case,
 * with or without the core User URN. No filter, or a well-formed one of any other kind:
 * undefined (the unfiltered list). A filter that cannot be parsed: ScimInvalidFilter.
 */
export function parseUserFilter(raw: unknown): UserFilter | undefined {
  const tree = filterTree(raw);
  return tree && userFilter(tree);
}

/**
 * Groups, which the caller asks only when the deployment turns their filters on
 * (SCIM_GROUP_FILTERS; otherwise the parameter is not read at all): `displayName eq` and
 * `externalId eq` with a string value. No filter, or a well-formed one of any other kind:
 * undefined. A filter that cannot be parsed: ScimInvalidFilter.
 */
export function parseGroupFilter(raw: unknown): GroupFilter | undefined {
  const tree = filterTree(raw);
  const eq = tree && equality(tree, ScimUrns.group);
  if (eq?.name === 'displayname') return { attribute: 'displayName', value: eq.value };
  if (eq?.name === 'externalid') return { attribute: 'externalId', value: eq.value };
  return undefined;
}
