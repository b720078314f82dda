import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { ScimAuth } from '../auth';
import { SCIM_COUNT_DEFAULT, SCIM_COUNT_MAX } from '../core/listing/scim-page';
import { CurrentScim, ScimPrincipal } from './scim-auth.strategy';
import { ScimGroupsService } from './scim-groups.service';
import {
  ApiScimBody,
  ApiScimConflict,
  ApiScimInvalid,
  ApiScimInvalidFilter,
  ApiScimNotFound,
  ApiScimOk,
  PATCH_OP_SCHEMA,
  SCIM_GROUP_LIST_SCHEMA,
  SCIM_GROUP_SCHEMA,
  ScimResource,
} from './scim-openapi';
import { excludes } from './scim-query';
import { SCIM_CONTENT_TYPE } from './scim-schemas';
import type { ScimListResponse } from '../core/listing/scim-page';
import type { ScimGroupResource } from './scim-resources';
import type { Response } from 'express';

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
  @ApiOperation({
    summary: 'List SCIM Groups',
    description:
      "The identity provider, with the workspace's SCIM token. A ListResponse of the workspace's Groups in creation order, paged like " +
      'Users (`startIndex` 1-based, `count` default 50, at most 100), members included unless `excludedAttributes=members`. `filter` is ' +
      'ignored unless the deployment sets `SCIM_GROUP_FILTERS=true`, which turns on `displayName eq` (any case) and `externalId eq` ' +
      '(exactly) with a quoted string, applied exactly; then a filter that cannot be parsed is 400 `invalidFilter`, as on Users, and ' +
      'any other filter is ignored.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery({
    name: 'filter',
    required: false,
    description:
      'ignored, unless SCIM_GROUP_FILTERS=true: then displayName eq and externalId eq with a JSON string value, applied exactly; ' +
      'a filter that cannot be parsed is 400 invalidFilter; any other filter is ignored',
  })
  @ApiQuery({ name: 'startIndex', required: false, description: '1-based, default 1' })
  @ApiQuery({ name: 'count', required: false, description: `default ${SCIM_COUNT_DEFAULT}, at most ${SCIM_COUNT_MAX}` })
  @ApiQuery(EXCLUDED)
  @ApiScimOk(200, 'a ListResponse in creation order', SCIM_GROUP_LIST_SCHEMA)
  @ApiScimInvalidFilter()
  list(@CurrentScim() scim: ScimPrincipal, @Query() query: Record<string, unknown>): Promise<ScimListResponse<ScimGroupResource>> {
    return this.groups.list(scim.workspaceId, query, !excludes(query, 'members'));
  }

  @ScimAuth()
  @Get(':id')
  @ApiOperation({
    summary: 'Get a SCIM Group',
    description:
      "SCIM token. The Group with that id in the token's workspace, with its members unless `excludedAttributes=members`; an unknown " +
      'id, one of another workspace or one that is not a UUID is 404.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimOk(200, 'the Group', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  get(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<ScimGroupResource> {
    return this.groups.get(scim.workspaceId, id, !excludes(query, 'members'));
  }

  @ScimAuth()
  @Post()
  @ApiOperation({
    summary: 'Create a SCIM Group',
    description:
      'SCIM token; body as `application/scim+json` or `application/json`. Creates the Group with `displayName` (required), ' +
      '`externalId` and `members` (User ids of this workspace; unknown or foreign ids are skipped) and answers 201 with it, its `meta` ' +
      'and a `Location` header. A `displayName` already used in the workspace is 409 `uniqueness`, a missing one 400 `invalidValue`, ' +
      'a body that is not an object 400 `invalidSyntax`; every write, refused or not, goes to the sync log.',
  })
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
  @ApiOperation({
    summary: 'Replace a SCIM Group',
    description:
      'SCIM token. Replaces `displayName`, `externalId` and `members` (omitted members: none); when an operator mapped the group to a ' +
      'role, the members who joined or left get their roles recomputed. 404 for an unknown id, 409 `uniqueness` for a `displayName` ' +
      'already used, 400 `invalidValue` or `invalidSyntax` for a bad body.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimBody(SCIM_GROUP_SCHEMA)
  @ApiScimOk(200, 'the Group', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  replace(
    @CurrentScim() scim: ScimPrincipal,
    @Param('id') id: string,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
  ): Promise<ScimGroupResource> {
    return this.groups.replace(scim.workspaceId, id, body, !excludes(query, 'members'));
  }

  /** members add/remove (value arrays or members[value eq "id"]) are row changes, not a rewrite of the list. */
  @ScimAuth()
  @Patch(':id')
  @ApiOperation({
    summary: 'Update a SCIM Group with PATCH operations',
    description:
      'SCIM token; a PatchOp message. `members` add, remove and replace (value arrays, or `members[value eq "<id>"]` for a remove) ' +
      'insert and delete membership rows rather than rewriting the list; other operations change `displayName` or ' +
      '`externalId`. Answers the Group (200); 404 for an unknown id, 409 `uniqueness`, 400 `mutability`, `noTarget`, `invalidValue` ' +
      'or `invalidSyntax` for operations that cannot apply.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery(EXCLUDED)
  @ApiScimBody(PATCH_OP_SCHEMA)
  @ApiScimOk(200, 'the Group after the operations', SCIM_GROUP_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  patch(
    @CurrentScim() scim: ScimPrincipal,
    @Param('id') id: string,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
  ): Promise<ScimGroupResource> {
    return this.groups.patch(scim.workspaceId, id, body, !excludes(query, 'members'));
  }

  /** Members lose the role the group granted. */
  @ScimAuth()
  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a SCIM Group',
    description:
      'SCIM token. Deletes the Group and answers 204; its members lose the role it granted (their roles are recomputed from their ' +
      'other groups). An unknown id is 404.',
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiScimNotFound()
  async delete(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<void> {
    await this.groups.delete(scim.workspaceId, id);
  }
}
