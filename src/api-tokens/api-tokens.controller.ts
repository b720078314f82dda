import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { ApiTokensService } from './api-tokens.service';
import { API_TOKEN_LIST, ApiTokenListDto, CreateApiTokenDto, IssuedApiTokenEnvelopeDto } from './dto/api-token.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

const personOnly = ApiForbiddenResponse({
  type: ProblemDto,
  description: '`person_required`: an API token cannot manage API tokens; `insufficient_role`: a member',
});

/** Operator API tokens of the session's workspace (API.md Part 3 "Operator API tokens and IP allowlists"). */
@OperatorResource()
@Controller('api/v1/operator/api_tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  /** The token is in this response only. */
  @OperatorAuth({ role: 'admin', recentAuth: true, person: true })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an operator API token',
    description:
      'Owners and admins (session cookie, authenticated in the last 10 minutes, else 403 `reauthentication_required`). `{ name, role: admin|member, ' +
      'expires_at?, allowed_ips? }` answers 201 `{ api_token }` with `token` (`aot_<prefix>.<secret>`), the only time it is shown; only the SHA-256 of ' +
      'the secret is stored. The token is `Authorization: Bearer aot_...` on `/api/v1/operator/*` routes, acting on this workspace with its role; ' +
      'routes that need a person refuse it 403 `person_required`, other planes 401. A role above your own is 403 `insufficient_role`. `allowed_ips` ' +
      'holds up to 20 IPv4 or IPv6 CIDRs (a bare address is a /32 or /128; host bits set, or anything else, is 422): requests from other addresses ' +
      'are 403 `ip_not_allowed`. A past `expires_at` is 422. Writes an `api_token.create` audit event.',
  })
  @ApiCreatedResponse({ type: IssuedApiTokenEnvelopeDto })
  @personOnly
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateApiTokenDto): Promise<IssuedApiTokenEnvelopeDto> {
    return { api_token: await this.tokens.create(op, dto) };
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Get()
  @ApiList(API_TOKEN_LIST)
  @ApiOperation({
    summary: "List the workspace's operator API tokens",
    description:
      'Owners and admins (session cookie). The unrevoked tokens, newest first, without their secrets, each with `last_used_at` (written in ' +
      'batches, within seconds of a use); an expired token stays listed until revoked. `limit` 1 to 100 (default 50), `offset` 0 to 10000; a bad one is 400.',
  })
  @ApiOkResponse({ type: ApiTokenListDto })
  @personOnly
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ApiTokenListDto> {
    return this.tokens.list(op.workspaceId, parseList(API_TOKEN_LIST, query));
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Revoke an operator API token',
    description:
      'Owners and admins (session cookie). Revokes the token at once on every node: its next request is 401 `api_token_revoked`. Answers 204 and ' +
      "writes an `api_token.revoke` audit event; an unknown, already revoked or other workspace's token, or an id that is not a UUID, is 404.",
  })
  @ApiNoContentResponse({ description: 'revoked' })
  @personOnly
  @ApiNotInWorkspace()
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
  }
}
