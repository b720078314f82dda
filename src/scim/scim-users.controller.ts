import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { ScimAuth } from '../auth';
import { SCIM_COUNT_DEFAULT, SCIM_COUNT_MAX } from '../core/listing/scim-page';
import { CurrentScim, ScimPrincipal } from './scim-auth.strategy';
import {
  ApiScimBody,
  ApiScimConflict,
  ApiScimInvalid,
  ApiScimInvalidFilter,
  ApiScimNotFound,
  ApiScimOk,
  ApiScimOwner,
  PATCH_OP_SCHEMA,
  SCIM_USER_LIST_SCHEMA,
  SCIM_USER_SCHEMA,
  ScimResource,
} from './scim-openapi';
import { SCIM_CONTENT_TYPE } from './scim-schemas';
import { ScimUsersService } from './scim-users.service';
import type { ScimListResponse } from '../core/listing/scim-page';
import type { ScimUserResource } from './scim-resources';
import type { Response } from 'express';

/** /scim/v2/Users (RFC 7644): the token's workspace only; ids of other workspaces are 404. */
@ScimResource()
@Controller('scim/v2/Users')
export class ScimUsersController {
  constructor(private readonly users: ScimUsersService) {}

  @ScimAuth()
  @Get()
  @ApiOperation({
    summary: 'List SCIM Users',
    description:
      "The identity provider, with the workspace's SCIM token (`Authorization: Bearer scim_...`). A ListResponse of the workspace's " +
      'SCIM Users (provisioned, or linked by email to an existing account) in creation order: `startIndex` is 1-based (below 1 reads ' +
      'as 1), `count` defaults to 50 (above 100 reads as 100, negative as 0). `filter` supports `userName eq`, `emails.value eq` ' +
      '(also `emails[type eq "work"].value eq`) and `externalId eq` with a quoted string (JSON escapes such as `\\\\` and `\\"`), ' +
      'applied exactly: userName and emails compared case-insensitively, externalId exactly. A filter that cannot be parsed (an ' +
      'unterminated string, an escape JSON does not have, a NUL, unbalanced parentheses or brackets, a missing operator or value, ' +
      'more after a complete filter, `filter` given twice) is 400 `invalidFilter`, never the unfiltered list; any other filter ' +
      '(another attribute or operator, `and`/`or`/`not`, an unquoted value) is ignored: the unfiltered list.',
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiQuery({
    name: 'filter',
    required: false,
    description:
      'userName eq, emails.value eq (or emails[type eq "work"].value eq), externalId eq, with a JSON string value, applied exactly; ' +
      'a filter that cannot be parsed is 400 invalidFilter; any other filter is ignored',
  })
  @ApiQuery({ name: 'startIndex', required: false, description: '1-based, default 1; below 1 reads as 1' })
  @ApiQuery({
    name: 'count',
    required: false,
    description: `default ${SCIM_COUNT_DEFAULT}, above ${SCIM_COUNT_MAX} reads as ${SCIM_COUNT_MAX}, negative as 0`,
  })
  @ApiScimOk(200, 'a ListResponse in creation order', SCIM_USER_LIST_SCHEMA)
  @ApiScimInvalidFilter()
  list(@CurrentScim() scim: ScimPrincipal, @Query() query: Record<string, unknown>): Promise<ScimListResponse<ScimUserResource>> {
    return this.users.list(scim.workspaceId, query);
  }

  @ScimAuth()
  @Get(':id')
  @ApiOperation({
    summary: 'Get a SCIM User',
    description:
      "SCIM token. The User with that id in the token's workspace; an unknown id, one of another workspace or one that is not a UUID is 404.",
  })
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimOk(200, 'the User', SCIM_USER_SCHEMA)
  @ApiScimNotFound()
  get(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<ScimUserResource> {
    return this.users.get(scim.workspaceId, id);
  }

  /** Links to the account with the login email, or creates a SCIM-managed account without a password. */
  @ScimAuth()
  @Post()
  @ApiOperation({
    summary: 'Provision a SCIM User',
    description:
      'SCIM token; body as `application/scim+json` or `application/json`, unknown attributes and nulls ignored. Links the User to the ' +
      'account whose email is its login email (the primary email, else the first, else `userName`) or creates a SCIM-managed account ' +
      'without a password (its owner sets one through forgot-password), with a membership in the workspace that `active: false` suspends. ' +
      'Answers 201 with the User, its `meta` and a `Location` header; a `userName` or login email another SCIM User of the workspace ' +
      'already has is 409 `uniqueness`, a missing `userName` or a value of the wrong type 400 `invalidValue`, a body that is not an ' +
      "object 400 `invalidSyntax`, and suspending the workspace owner's membership 403. Every write, refused or not, goes to the sync log.",
  })
  @HttpCode(201)
  @Header('content-type', SCIM_CONTENT_TYPE)
  @ApiScimBody(SCIM_USER_SCHEMA)
  @ApiScimOk(201, 'the User, with Location', SCIM_USER_SCHEMA)
  @ApiScimInvalid()
  @ApiScimConflict()
  @ApiScimOwner()
  async create(
    @CurrentScim() scim: ScimPrincipal,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScimUserResource> {
    const user = await this.users.create(scim.workspaceId, body);
    res.setHeader('location', user.meta.location);
    return user;
  }

  /** Replaces every writable attribute; one the body omits is cleared. */
  @ScimAuth()
  @Put(':id')
  @ApiOperation({
    summary: 'Replace a SCIM User',
    description:
      'SCIM token. Replaces every writable attribute (`userName`, `name`, `displayName`, `emails`, `active`, `externalId`, the ' +
      'enterprise extension): one the body omits is cleared, and `active` defaults to true. `active: false` suspends the workspace ' +
      "membership and, for an account this workspace's SCIM created, the account too (sessions ended, live sockets closed, reset links " +
      'invalidated, log-in refused); `active: true` reinstates, and a changed login email of such an account becomes its log-in email. ' +
      "404 for an unknown id, 409 `uniqueness`, 400 `invalidValue` or `invalidSyntax`, and 403 for the workspace owner's membership, as on create.",
  })
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
  @ApiOperation({
    summary: 'Update a SCIM User with PATCH operations',
    description:
      'SCIM token; a PatchOp message as Okta and Entra send it: op names in any case, `"True"`/`"False"` strings for booleans, ' +
      'path-less `replace` with dotted keys (`name.givenName`), value-path filters (`emails[type eq "work"].value`). The operations ' +
      'are applied to the current User and the result is stored as a replace (with the same effects of `active`) and answered (200). ' +
      'A read-only path is 400 `mutability`, a `remove` without a path 400 `noTarget`, a malformed message 400 `invalidSyntax`; 404, ' +
      '409 and 403 as for a replace.',
  })
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
  @ApiOperation({
    summary: 'Deprovision a SCIM User',
    description:
      'SCIM token. Removes the SCIM User, its membership in the workspace and its group memberships, and answers 204; a SCIM-managed ' +
      'account left without any membership is suspended (sessions ended, live sockets closed). A later GET is 404, as is an unknown id; ' +
      "the workspace owner's membership cannot be removed (403).",
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiScimNotFound()
  @ApiScimOwner()
  async delete(@CurrentScim() scim: ScimPrincipal, @Param('id') id: string): Promise<void> {
    await this.users.delete(scim.workspaceId, id);
  }
}
