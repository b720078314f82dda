import { SCIM_COUNT_MAX } from '../core/listing/scim-page';

/** The schema URNs of RFC 7643/7644 this plane speaks, declared once. */
export const ScimUrns = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** An attribute definition of RFC 7643 section 7, as /Schemas lists it. */
export interface ScimAttribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: ScimAttribute[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

const attr = (name: string, description: string, opts: Partial<ScimAttribute> = {}): ScimAttribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...opts,
});

const memberRef = (what: string, referenceTypes: string[]) => [
  attr('value', `the id of the ${what}`, { mutability: 'immutable' }),
  attr('$ref', `the URI of the ${what}`, { type: 'reference', referenceTypes, mutability: 'immutable' }),
  attr('display', `the ${what}'s display name`, { mutability: 'readOnly' }),
];

/**
 * Every attribute a User resource carries (scim-resources.ts returns exactly these; a unit test
 * holds the two together). Anything else a provider sends is ignored.
 */
export const USER_ATTRIBUTES: ScimAttribute[] = [
  attr('userName', 'unique per workspace, compared case-insensitively', { required: true, uniqueness: 'server' }),
  attr('externalId', "the identity provider's id for the user", { caseExact: true }),
  attr('name', "the user's name", {
    type: 'complex',
    subAttributes: [
      attr('formatted', 'the full name, formatted for display'),
      attr('familyName', 'the family name'),
      attr('givenName', 'the given name'),
    ],
  }),
  attr('displayName', 'the name shown to operators'),
  attr('emails', 'email addresses; the primary one (else the first, else userName) is the login email', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'the email address'),
      attr('type', 'work, home or other', { canonicalValues: ['work', 'home', 'other'] }),
      attr('primary', 'whether this is the login email', { type: 'boolean' }),
      attr('display', 'a display label'),
    ],
  }),
  attr('active', 'false suspends the membership in this workspace (and an account SCIM created)', { type: 'boolean' }),
  attr('groups', 'the groups the user belongs to (change them through /Groups)', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: memberRef('group', ['Group']).map((a) => ({ ...a, mutability: 'readOnly' as const })),
  }),
];

/** The enterprise extension, stored and returned as given. */
export const ENTERPRISE_USER_ATTRIBUTES: ScimAttribute[] = [
  attr('employeeNumber', 'employee number'),
  attr('costCenter', 'cost center'),
  attr('organization', 'organization'),
  attr('division', 'division'),
  attr('department', 'department'),
  attr('manager', "the user's manager", {
    type: 'complex',
    subAttributes: [
      attr('value', "the manager's id"),
      attr('$ref', "the manager's URI", { type: 'reference', referenceTypes: ['User'] }),
      attr('displayName', "the manager's display name", { mutability: 'readOnly' }),
    ],
  }),
];

export const GROUP_ATTRIBUTES: ScimAttribute[] = [
  attr('displayName', 'unique per workspace, compared case-insensitively', { required: true, uniqueness: 'server' }),
  attr('externalId', "the identity provider's id for the group", { caseExact: true }),
  attr('members', 'the users in the group (ids of this workspace; others are skipped)', {
    type: 'complex',
    multiValued: true,
    subAttributes: memberRef('user', ['User']),
  }),
];

/** Attributes every resource has (RFC 7643 section 3.1); not repeated in each schema. */
export const COMMON_ATTRIBUTE_NAMES = ['schemas', 'id', 'meta'] as const;

const schemaResource = (id: string, name: string, description: string, attributes: ScimAttribute[], baseUrl: string) => ({
  schemas: [ScimUrns.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `${baseUrl}/scim/v2/Schemas/${id}` },
});

export function schemaResources(baseUrl: string) {
  return [
    schemaResource(ScimUrns.user, 'User', 'An operator of the workspace', USER_ATTRIBUTES, baseUrl),
    schemaResource(ScimUrns.enterpriseUser, 'EnterpriseUser', 'Enterprise attributes, kept as given', ENTERPRISE_USER_ATTRIBUTES, baseUrl),
    schemaResource(ScimUrns.group, 'Group', 'A group of users; an operator may map it to a workspace role', GROUP_ATTRIBUTES, baseUrl),
  ];
}

export function resourceTypeResources(baseUrl: string) {
  return [
    {
      schemas: [ScimUrns.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'An operator of the workspace',
      schema: ScimUrns.user,
      schemaExtensions: [{ schema: ScimUrns.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/scim/v2/ResourceTypes/User` },
    },
    {
      schemas: [ScimUrns.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of users',
      schema: ScimUrns.group,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/scim/v2/ResourceTypes/Group` },
    },
  ];
}

/** API.md: patch and filter supported, maxResults 100; bulk, sort, etag and changePassword not. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [ScimUrns.serviceProviderConfig],
    documentationUri: `${baseUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_COUNT_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'SCIM bearer token',
        description: 'Authorization: Bearer <token>, a token created at /app/admin; tokens never expire',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/scim/v2/ServiceProviderConfig` },
  };
}
