import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { listEnvelope } from '../core/listing/list-envelope';
import { parseList } from '../core/listing/list-query';
import { OperatorResource } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { AgentCommandsService } from './agent-commands.service';
import { AGENT_COMMAND_LIST, AgentCommandEnvelopeDto, AgentCommandListDto, CreateAgentCommandDto } from './dto/agent-command.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

@OperatorResource()
@Controller('api/v1/operator/agent_commands')
export class AgentCommandsController {
  constructor(private readonly commands: AgentCommandsService) {}

  /** Creates a command for a service agent and pushes it at once to the agent's live sockets. */
  @OperatorAuth({ role: 'member' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Send a command to a service agent',
    description:
      'Operator session, any member of the workspace. Stores a command (`name`, optional JSON `payload` up to 32768 bytes) for a visible service agent ' +
      "and pushes it at once to the agent's live sockets on whichever node holds them; until the agent reports a result it is handed out again with every `ready`. " +
      'Answers the command with status `pending`. 404 `not_found` when the agent is unknown, hidden or in another workspace; 409 `service_agent_inactive` when it is inactive.',
  })
  @ApiCreatedResponse({ type: AgentCommandEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'no such visible agent in the workspace' })
  @ApiConflictResponse({ type: ProblemDto, description: 'service_agent_inactive' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  async create(
    @WorkspaceOperator() operator: WorkspaceOperatorPrincipal,
    @Body() dto: CreateAgentCommandDto,
  ): Promise<AgentCommandEnvelopeDto> {
    return { agent_command: await this.commands.create({ workspaceId: operator.workspaceId, userId: operator.userId }, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's agent commands",
    description:
      'Operator session, any member of the workspace. Answers the commands of every agent of the workspace, newest first, with their status and result; ' +
      '`limit` 1-100 (default 25), no offset; `status` (or `filter[status]`) narrows them to pending, delivered, succeeded or failed.',
  })
  @ApiList(AGENT_COMMAND_LIST)
  @ApiOkResponse({ type: AgentCommandListDto, description: 'newest first' })
  async list(
    @WorkspaceOperator() operator: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
  ): Promise<AgentCommandListDto> {
    const q = parseList(AGENT_COMMAND_LIST, query);
    return listEnvelope(q, await this.commands.list(operator.workspaceId, q));
  }
}
