import { userResource, groupResource } from './scim-resources';
import {
  COMMON_ATTRIBUTE_NAMES,
  ENTERPRISE_USER_ATTRIBUTES,
  GROUP_ATTRIBUTES,
  ScimAttribute,
  ScimUrns,
  USER_ATTRIBUTES,
} from './scim-schemas';

/** Every attribute path a value carries, `a`, `a.b` (arrays read through). */
function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => paths(v, prefix));
  if (typeof value !== 'object' || value === null) return prefix ? [prefix] : [];
  return Object.entries(value).flatMap(([k, v]) => [prefix ? `${prefix}.${k}` : k, ...paths(v, prefix ? `${prefix}.${k}` : k)]);
}
function declared(attributes: ScimAttribute[], prefix = ''): string[] {
  return attributes.flatMap((a) => [prefix + a.name, ...declared(a.subAttributes ?? [], `${prefix}${a.name}.`)]);
}

const now = new Date();
const row = {
  id: 'u1',
  workspace_id: 'w',
  user_id: 'a',
  user_name: 'ada',
  external_id: 'x',
  display_name: 'Ada',
  name: { givenName: 'Ada', familyName: 'L', formatted: 'Ada L' },
  emails: [{ value: 'a@x.io', type: 'work', primary: true, display: 'Work' }],
  enterprise: {
    department: 'D',
    employeeNumber: '1',
    costCenter: 'C',
    organization: 'O',
    division: 'V',
    manager: { value: 'm', $ref: 'r', displayName: 'M' },
  },
  active: true,
  version: 3,
  inserted_at: now,
  updated_at: now,
  groups: [{ value: 'g1', display: 'Eng' }],
};

describe('/Schemas describes exactly what the resources return', () => {
  it('every attribute of a full User is declared in the User or enterprise schema', () => {
    const resource = userResource(row, 'https://ans.example');
    const core = new Set([...COMMON_ATTRIBUTE_NAMES, ...declared(USER_ATTRIBUTES)]);
    const { [ScimUrns.enterpriseUser]: enterprise, ...rest } = resource as Record<string, unknown>;
    const undeclared = paths(rest).filter((p) => !core.has(p) && !p.startsWith('meta.'));
    expect(undeclared).toEqual([]);
    expect(paths(enterprise).filter((p) => !declared(ENTERPRISE_USER_ATTRIBUTES).includes(p))).toEqual([]);
    expect(resource.schemas).toEqual([ScimUrns.user, ScimUrns.enterpriseUser]);
  });

  it('every attribute of a Group is declared in the Group schema', () => {
    const resource = groupResource(
      { id: 'g', workspace_id: 'w', display_name: 'Eng', external_id: 'e', role: null, version: 1, inserted_at: now, updated_at: now },
      [{ value: 'u1', display: 'Ada' }],
      'https://ans.example',
    );
    const known = new Set([...COMMON_ATTRIBUTE_NAMES, ...declared(GROUP_ATTRIBUTES)]);
    expect(paths(resource).filter((p) => !known.has(p) && !p.startsWith('meta.'))).toEqual([]);
  });

  it('required attributes are userName and Group displayName only', () => {
    expect(USER_ATTRIBUTES.filter((a) => a.required).map((a) => a.name)).toEqual(['userName']);
    expect(GROUP_ATTRIBUTES.filter((a) => a.required).map((a) => a.name)).toEqual(['displayName']);
  });

  it('a User without values leaves them out, and has no extension schema', () => {
    const bare = userResource(
      { ...row, external_id: null, display_name: null, name: {}, enterprise: null, groups: [] },
      'https://ans.example',
    );
    expect(Object.keys(bare)).toEqual(['schemas', 'id', 'userName', 'emails', 'active', 'groups', 'meta']);
    expect(bare.schemas).toEqual([ScimUrns.user]);
  });
});
