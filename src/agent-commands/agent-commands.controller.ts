import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { listEnvelope } from '../core/listing/list-envelope';
import { parseList } from '../core/listing/list-query';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { AgentCommandsService } from './agent-commands.service';
import {
  AGENT_COMMAND_LIST,
  AgentCommandEnvelopeDto,
  AgentCommandListDto,
  CreateAgentCommandDto,
} from './dto/agent-command.dto';

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
  @ApiList(AGENT_COMMAND_LIST)
  @ApiOkResponse({ type: AgentCommandListDto, description: 'newest first' })
  async list(@WorkspaceOperator() operator: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<AgentCommandListDto> {
    const q = parseList(AGENT_COMMAND_LIST, query);
    return listEnvelope(q, await this.commands.list(operator.workspaceId, q));
  }
}
