import { ENTERPRISE_USER_ATTRIBUTES, ScimUrns } from './scim-schemas';
import { ScimInvalidSyntax, ScimInvalidValue } from './scim.errors';

export interface ScimName {
  formatted?: string;
  familyName?: string;
  givenName?: string;
}

export interface ScimEmail {
  value: string;
  type?: string;
  primary?: boolean;
  display?: string;
}

/** A User as this plane stores it: what a POST, a PUT or a patched resource says, read leniently. */
export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  name: ScimName;
  emails: ScimEmail[];
  active: boolean;
  enterprise: Record<string, unknown> | null;
}

/** Longest string attribute kept; a longer one is an invalid value, not silently cut. */
export const MAX_SCIM_STRING = 1024;
/**
 * And its most bytes in UTF-8: userName, the login email, externalId and a group's displayName
 * are in B-tree indexes, whose entries Postgres refuses beyond about 2,700 bytes, and 1,024
 * characters of CJK text are 3,072 bytes (it was a 500).
 */
export const MAX_SCIM_STRING_BYTES = 2048;

/** A string attribute within both limits, or 400 invalidValue naming it. */
export function assertScimString(value: string, name: string): string {
  if (value.length > MAX_SCIM_STRING || Buffer.byteLength(value, 'utf8') > MAX_SCIM_STRING_BYTES) {
    throw new ScimInvalidValue(`${name} is longer than ${MAX_SCIM_STRING} characters or ${MAX_SCIM_STRING_BYTES} bytes in UTF-8`);
  }
  return value;
}
/** Most emails a User may carry. */
const MAX_EMAILS = 20;
const ENTERPRISE_NAMES = new Set(ENTERPRISE_USER_ATTRIBUTES.map((a) => a.name));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Attribute names are case-insensitive (RFC 7643 2.1): the member of `o` named `name` in any case. */
export function member(o: Record<string, unknown>, name: string): unknown {
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(o)) if (key.toLowerCase() === lower) return o[key];
  return undefined;
}

/** A string attribute: absent, null or not a string reads as undefined (ignored); too long is 400. */
function text(o: Record<string, unknown>, name: string): string | undefined {
  const v = member(o, name);
  if (typeof v !== 'string') return undefined;
  return assertScimString(v, name);
}

/**
 * A boolean as Okta and Entra send it: true/false, or the strings "True"/"False" in any case.
 * Absent or null is undefined; anything else is 400 invalidValue.
 */
export function scimBoolean(v: unknown, name: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  throw new ScimInvalidValue(`${name} must be a boolean`);
}

function readName(v: unknown): ScimName {
  if (!isObject(v)) return {};
  const name: ScimName = {};
  for (const key of ['formatted', 'familyName', 'givenName'] as const) {
    const s = text(v, key);
    if (s !== undefined) name[key] = s;
  }
  return name;
}

function readEmails(v: unknown): ScimEmail[] {
  if (!Array.isArray(v)) return [];
  const emails: ScimEmail[] = [];
  for (const e of v) {
    if (!isObject(e)) continue;
    const value = text(e, 'value')?.trim();
    if (!value) continue;
    const email: ScimEmail = { value };
    const type = text(e, 'type');
    if (type !== undefined) email.type = type;
    const display = text(e, 'display');
    if (display !== undefined) email.display = display;
    const primary = scimBoolean(member(e, 'primary'), 'emails.primary');
    if (primary !== undefined) email.primary = primary;
    emails.push(email);
  }
  if (emails.length > MAX_EMAILS) throw new ScimInvalidValue(`at most ${MAX_EMAILS} emails`);
  return emails;
}

/** The known enterprise attributes as given (a manager as `{ value, $ref, displayName }`). */
function readEnterprise(v: unknown): Record<string, unknown> | null {
  if (!isObject(v)) return null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const canonical = [...ENTERPRISE_NAMES].find((n) => n.toLowerCase() === key.toLowerCase());
    if (!canonical) continue;
    const value = v[key];
    if (canonical === 'manager') {
      // Entra sets the manager as its id alone.
      if (typeof value === 'string' && value.trim()) {
        out.manager = { value: value.trim().slice(0, MAX_SCIM_STRING) };
        continue;
      }
      if (!isObject(value)) continue;
      const manager: Record<string, string> = {};
      for (const sub of ['value', '$ref', 'displayName']) {
        const s = text(value, sub);
        if (s !== undefined) manager[sub] = s;
      }
      if (Object.keys(manager).length > 0) out.manager = manager;
    } else if (typeof value === 'string') {
      out[canonical] = assertScimString(value, canonical);
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Reads a User resource (a POST or PUT body, or a resource after a PATCH). Unknown attributes and
 * nulls are ignored; `userName` must be a non-empty string; `active` defaults to true; a value of
 * the wrong type where one is expected (active, emails.primary) or an over-long string is 400
 * invalidValue; a body that is not a JSON object is 400 invalidSyntax.
 */
export function readUserInput(body: unknown): ScimUserInput {
  if (!isObject(body)) throw new ScimInvalidSyntax('the body must be a JSON object');
  const userName = text(body, 'userName')?.trim();
  if (!userName) throw new ScimInvalidValue('userName is required');
  return {
    userName,
    externalId: text(body, 'externalId') ?? null,
    displayName: text(body, 'displayName') ?? null,
    name: readName(member(body, 'name')),
    emails: readEmails(member(body, 'emails')),
    active: scimBoolean(member(body, 'active'), 'active') ?? true,
    enterprise: readEnterprise(member(body, ScimUrns.enterpriseUser)),
  };
}

/** The login email: the primary email, else the first, else the userName; trimmed and lower-cased. */
export function loginEmail(input: Pick<ScimUserInput, 'emails' | 'userName'>): string {
  const chosen = input.emails.find((e) => e.primary) ?? input.emails[0];
  return (chosen?.value ?? input.userName).trim().toLowerCase();
}

/** The account's display name: displayName, else the formatted or given and family name, else userName. */
export function accountName(input: ScimUserInput): string {
  const parts = [input.name.givenName, input.name.familyName].filter((s) => s && s.trim()).join(' ');
  const name = [input.displayName, input.name.formatted, parts, input.userName].find((s) => s && s.trim())!;
  return name.trim().slice(0, 120);
}
