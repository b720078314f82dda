import { ScimUrns } from './scim-schemas';
import type { GroupMember, ScimGroupRow } from './scim-groups.repository';
import type { ScimUserRow } from './scim-users.repository';
import type { ScimMeta } from 'scim-patch';

const iso = (d: Date | string) => new Date(d).toISOString();

export interface ScimResourceMeta {
  resourceType: 'User' | 'Group';
  created: string;
  lastModified: string;
  location: string;
  version: string;
}

function meta(
  resourceType: 'User' | 'Group',
  row: { id: string; inserted_at: Date; updated_at: Date; version: number },
  baseUrl: string,
): ScimResourceMeta {
  return {
    resourceType,
    created: iso(row.inserted_at),
    lastModified: iso(row.updated_at),
    location: `${baseUrl}/scim/v2/${resourceType}s/${row.id}`,
    version: `W/"${row.version}"`,
  };
}

/** Drops unassigned attributes: SCIM omits what has no value. */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

/** A User resource: exactly the attributes of USER_ATTRIBUTES (and the extension when set). */
export function userResource(row: ScimUserRow, baseUrl: string) {
  return {
    schemas: row.enterprise ? [ScimUrns.user, ScimUrns.enterpriseUser] : [ScimUrns.user],
    id: row.id,
    ...present({
      externalId: row.external_id,
      userName: row.user_name,
      name: row.name,
      displayName: row.display_name,
    }),
    emails: row.emails,
    active: row.active,
    groups: row.groups.map((g) => ({ value: g.value, display: g.display, $ref: `${baseUrl}/scim/v2/Groups/${g.value}` })),
    ...(row.enterprise && { [ScimUrns.enterpriseUser]: row.enterprise }),
    meta: meta('User', row, baseUrl),
  };
}

export type ScimUserResource = ReturnType<typeof userResource>;

/** A Group resource; `members` left out when the request says `excludedAttributes=members`. */
export function groupResource(row: ScimGroupRow, members: GroupMember[] | undefined, baseUrl: string) {
  return {
    schemas: [ScimUrns.group],
    id: row.id,
    displayName: row.display_name,
    ...present({ externalId: row.external_id }),
    ...(members && {
      members: members.map((m) => ({ value: m.value, display: m.display, $ref: `${baseUrl}/scim/v2/Users/${m.value}` })),
    }),
    meta: meta('Group', row, baseUrl),
  };
}

export type ScimGroupResource = ReturnType<typeof groupResource>;

/** scim-patch's view of a resource's meta: it only needs the two dates. */
export const patchMeta = (m: ScimResourceMeta): ScimMeta => ({
  ...m,
  created: new Date(m.created),
  lastModified: new Date(m.lastModified),
});
