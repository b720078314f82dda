import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { SERVICE_AGENT_LIST } from '../agents';
import { OperatorAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { canonicalAllowlist } from '../core/common/validation/allowed-ips';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { CurrentOperator, WorkspaceOperator } from '../sessions';
import {
  ApiKeySummaryEnvelopeDto,
  CreateServiceAgentDto,
  IssueApiKeyDto,
  IssuedApiKeyEnvelopeDto,
  MeDto,
  ServiceAgentEnvelopeDto,
  ServiceAgentListDto,
  UpdateServiceAgentDto,
} from './dto/operator.dto';
import { OperatorAgentsService } from './operator-agents.service';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from '../sessions';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' });
const invalid = ApiUnprocessableEntityResponse({ type: ProblemDto });

/**
 * Operator REST on the session's workspace (x-workspace-id picks one of the user's memberships).
 * Reads need a member, changes an admin or owner.
 */
@ApiTags('operator')
@ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' })
@Controller('api/v1/operator')
export class OperatorController {
  constructor(private readonly agents: OperatorAgentsService) {}

  // open to a member who must still enroll a second factor (require_mfa): the console reads it first
  @OperatorAuth({ mfaEnrollment: true })
  @Get('me')
  @ApiOperation({
    summary: 'Show the signed-in operator and their workspaces',
    description:
      'Any operator with a session cookie, whatever their role: answers `{ user, workspaces, workspace_id }`, where `workspaces` lists every membership with its id, name, slug, plan, status and role, and `workspace_id` is the workspace this request acts on (`x-workspace-id`, else the oldest membership; null without one). ' +
      '`user.platform_admin` says whether the operator may use the platform administration routes. 401 `session_required` without a session; 403 `not_a_member` when `x-workspace-id` names a workspace the user is not a member of.',
  })
  @ApiOkResponse({ type: MeDto })
  me(@CurrentOperator() op: OperatorPrincipal): MeDto {
    return {
      user: { id: op.userId, email: op.email, name: op.name, platform_admin: op.platformAdmin },
      workspaces: op.workspaces.map((w) => ({ id: w.id, name: w.name, slug: w.slug, plan: w.plan, status: w.status, role: w.role })),
      workspace_id: op.workspaceId,
    };
  }

  /** The hidden workspace-key agent never appears. */
  @OperatorAuth({ role: 'member' })
  @Get('service_agents')
  @ApiOperation({
    summary: "List the workspace's service agents",
    description:
      'Any member of the workspace (session cookie): answers `{ service_agents, count }`, a page of the service agents of the workspace with their status and scopes, newest first, and how many are in the page. ' +
      '`limit` (default 100, max 500) and `offset` page it; `status` (`active` or `inactive`) filters it. There is no total: a page shorter than `limit` is the last. The hidden agent that holds the workspace primary key never appears.',
  })
  @ApiList(SERVICE_AGENT_LIST)
  @ApiOkResponse({ type: ServiceAgentListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ServiceAgentListDto> {
    return this.agents.list(op.workspaceId, parseList(SERVICE_AGENT_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post('service_agents')
  @ApiOperation({
    summary: 'Create a service agent',
    description:
      'Owners and admins of the workspace (session cookie): creates an active agent named `name` whose keys may carry `scopes` (default: every machine scope). ' +
      "Answers 201 `{ service_agent }`; the agent has no key until one is issued. 429 `agent_quota_reached` when the plan's agent quota is reached (free 10, team 100, enterprise no limit); 422 `validation_failed` for a bad body.",
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ServiceAgentEnvelopeDto })
  @ApiTooManyRequestsResponse({ type: ProblemDto, description: "the plan's agent quota is reached" })
  @invalid
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateServiceAgentDto): Promise<ServiceAgentEnvelopeDto> {
    return { service_agent: await this.agents.create(op.workspaceId, dto.name, dto.scopes) };
  }

  /** Deactivating refuses the agent's credentials (service_agent_inactive) at once on every node. */
  @OperatorAuth({ role: 'admin' })
  @Patch('service_agents/:id')
  @ApiOperation({
    summary: 'Rename, deactivate or reactivate a service agent',
    description:
      'Owners and admins of the workspace (session cookie): changes `name` and/or `status` (`active` or `inactive`) and answers `{ service_agent }`. ' +
      "Deactivating refuses the agent's keys and tokens at once on every node (403 `service_agent_inactive`) and closes its sockets. 404 `not_found` for an agent of another workspace or the hidden workspace-key agent.",
  })
  @ApiOkResponse({ type: ServiceAgentEnvelopeDto })
  @notFound
  @invalid
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Body() dto: UpdateServiceAgentDto,
  ): Promise<ServiceAgentEnvelopeDto> {
    return { service_agent: await this.agents.update(op.workspaceId, id, dto) };
  }

  /** The key is shown once, in this response. */
  @OperatorAuth({ role: 'admin' })
  @Post('service_agents/:id/api_keys')
  @ApiOperation({
    summary: 'Issue an API key for a service agent',
    description:
      "Owners and admins of the workspace (session cookie): issues an `agk_` key for the agent with `scopes` (a subset of the agent's, default all of them), an optional future `expires_at` (default: never) and optional `allowed_ips` (up to 20 CIDRs, answered in canonical form): the key, and every access and socket token minted from it, is then refused from any other client address with 403 `ip_not_allowed`, and such a use opens a `disallowed_ip` security violation. " +
      'Answers 201 `{ api_key }`; the key is shown in this response only, and only the SHA-256 of its secret is stored. ' +
      "422 `validation_failed` for scopes beyond the agent's or an `expires_at` in the past; 404 `not_found` for an agent of another workspace or the hidden workspace-key agent.",
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedApiKeyEnvelopeDto })
  @notFound
  @invalid
  async issueKey(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Body() dto: IssueApiKeyDto,
  ): Promise<IssuedApiKeyEnvelopeDto> {
    return { api_key: await this.agents.issueKey(op.workspaceId, id, dto.scopes, dto.expires_at, canonicalAllowlist(dto.allowed_ips)) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api_keys/:credential_id/archive')
  @ApiOperation({
    summary: 'Archive an API key',
    description:
      'Owners and admins of the workspace (session cookie): a usable key becomes `archived` and is refused from then on (401 `api_key_archived`), with the access tokens minted from it, on every node. ' +
      'Answers `{ api_key }` without the secret; a key that is not usable is answered unchanged. 404 `not_found` for a key of another workspace or the workspace primary key.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: ApiKeySummaryEnvelopeDto })
  @notFound
  async archive(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('credential_id', uuid) id: string,
  ): Promise<ApiKeySummaryEnvelopeDto> {
    return { api_key: await this.agents.changeKeyStatus(op.workspaceId, id, 'archived') };
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api_keys/:credential_id/revoke')
  @ApiOperation({
    summary: 'Revoke an API key',
    description:
      'Owners and admins of the workspace (session cookie): a usable or archived key becomes `revoked` for good, with the access tokens minted from it, on every node, and `api_key.revoked` is recorded. ' +
      'Answers `{ api_key }` without the secret; a key already revoked is answered unchanged. 404 `not_found` for a key of another workspace or the workspace primary key.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: ApiKeySummaryEnvelopeDto })
  @notFound
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('credential_id', uuid) id: string,
  ): Promise<ApiKeySummaryEnvelopeDto> {
    return { api_key: await this.agents.changeKeyStatus(op.workspaceId, id, 'revoked') };
  }
}
