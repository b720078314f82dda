import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ScimAuth } from '../auth';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { SCIM_LIST_RESPONSE } from '../core/listing/scim-page';
import { ApiScimNotFound, ApiScimOk, ScimResource } from './scim-openapi';
import { resourceTypeResources, SCIM_CONTENT_TYPE, schemaResources, serviceProviderConfig } from './scim-schemas';

const listOf = <T>(resources: T[]) => ({
  schemas: [SCIM_LIST_RESPONSE],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** Discovery (RFC 7644 section 4), from the same definitions the resources are built on. */
@ScimResource()
@Controller('scim/v2')
export class ScimDiscoveryController {
  constructor(private readonly config: AppConfig) {}

  @ScimAuth()
  @Get('ServiceProviderConfig')
  @ApiOperation({
    summary: 'Get the SCIM service provider configuration',
    description:
      'SCIM token. What this SCIM service supports (RFC 7643 section 5): PATCH and filtering (at most 100 results a page); bulk, ' +
      "sorting, ETags and password change are not supported. The authentication scheme is the workspace's SCIM bearer token.",
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'patch and filter supported (maxResults 100); bulk, sort, etag and changePassword not', { type: 'object' })
  serviceProviderConfig() {
    return serviceProviderConfig(this.config.baseUrl);
  }

  @ScimAuth()
  @Get('ResourceTypes')
  @ApiOperation({
    summary: 'List the SCIM resource types',
    description:
      'SCIM token. A ListResponse of the two resource types, User (with the enterprise User extension) and Group, with their endpoints and schemas.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'User and Group', { type: 'object' })
  resourceTypes() {
    return listOf(resourceTypeResources(this.config.baseUrl));
  }

  @ScimAuth()
  @Get('ResourceTypes/:id')
  @ApiOperation({
    summary: 'Get a SCIM resource type',
    description: 'SCIM token. One resource type by its id, `User` or `Group`; any other id is 404.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'one resource type', { type: 'object' })
  @ApiScimNotFound()
  resourceType(@Param('id') id: string) {
    return this.one(resourceTypeResources(this.config.baseUrl), id);
  }

  @ScimAuth()
  @Get('Schemas')
  @ApiOperation({
    summary: 'List the SCIM schemas',
    description:
      'SCIM token. A ListResponse of the User, enterprise User and Group schemas, listing every attribute the resources return ' +
      "(`userName` and the Group's `displayName` required), from the same definitions the resources are built on.",
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'the User, enterprise User and Group schemas, every attribute the resources return', { type: 'object' })
  schemas() {
    return listOf(schemaResources(this.config.baseUrl));
  }

  @ScimAuth()
  @Get('Schemas/:id')
  @ApiOperation({
    summary: 'Get a SCIM schema',
    description: 'SCIM token. One schema by its URN, e.g. `urn:ietf:params:scim:schemas:core:2.0:User`; any other id is 404.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'one schema, by its URN', { type: 'object' })
  @ApiScimNotFound()
  schema(@Param('id') id: string) {
    return this.one(schemaResources(this.config.baseUrl), id);
  }

  private one<T extends { id: string }>(resources: T[], id: string): T {
    const found = resources.find((r) => r.id === id);
    if (!found) throw new NotFoundProblem();
    return found;
  }
}
