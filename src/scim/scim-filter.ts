import { Filter, parse } from 'scim2-parse-filter';
import { ScimUrns } from './scim-schemas';

/**
 * The list filters this plane supports (SPEC.md and API.md, SCIM 2.0), parsed with
 * scim2-parse-filter (RFC 7644 3.4.2.2 grammar: string values must be quoted). Anything else, a
 * compound expression, an unquoted value or a filter that does not parse, is unsupported and
 * read as no filter at all (the unfiltered list), never a 400.
 */
export type UserFilter =
  /** compared case-insensitively */
  | { attribute: 'userName'; value: string }
  /** any of the user's emails, compared case-insensitively; `type` narrows to emails of that type */
  | { attribute: 'email'; value: string; type?: string }
  /** compared exactly */
  | { attribute: 'externalId'; value: string };

export type GroupFilter = { attribute: 'displayName'; value: string } | { attribute: 'externalId'; value: string };

/** Longer filters are not ones this plane supports; they are not parsed at all. */
const MAX_FILTER_LENGTH = 1024;

function ast(raw: unknown): Filter | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_FILTER_LENGTH) return undefined;
  try {
    return parse(raw);
  } catch {
    return undefined;
  }
}

/** An attribute path without its core schema URN, lower-cased (attribute names are case-insensitive). */
function attributeName(path: string, coreUrn: string): string {
  const lower = path.toLowerCase();
  const prefix = `${coreUrn.toLowerCase()}:`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}

/** `attr eq "string"`: the attribute (lower-cased) and the value, or undefined. */
function equality(f: Filter | undefined, coreUrn: string): { name: string; value: string } | undefined {
  if (!f || f.op !== 'eq' || typeof f.compValue !== 'string') return undefined;
  return { name: attributeName(f.attrPath, coreUrn), value: f.compValue };
}

export function parseUserFilter(raw: unknown): UserFilter | undefined {
  const f = ast(raw);
  if (!f) return undefined;
  const eq = equality(f, ScimUrns.user);
  if (eq) {
    if (eq.name === 'username') return { attribute: 'userName', value: eq.value };
    if (eq.name === 'externalid') return { attribute: 'externalId', value: eq.value };
    if (eq.name === 'emails.value' || eq.name === 'emails') return { attribute: 'email', value: eq.value };
    return undefined;
  }
  // emails[value eq "x"]
  if (f.op === '[]' && attributeName(f.attrPath, ScimUrns.user) === 'emails') {
    const inner = equality(f.valFilter, ScimUrns.user);
    return inner?.name === 'value' ? { attribute: 'email', value: inner.value } : undefined;
  }
  // Entra's emails[type eq "work"].value eq "x", which the grammar reads as
  // emails[type eq "work"] and emails.value eq "x": an email of that type with that value.
  if (f.op === 'and' && f.filters.length === 2) {
    const [selector, value] = f.filters;
    if (selector.op !== '[]' || attributeName(selector.attrPath, ScimUrns.user) !== 'emails') return undefined;
    const type = equality(selector.valFilter, ScimUrns.user);
    const email = equality(value, ScimUrns.user);
    if (type?.name !== 'type' || email?.name !== 'emails.value') return undefined;
    return { attribute: 'email', value: email.value, type: type.value };
  }
  return undefined;
}

/** Groups: `displayName eq` (case-insensitive) and `externalId eq` (exact), when enabled at all. */
export function parseGroupFilter(raw: unknown): GroupFilter | undefined {
  const eq = equality(ast(raw), ScimUrns.group);
  if (eq?.name === 'displayname') return { attribute: 'displayName', value: eq.value };
  if (eq?.name === 'externalid') return { attribute: 'externalId', value: eq.value };
  return undefined;
}
