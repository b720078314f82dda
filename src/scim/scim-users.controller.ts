import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Response } from 'express';
import { ScimAuth } from '../auth';
import type { ScimListResponse } from '../core/listing/scim-page';
import { CurrentScim, ScimPrincipal } from './scim-auth.strategy';
import {
  ApiScimBody,
  ApiScimConflict,
  ApiScimInvalid,
  ApiScimNotFound,
  ApiScimOk,
  ApiScimOwner,
  PATCH_OP_SCHEMA,
  SCIM_USER_LIST_SCHEMA,
  SCIM_USER_SCHEMA,
  ScimResource,
} from './scim-openapi';
import type { ScimUserResource } from './scim-resources';
import { SCIM_CONTENT_TYPE } from './scim-schemas';
import { ScimUsersService } from './scim-users.service';

/** /scim/v2/Users (RFC 7644): the token's workspace only; ids of other workspaces are 404. */
@ScimResource()
@Controller('scim/v2/Users')
export class ScimUsersController {
  constructor(private readonly users: ScimUsersService) {}

  @ScimAuth()
  @Get()
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery({ name: 'filter', required: false, description: 'userName eq, emails.value eq (or emails[type eq "work"].value eq), externalId eq; anything else is ignored' })
  @ApiQuery({ name: 'startIndex', required: false, description: '1-based, default 1; below 1 reads as 1' })
  @ApiQuery({ name: 'count', required: false, description: 'default 50, above 100 reads as 100, negative as 0' })
  @ApiScimOk(200, 'a ListResponse in creation order', SCIM_USER_LIST_SCHEMA)
  list(@CurrentScim() scim: ScimPrincipal, @Query() query: Record<string, unknown>): Promise<ScimListResponse<ScimUserResource>> {
    return this.users.list(scim.workspaceId, query);
  }

  @ScimAuth()
  @Get(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'the User', SCIM_USER_SCHEMA)
  @ApiScimNotFound()
  get(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<ScimUserResource> {
    return this.users.get(scim.workspaceId, id);
  }

  /** Links to the account with the login email, or creates a SCIM-managed account without a password. */
  @ScimAuth()
  @Post()
  @HttpCode(201)
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimBody(SCIM_USER_SCHEMA)
  @ApiScimOk(201, 'the User, with Location', SCIM_USER_SCHEMA)
  @ApiScimInvalid()
  @ApiScimConflict()
  @ApiScimOwner()
  async create(@CurrentScim() scim: ScimPrincipal, @Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<ScimUserResource> {
    const user = await this.users.create(scim.workspaceId, body);
    res.setHeader('location', user.meta.location);
    return user;
  }

  /** Replaces every writable attribute; one the body omits is cleared. */
  @ScimAuth()
  @Put(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimBody(SCIM_USER_SCHEMA)
  @ApiScimOk(200, 'the User', SCIM_USER_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  @ApiScimOwner()
  replace(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Body() body: unknown): Promise<ScimUserResource> {
    return this.users.replace(scim.workspaceId, id, body);
  }

  @ScimAuth()
  @Patch(':id')
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimBody(PATCH_OP_SCHEMA)
  @ApiScimOk(200, 'the User after the operations', SCIM_USER_SCHEMA)
  @ApiScimNotFound()
  @ApiScimInvalid()
  @ApiScimConflict()
  @ApiScimOwner()
  patch(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string, @Body() body: unknown): Promise<ScimUserResource> {
    return this.users.patch(scim.workspaceId, id, body);
  }

  /** Removes the User, its membership and its group memberships; GET is 404 after. */
  @ScimAuth()
  @Delete(':id')
  @HttpCode(204)
  @ApiScimOk(204, 'deleted', { type: 'object' })
  @ApiScimNotFound()
  @ApiScimOwner()
  async delete(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<void> {
    await this.users.delete(scim.workspaceId, id);
  }
}
