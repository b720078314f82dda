import { Controller, Get, Header, Param } from '@nestjs/common';
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
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'patch and filter supported (maxResults 100); bulk, sort, etag and changePassword not', { type: 'object' })
  serviceProviderConfig() {
    return serviceProviderConfig(this.config.baseUrl);
  }

  @ScimAuth()
  @Get('ResourceTypes')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'User and Group', { type: 'object' })
  resourceTypes() {
    return listOf(resourceTypeResources(this.config.baseUrl));
  }

  @ScimAuth()
  @Get('ResourceTypes/:id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'one resource type', { type: 'object' })
  @ApiScimNotFound()
  resourceType(@Param('id') id: string) {
    return this.one(resourceTypeResources(this.config.baseUrl), id);
  }

  @ScimAuth()
  @Get('Schemas')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'the User, enterprise User and Group schemas, every attribute the resources return', { type: 'object' })
  schemas() {
    return listOf(schemaResources(this.config.baseUrl));
  }

  @ScimAuth()
  @Get('Schemas/:id')
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
