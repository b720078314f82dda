import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth, OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import type { MachinePrincipal } from '../credentials';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  CreateReplayDto,
  CreateWorkflowTargetDto,
  REPLAY_LIST,
  ReplayEnvelopeDto,
  ReplayListDto,
  WORKFLOW_TARGET_LIST,
  WorkflowTargetEnvelopeDto,
  WorkflowTargetListDto,
} from './dto/replay.dto';
import { ReplaysService } from './replays.service';

@ApiTags('machine')
@Controller('api/v1/workflow_targets')
export class WorkflowTargetsController {
  constructor(private readonly replays: ReplaysService) {}

  /** The secret is in this response only. */
  @MachineAuth('workflow_targets:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: WorkflowTargetEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateWorkflowTargetDto): Promise<WorkflowTargetEnvelopeDto> {
    return { workflow_target: await this.replays.createTarget(machine.workspaceId, dto) };
  }

  @MachineAuth('workflow_targets:read')
  @Get()
  @ApiList(WORKFLOW_TARGET_LIST)
  @ApiOkResponse({ type: WorkflowTargetListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<WorkflowTargetListDto> {
    return this.replays.listTargets(machine.workspaceId, parseList(WORKFLOW_TARGET_LIST, query));
  }

  @MachineAuth('workflow_targets:write')
  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted; replays still queued for it fail' })
  @ApiNotInWorkspace()
  async delete(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.replays.deleteTarget(machine.workspaceId, id);
  }
}

@ApiTags('machine')
@Controller('api/v1/replays')
export class ReplaysController {
  constructor(private readonly replays: ReplaysService) {}

  /** Queues a replay of a stored trace to a workflow target (the newest when none is named). */
  @MachineAuth('replays:write')
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ReplayEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateReplayDto): Promise<ReplayEnvelopeDto> {
    return { replay: await this.replays.create(machine.workspaceId, machine.serviceAgentId, dto) };
  }
}

/** Workflow targets and replays of the session's workspace, for any member. */
@OperatorResource()
@Controller('api/v1/operator')
export class OperatorReplaysController {
  constructor(private readonly replays: ReplaysService) {}

  @OperatorAuth({ role: 'member' })
  @Get('workflow_targets')
  @ApiList(WORKFLOW_TARGET_LIST)
  @ApiOkResponse({ type: WorkflowTargetListDto })
  listTargets(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<WorkflowTargetListDto> {
    return this.replays.listTargets(op.workspaceId, parseList(WORKFLOW_TARGET_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get('replays')
  @ApiList(REPLAY_LIST)
  @ApiOkResponse({ type: ReplayListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ReplayListDto> {
    return this.replays.list(op.workspaceId, parseList(REPLAY_LIST, query));
  }
}
