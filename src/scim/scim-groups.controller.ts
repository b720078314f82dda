import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Response } from 'express';
import { ScimAuth } from '../auth';
import type { ScimListResponse } from '../core/listing/scim-page';
import { CurrentScim, ScimPrincipal } from './scim-auth.strategy';
import { ApiScimBody, ApiScimConflict, ApiScimInvalid, ApiScimNotFound, ApiScimOk, PATCH_OP_SCHEMA, SCIM_GROUP_LIST_SCHEMA, SCIM_GROUP_SCHEMA, ScimResource } from './scim-openapi';
import { excludes } from './scim-query';
import type { ScimGroupResource } from './scim-resources';
import { SCIM_CONTENT_TYPE } from './scim-schemas';
import { ScimGroupsService } from './scim-groups.service';

const EXCLUDED = { name: 'excludedAttributes', required: false, description: 'members: leave the members out of the response' };

/**
 * /scim/v2/Groups. Members are User ids of the token's workspace (others are skipped); every
 * response leaves `members` out when the request says `excludedAttributes=members`.
 */
@ScimResource()
@Controller('scim/v2/Groups')
export class ScimGroupsController {
  constructor(private readonly groups: ScimGroupsService) {}

  @ScimAuth()
  @Get()
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery({ name: 'filter', required: false, description: 'ignored, unless SCIM_GROUP_FILTERS=true: then displayName eq and externalId eq' })
  @ApiQuery({ name: 'startIndex', required: false, description: '1-based, default 1' })
  @ApiQuery({ name: 'count', required: false, description: 'default 50, at most 100' })
  @ApiQuery(EXCLUDED)
  @ApiScimOk(200, 'a ListResponse in creation order', SCIM_GROUP_LIST_SCHEMA)
  list(@CurrentScim() scim: ScimPrincipal, @Query() query: Record<string, unknown>): Promise<ScimListResponse<ScimGroupResource>> {
    return this.groups.list(scim.workspaceId, query, !excludes(query, 'members'));
  }

  @ScimAuth()
  @Get(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimOk(200, 'the Group', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  get(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<ScimGroupResource> {
    return this.groups.get(scim.workspaceId, id, !excludes(query, 'members'));
  }

  @ScimAuth()
  @Post()
  @HttpCode(201)
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimBody(SCIM_GROUP_SCHEMA)
  @ApiScimOk(201, 'the Group, with Location', SCIM_GROUP_SCHEMA)
  @ApiScimInvalid()
  @ApiScimConflict()
  async create(
    @CurrentScim() scim: ScimPrincipal,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScimGroupResource> {
    const group = await this.groups.create(scim.workspaceId, body, !excludes(query, 'members'));
    res.setHeader('location', group.meta.location);
    return group;
  }

  @ScimAuth()
  @Put(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimBody(SCIM_GROUP_SCHEMA)
  @ApiScimOk(200, 'the Group', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  replace(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<ScimGroupResource> {
    return this.groups.replace(scim.workspaceId, id, body, !excludes(query, 'members'));
  }

  /** members add/remove (value arrays or members[value eq "id"]) are row changes, not a rewrite of the list. */
  @ScimAuth()
  @Patch(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimBody(PATCH_OP_SCHEMA)
  @ApiScimOk(200, 'the Group after the operations', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  patch(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<ScimGroupResource> {
    return this.groups.patch(scim.workspaceId, id, body, !excludes(query, 'members'));
  }

  /** Members lose the role the group granted. */
  @ScimAuth()
  @Delete(':id')
  @HttpCode(204)
  @ApiScimOk(204, 'deleted', { type: 'object' })
  @ApiScimNotFound()
  async delete(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<void> {
    await this.groups.delete(scim.workspaceId, id);
  }
}
