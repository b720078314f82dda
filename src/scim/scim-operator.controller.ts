import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
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

/** The SCIM plane as operators manage it (owners and admins): tokens, group roles, the sync log. */
@OperatorResource()
@Controller('api/v1/operator')
export class ScimOperatorController {
  constructor(
    private readonly tokens: ScimTokensService,
    private readonly console: ScimConsoleService,
  ) {}

  /** The token is in this response only. */
  @OperatorAuth({ role: 'admin' })
  @Post('scim_tokens')
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedScimTokenEnvelopeDto })
  @ApiInvalidBody()
  async createToken(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateScimTokenDto): Promise<IssuedScimTokenEnvelopeDto> {
    return { scim_token: await this.tokens.create(op.workspaceId, op.userId, dto.name) };
  }

  /** Live tokens, without secrets, with when each was last used. */
  @OperatorAuth({ role: 'admin' })
  @Get('scim_tokens')
  @ApiList(SCIM_TOKEN_LIST)
  @ApiOkResponse({ type: ScimTokenListDto })
  listTokens(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimTokenListDto> {
    return this.tokens.list(op.workspaceId, parseList(SCIM_TOKEN_LIST, query));
  }

  /** Revokes at once: the next SCIM request with the token is 401. */
  @OperatorAuth({ role: 'admin' })
  @Delete('scim_tokens/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'revoked' })
  @ApiNotInWorkspace()
  async revokeToken(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
  }

  @OperatorAuth({ role: 'admin' })
  @Get('scim_groups')
  @ApiList(SCIM_GROUP_LIST)
  @ApiOkResponse({ type: ScimGroupListDto })
  listGroups(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimGroupListDto> {
    return this.console.listGroups(op.workspaceId, parseList(SCIM_GROUP_LIST, query));
  }

  /** A member's role is the highest its mapped groups grant (else member); the owner is never demoted. */
  @OperatorAuth({ role: 'admin' })
  @Patch('scim_groups/:id')
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
  @OperatorAuth({ role: 'admin' })
  @Get('scim_events')
  @ApiList(SCIM_EVENT_LIST)
  @ApiOkResponse({ type: ScimSyncEventListDto, description: 'an invalid filter value is 400 invalid_<filter>' })
  listEvents(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ScimSyncEventListDto> {
    return this.console.listEvents(op.workspaceId, parseList(SCIM_EVENT_LIST, query));
  }
}
