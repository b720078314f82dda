import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  type ApiBodyOptions,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiProduces,
  ApiResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ScimAttribute, ENTERPRISE_USER_ATTRIBUTES, GROUP_ATTRIBUTES, ScimUrns, USER_ATTRIBUTES } from './scim-schemas';

/** OpenAPI's schema object, as @nestjs/swagger types it (its interfaces are not exported). */
type SchemaObject = Exclude<Extract<ApiBodyOptions, { schema: unknown }>['schema'], { $ref: string }>;

/** An OpenAPI schema of SCIM attributes, from the same definitions /Schemas serves. */
function schemaOf(attributes: ScimAttribute[]): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  // A `$ref` sub-attribute (a member's URI) would read as a JSON reference to schema tools: it is
  // returned, and said in the parent's description, but not listed as a property.
  for (const a of attributes.filter((x) => x.name !== '$ref')) {
    const scalar: SchemaObject =
      a.type === 'complex'
        ? schemaOf(a.subAttributes ?? [])
        : { type: a.type === 'boolean' ? 'boolean' : 'string', ...(a.type === 'dateTime' && { format: 'date-time' }) };
    properties[a.name] = {
      ...(a.multiValued ? { type: 'array', items: scalar } : scalar),
      description: a.description,
      ...(a.mutability === 'readOnly' && { readOnly: true }),
    };
  }
  const required = attributes.filter((a) => a.required).map((a) => a.name);
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

const META: SchemaObject = {
  type: 'object',
  readOnly: true,
  properties: {
    resourceType: { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    lastModified: { type: 'string', format: 'date-time' },
    location: { type: 'string' },
    version: { type: 'string', description: 'W/"<n>", moves on every change' },
  },
};

const resource = (attributes: ScimAttribute[], extra: Record<string, SchemaObject> = {}): SchemaObject => {
  const base = schemaOf(attributes);
  return {
    ...base,
    properties: {
      schemas: { type: 'array', items: { type: 'string' } },
      id: { type: 'string', format: 'uuid', readOnly: true },
      ...base.properties,
      ...extra,
      meta: META,
    },
  };
};

export const SCIM_USER_SCHEMA = resource(USER_ATTRIBUTES, { [ScimUrns.enterpriseUser]: schemaOf(ENTERPRISE_USER_ATTRIBUTES) });
export const SCIM_GROUP_SCHEMA = resource(GROUP_ATTRIBUTES);

const listOf = (item: SchemaObject): SchemaObject => ({
  type: 'object',
  properties: {
    schemas: { type: 'array', items: { type: 'string', example: 'urn:ietf:params:scim:api:messages:2.0:ListResponse' } },
    totalResults: { type: 'integer' },
    startIndex: { type: 'integer', description: '1-based' },
    itemsPerPage: { type: 'integer', description: 'Resources returned, never more than 100' },
    Resources: { type: 'array', items: item },
  },
});
export const SCIM_USER_LIST_SCHEMA = listOf(SCIM_USER_SCHEMA);
export const SCIM_GROUP_LIST_SCHEMA = listOf(SCIM_GROUP_SCHEMA);

const SCIM_ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    schemas: { type: 'array', items: { type: 'string', example: ScimUrns.error } },
    status: { type: 'string', description: 'the HTTP status, as a string (RFC 7644 3.12)' },
    scimType: { type: 'string', enum: ['uniqueness', 'invalidFilter', 'invalidValue', 'invalidSyntax', 'noTarget', 'mutability'] },
    detail: { type: 'string' },
  },
};

export const PATCH_OP_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['Operations'],
  properties: {
    schemas: { type: 'array', items: { type: 'string', example: ScimUrns.patchOp } },
    Operations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op'],
        properties: {
          op: { type: 'string', description: 'add, remove or replace, in any case' },
          path: { type: 'string', description: 'e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"]' },
          value: { description: 'any JSON value; a path-less add or replace takes an object of attributes' },
        },
      },
    },
  },
};

const error = (description: string) => ({ description, content: { 'application/scim+json': { schema: SCIM_ERROR_SCHEMA } } });

/** Class-level documentation of every SCIM route: the tag, the media type, the 401. */
export const ScimResource = () =>
  applyDecorators(ApiTags('scim'), ApiProduces('application/scim+json'), ApiUnauthorizedResponse(error('no valid SCIM token')));

export const ApiScimBody = (schema: SchemaObject) =>
  applyDecorators(ApiConsumes('application/scim+json', 'application/json'), ApiBody({ schema }));

export const ApiScimOk = (status: number, description: string, schema: SchemaObject) =>
  ApiResponse({ status, description, content: { 'application/scim+json': { schema } } });

export const ApiScimNotFound = () => ApiNotFoundResponse(error('unknown id, or not in this workspace'));
export const ApiScimInvalid = () => ApiBadRequestResponse(error('invalidValue, invalidSyntax, noTarget or mutability'));
export const ApiScimInvalidFilter = () =>
  ApiBadRequestResponse(error('invalidFilter: a filter that cannot be parsed (RFC 7644 3.4.2.2 with JSON strings), or is given twice'));
export const ApiScimConflict = () => ApiConflictResponse(error('uniqueness'));
export const ApiScimOwner = () => ApiForbiddenResponse(error("the workspace owner's membership cannot be suspended or removed"));
