import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth/auth-policy';
import { extractFilter } from '../core/common/pagination/filters';
import { parsePage } from '../core/common/pagination/pagination';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { WorkspaceOperator } from '../sessions/operator-auth.strategy';
import type { WorkspaceOperatorPrincipal } from '../sessions/operator-principal';
import { AgentCommandsService } from './agent-commands.service';
import {
  AGENT_COMMAND_STATUSES,
  AgentCommandEnvelopeDto,
  AgentCommandListDto,
  CreateAgentCommandDto,
} from './dto/agent-command.dto';

/** SPEC.md Lists: limit 1-100, default 25; no offset. */
export const AGENT_COMMANDS_PAGE = { limit: { min: 1, max: 100, default: 25 } };

@ApiTags('operator')
@Controller('api/v1/operator/agent_commands')
export class AgentCommandsController {
  constructor(private readonly commands: AgentCommandsService) {}

  /** Creates a command for a service agent and pushes it at once to the agent's live sockets. */
  @OperatorAuth({ role: 'member' })
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: AgentCommandEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'no such visible agent in the workspace' })
  @ApiConflictResponse({ type: ProblemDto, description: 'service_agent_inactive' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  async create(@WorkspaceOperator() operator: WorkspaceOperatorPrincipal, @Body() dto: CreateAgentCommandDto): Promise<AgentCommandEnvelopeDto> {
    return { agent_command: await this.commands.create({ workspaceId: operator.workspaceId, userId: operator.userId }, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } })
  @ApiQuery({ name: 'status', required: false, enum: AGENT_COMMAND_STATUSES })
  @ApiQuery({ name: 'filter[status]', required: false, enum: AGENT_COMMAND_STATUSES, description: 'wins over status' })
  @ApiOkResponse({ type: AgentCommandListDto, description: 'newest first' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_limit or invalid_status' })
  async list(@WorkspaceOperator() operator: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<AgentCommandListDto> {
    const { limit } = parsePage(query, AGENT_COMMANDS_PAGE);
    const status = extractFilter(query, 'status', AGENT_COMMAND_STATUSES);
    const agentCommands = await this.commands.list(operator.workspaceId, limit, status);
    return { agent_commands: agentCommands, count: agentCommands.length };
  }
}
