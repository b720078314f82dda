import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import {
  CreateScimTokenDto,
  IssuedScimTokenEnvelopeDto,
  MapScimGroupDto,
  SCIM_EVENT_LIST,
  SCIM_GROUP_LIST,
  SCIM_TOKEN_LIST,
  ScimGroupEnvelopeDto,
  ScimGroupListDto,
  ScimSyncEventListDto,
  ScimTokenListDto,
} from './dto/scim-operator.dto';
import { ScimConsoleService } from './scim-console.service';
import { ScimTokensService } from './scim-tokens.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** The SCIM plane as operators manage it (owners and admins): tokens, group roles, the sync log. */
@OperatorResource()
@Controller('api/v1/operator')
export class ScimOperatorController {
  constructor(
    private readonly tokens: ScimTokensService,
    private readonly console: ScimConsoleService,
  ) {}

  /** The token is in this response only. */
  @OperatorAuth({ role: 'admin', person: true })
  @Post('scim_tokens')
  @ApiOperation({
    summary: 'Create a SCIM token',
    description:
      "Owners and admins (session cookie). Creates a SCIM token (`scim_...`) for the workspace's identity provider and answers 201 " +
      'with it, the only time the token is shown; only its SHA-256 is stored and it never expires (rotate by creating a new one and ' +
      'revoking the old). An invalid `name` (1 to 120 characters, default `SCIM token`) or any other field is 422 `validation_failed`.',
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedScimTokenEnvelopeDto })
  @ApiInvalidBody()
  async createToken(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: CreateScimTokenDto,
  ): Promise<IssuedScimTokenEnvelopeDto> {
    return { scim_token: await this.tokens.create(op.workspaceId, op.userId, dto.name) };
  }

  /** Live tokens, without secrets, with when each was last used. */
  @OperatorAuth({ role: 'admin', person: true })
  @Get('scim_tokens')
  @ApiOperation({
    summary: "List the workspace's SCIM tokens",
    description:
      'Owners and admins (session cookie). The live (unrevoked) SCIM tokens of the workspace, newest first, without their secrets, each with ' +
      '`last_used_at` (written at most once a minute per token). Paged with `limit` (1 to 100, default 50) and `offset` (0 to 10000); ' +
      'a value out of range is 400 `invalid_limit` or `invalid_offset`.',
  })
  @ApiList(SCIM_TOKEN_LIST)
  @ApiOkResponse({ type: ScimTokenListDto })
  listTokens(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimTokenListDto> {
    return this.tokens.list(op.workspaceId, parseList(SCIM_TOKEN_LIST, query));
  }

  /** Revokes at once: the next SCIM request with the token is 401. */
  @OperatorAuth({ role: 'admin', person: true })
  @Delete('scim_tokens/:id')
  @ApiOperation({
    summary: 'Revoke a SCIM token',
    description:
      'Owners and admins (session cookie). Revokes the token at once: the next SCIM request made with it is 401. Answers 204; an unknown, already ' +
      "revoked or other workspace's token, or an id that is not a UUID, is 404 `not_found`.",
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'revoked' })
  @ApiNotInWorkspace()
  async revokeToken(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Get('scim_groups')
  @ApiOperation({
    summary: 'List the SCIM groups and the roles they grant',
    description:
      'Owners and admins (session cookie). The groups the identity provider pushed to `/scim/v2/Groups`, newest first, each with its member count and ' +
      'the workspace role it grants (`admin`, `member` or null). Paged with `limit` (1 to 100, default 50) and `offset` (0 to 10000); ' +
      'a value out of range is 400 `invalid_limit` or `invalid_offset`.',
  })
  @ApiList(SCIM_GROUP_LIST)
  @ApiOkResponse({ type: ScimGroupListDto })
  listGroups(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimGroupListDto> {
    return this.console.listGroups(op.workspaceId, parseList(SCIM_GROUP_LIST, query));
  }

  /** A member's role is the highest its mapped groups grant (else member); the owner is never demoted. */
  @OperatorAuth({ role: 'admin', person: true })
  @Patch('scim_groups/:id')
  @ApiOperation({
    summary: 'Map a SCIM group to a workspace role',
    description:
      'Owners and admins (session cookie). Sets the role (`admin`, `member`, or null for none) the group grants its members and recomputes their ' +
      'roles in the same transaction: a member gets the highest role of its mapped groups (else `member`), and the workspace owner ' +
      "is never demoted. Answers the group; an unknown or other workspace's group is 404 `not_found`, a `role` outside those values 422 `validation_failed`.",
  })
  @ApiOkResponse({ type: ScimGroupEnvelopeDto })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async mapGroup(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: MapScimGroupDto,
  ): Promise<ScimGroupEnvelopeDto> {
    return { scim_group: await this.console.mapGroup(op.workspaceId, id, dto.role) };
  }

  /** Every SCIM write and refused write, newest first. */
  @OperatorAuth({ role: 'admin', person: true })
  @Get('scim_events')
  @ApiOperation({
    summary: 'List the SCIM sync log',
    description:
      'Owners and admins (session cookie). Every SCIM write and refused write of the workspace, newest first: operation, resource type and id, ' +
      '`externalId`, success or failure, the status the identity provider was answered and why a write was refused. Paged with ' +
      '`limit` (1 to 200, default 50) and `offset` (0 to 10000), filtered by `status`, `resource_type` and `operation` (top-level or ' +
      '`filter[...]`, the nested form winning); a bad value is 400 `invalid_<parameter>`.',
  })
  @ApiList(SCIM_EVENT_LIST)
  @ApiOkResponse({ type: ScimSyncEventListDto, description: 'an invalid filter value is 400 invalid_<filter>' })
  listEvents(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimSyncEventListDto> {
    return this.console.listEvents(op.workspaceId, parseList(SCIM_EVENT_LIST, query));
  }
}
