import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { CurrentOperator, WorkspaceOperator } from '../sessions';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from '../sessions';
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

  @OperatorAuth()
  @Get('me')
  @ApiOkResponse({ type: MeDto })
  me(@CurrentOperator() op: OperatorPrincipal): MeDto {
    return {
      user: { id: op.userId, email: op.email, name: op.name, platform_admin: op.platformAdmin },
      workspaces: op.workspaces.map((w) => ({ id: w.id, name: w.name, slug: w.slug, role: w.role })),
      workspace_id: op.workspaceId,
    };
  }

  /** The hidden workspace-key agent never appears. */
  @OperatorAuth({ role: 'member' })
  @Get('service_agents')
  @ApiOkResponse({ type: ServiceAgentListDto })
  async list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal): Promise<ServiceAgentListDto> {
    return { service_agents: await this.agents.list(op.workspaceId) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post('service_agents')
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
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedApiKeyEnvelopeDto })
  @notFound
  @invalid
  async issueKey(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Body() dto: IssueApiKeyDto,
  ): Promise<IssuedApiKeyEnvelopeDto> {
    return { api_key: await this.agents.issueKey(op.workspaceId, id, dto.scopes, dto.expires_at) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api_keys/:credential_id/archive')
  @HttpCode(200)
  @ApiOkResponse({ type: ApiKeySummaryEnvelopeDto })
  @notFound
  async archive(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('credential_id', uuid) id: string): Promise<ApiKeySummaryEnvelopeDto> {
    return { api_key: await this.agents.changeKeyStatus(op.workspaceId, id, 'archived') };
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api_keys/:credential_id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ type: ApiKeySummaryEnvelopeDto })
  @notFound
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('credential_id', uuid) id: string): Promise<ApiKeySummaryEnvelopeDto> {
    return { api_key: await this.agents.changeKeyStatus(op.workspaceId, id, 'revoked') };
  }
}
