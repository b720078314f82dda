import { NoPathInScimPatchOp, NoTarget, ScimPatchOperation, scimPatch, ScimResource } from 'scim-patch';
import { Filter, parse } from 'scim2-parse-filter';
import { ScimUrns } from './scim-schemas';
import { member } from './scim-user-input';
import { ScimInvalidSyntax, ScimInvalidValue, ScimMutability, ScimNoTarget } from './scim.errors';

/**
 * PATCH as Okta and Entra send it (RFC 7644 3.5.2), normalised for scim-patch, which applies it:
 * - op names in any case (`Replace`, `ADD`);
 * - a path-less add or replace whose value holds attributes, dotted keys (`name.givenName`),
 *   value-path keys (`emails[type eq "work"].value`) or the enterprise extension: one operation
 *   per attribute, so each goes through the same path handling;
 * - a complex value (`name`, the enterprise extension, its `manager`) merged sub-attribute by
 *   sub-attribute, as RFC 7644 3.5.2.3 says for replace;
 * - attribute names in any case and with or without the core schema URN;
 * - `id`, `meta` and `schemas` ignored wherever they appear, and so are attributes the resource
 *   does not keep (KEPT_ROOTS) and null values; `groups` is read-only (mutability).
 * The `"True"`/`"False"` strings Entra sends for booleans are read by readUserInput afterwards.
 */
export type PatchOp = ScimPatchOperation & { op: 'add' | 'replace' | 'remove' };

const MAX_OPERATIONS = 1000;
const IGNORED = new Set(['id', 'meta', 'schemas']);
const READ_ONLY = new Set(['groups']);
/**
 * The attributes each resource keeps, by their canonical names (readUserInput, readGroupInput and
 * the members rows): an operation on any other (`title`, `phoneNumbers[type eq "work"]`, another
 * extension) is dropped before it is applied, as API.md has unknown attributes ignored, never
 * refused; scim-patch would refuse some of them (a filter on an attribute the resource lacks).
 */
const KEPT_ROOTS: Record<string, ReadonlySet<string>> = {
  [ScimUrns.user]: new Set(['userName', 'externalId', 'displayName', 'name', 'emails', 'active', 'groups', ScimUrns.enterpriseUser]),
  [ScimUrns.group]: new Set(['displayName', 'externalId', 'members']),
};
/** Attribute and sub-attribute names this plane knows, by their lower-case spelling. */
const CANONICAL = new Map(
  [
    'userName',
    'externalId',
    'displayName',
    'name',
    'emails',
    'active',
    'groups',
    'members',
    'givenName',
    'familyName',
    'formatted',
    'value',
    'type',
    'primary',
    'display',
    'employeeNumber',
    'costCenter',
    'organization',
    'division',
    'department',
    'manager',
    '$ref',
  ].map((n) => [n.toLowerCase(), n]),
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const canonical = (name: string) => CANONICAL.get(name.toLowerCase()) ?? name;

/** `a.b` names in their canonical case; a value filter `[...]` is kept as written. */
function canonicalDotted(path: string): string {
  const bracket = path.indexOf('[');
  const head = bracket === -1 ? path : path.slice(0, bracket);
  const tail = bracket === -1 ? '' : path.slice(bracket);
  const close = tail.indexOf(']');
  const after = close === -1 ? '' : tail.slice(close + 1);
  const filter = close === -1 ? tail : tail.slice(0, close + 1);
  const name = (s: string) =>
    s
      .split('.')
      .map((p) => (p ? canonical(p) : p))
      .join('.');
  return name(head) + filter + (after.startsWith('.') ? '.' + name(after.slice(1)) : after);
}

/** A path with its core URN dropped, the enterprise URN spelled canonically, names in canonical case. */
export function canonicalPath(path: string, core: string): string {
  const trimmed = path.trim();
  const lower = trimmed.toLowerCase();
  const corePrefix = `${core.toLowerCase()}:`;
  if (lower.startsWith(corePrefix)) return canonicalDotted(trimmed.slice(corePrefix.length));
  const ext = ScimUrns.enterpriseUser.toLowerCase();
  if (lower === ext) return ScimUrns.enterpriseUser;
  if (lower.startsWith(`${ext}:`)) return `${ScimUrns.enterpriseUser}:${canonicalDotted(trimmed.slice(ext.length + 1))}`;
  return canonicalDotted(trimmed);
}

/** The attribute a path starts at: `emails` for `emails[type eq "work"].value`. */
export function rootOf(path: string): string {
  if (path.startsWith(`${ScimUrns.enterpriseUser}`)) return ScimUrns.enterpriseUser;
  return path.split(/[.[]/, 1)[0];
}

const joinPath = (prefix: string, key: string) => (prefix === ScimUrns.enterpriseUser ? `${prefix}:${key}` : `${prefix}.${key}`);

/**
 * One operation per attribute of a complex value, merged rather than replaced (RFC 7644
 * 3.5.2.3): `{ name: { givenName } }` becomes a replace of `name.givenName` alone.
 */
function expand(op: 'add' | 'replace', path: string, value: unknown, core: string, depth: number, out: PatchOp[]): void {
  const root = rootOf(path);
  if (IGNORED.has(root) || (path !== '' && !KEPT_ROOTS[core]?.has(root))) return;
  // API.md: nulls are ignored (Okta and Entra send `"value": null` for an attribute they have no
  // value of); a group's `members` keeps RFC 7644's reading, replace with none.
  if (value === null && root !== 'members') return;
  if (READ_ONLY.has(root)) throw new ScimMutability(`${root} is read-only`);
  if (isObject(value) && !path.includes('[') && depth < 3) {
    for (const key of Object.keys(value)) {
      const child = depth === 0 && path === '' ? canonicalPath(key, core) : canonicalPath(joinPath(path, key), core);
      expand(op, child, value[key], core, depth + 1, out);
    }
    return;
  }
  if (path === '') throw new ScimInvalidValue(`a ${op} without a path needs an object value`);
  out.push({ op, path, value });
}

/** The operations of a PatchOp message, normalised; a message of any other shape is 400. */
export function readPatchOperations(body: unknown, core: string): PatchOp[] {
  if (!isObject(body)) throw new ScimInvalidSyntax('the body must be a PatchOp message');
  const operations = member(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimInvalidSyntax('Operations must be a non-empty array');
  if (operations.length > MAX_OPERATIONS) throw new ScimInvalidValue(`at most ${MAX_OPERATIONS} operations`);
  const out: PatchOp[] = [];
  for (const raw of operations) {
    if (!isObject(raw)) throw new ScimInvalidSyntax('each operation must be an object');
    const name = member(raw, 'op');
    const op = typeof name === 'string' ? name.trim().toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimInvalidSyntax('op must be add, remove or replace');
    const rawPath = member(raw, 'path');
    if (rawPath !== undefined && rawPath !== null && typeof rawPath !== 'string') throw new ScimInvalidSyntax('path must be a string');
    const path = typeof rawPath === 'string' && rawPath.trim() ? canonicalPath(rawPath, core) : '';
    const value = member(raw, 'value');
    if (op === 'remove') {
      if (!path) throw new ScimNoTarget('a remove operation needs a path');
      const root = rootOf(path);
      if (IGNORED.has(root) || !KEPT_ROOTS[core]?.has(root)) continue;
      if (READ_ONLY.has(root)) throw new ScimMutability(`${root} is read-only`);
      out.push(value === undefined ? { op, path } : { op, path, value });
      continue;
    }
    expand(op, path, value, core, 0, out);
  }
  return out;
}

/**
 * Applies normalised operations to a resource with scim-patch, one at a time on a copy, so a
 * failing operation changes nothing. A replace through a value filter that matches nothing
 * (`emails[type eq "work"].value` on a user without a work email, as Entra sends it) adds the
 * value instead. scim-patch's refusals become SCIM errors (noTarget or invalidValue).
 */
export function applyPatch<T extends ScimResource>(resource: T, ops: PatchOp[]): T {
  let doc = resource;
  for (const op of ops) {
    try {
      doc = scimPatch(doc, [op], { mutateDocument: false, treatMissingAsAdd: true });
    } catch (err) {
      if (err instanceof NoTarget && op.op === 'replace' && op.path?.includes('[')) {
        doc = applyOne(doc, { ...op, op: 'add' });
        continue;
      }
      throw toScimError(err);
    }
  }
  return doc;
}

function applyOne<T extends ScimResource>(doc: T, op: PatchOp): T {
  try {
    return scimPatch(doc, [op], { mutateDocument: false, treatMissingAsAdd: true });
  } catch (err) {
    throw toScimError(err);
  }
}

function toScimError(err: unknown): Error {
  const message = err instanceof Error ? err.message : 'the patch could not be applied';
  if (err instanceof NoTarget || err instanceof NoPathInScimPatchOp) return new ScimNoTarget(message);
  return new ScimInvalidValue(message);
}

/** What a PATCH does to a group's members, read from its `members` operations. */
export type MemberChange =
  { kind: 'add'; ids: string[] } | { kind: 'remove'; ids: string[] } | { kind: 'remove_all' } | { kind: 'replace'; ids: string[] };

/** The `value`s of a member list (`[{ value }]` or one `{ value }`); anything without one is skipped. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids: string[] = [];
  for (const m of list) {
    const id = isObject(m) ? member(m, 'value') : undefined;
    if (typeof id === 'string') ids.push(id.trim());
  }
  return ids;
}

/** The ids a member filter selects: `value eq "id"`, or several joined with `or`. */
function filterIds(f: Filter): string[] | undefined {
  if (f.op === 'eq' && f.attrPath.toLowerCase() === 'value' && typeof f.compValue === 'string') return [f.compValue];
  if (f.op === 'or') {
    const parts = f.filters.map(filterIds);
    return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/**
 * A `members` operation as a change to the member rows. Entra removes with
 * `{ op: "Remove", path: "members", value: [{ value }] }`, Okta with `members[value eq "id"]`.
 */
export function memberChange(op: PatchOp): MemberChange {
  const path = op.path ?? '';
  if (path === 'members') {
    if (op.op === 'add') return { kind: 'add', ids: memberIds(op.value) };
    if (op.op === 'replace') return { kind: 'replace', ids: memberIds(op.value) };
    return op.value === undefined ? { kind: 'remove_all' } : { kind: 'remove', ids: memberIds(op.value) };
  }
  if (op.op === 'remove' && path.startsWith('members[') && path.endsWith(']')) {
    let ids: string[] | undefined;
    try {
      const f = parse(path);
      ids = f.op === '[]' ? filterIds(f.valFilter) : undefined;
    } catch {
      ids = undefined;
    }
    if (ids) return { kind: 'remove', ids };
  }
  throw new ScimInvalidValue(`unsupported members operation: ${op.op} ${path}`);
}
