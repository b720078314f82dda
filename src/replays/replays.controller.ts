import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth, OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import { WorkspaceOperator } from '../sessions';
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
import type { MachinePrincipal } from '../credentials';
import type { WorkspaceOperatorPrincipal } from '../sessions';

@ApiTags('machine')
@Controller('api/v1/workflow_targets')
export class WorkflowTargetsController {
  constructor(private readonly replays: ReplaysService) {}

  /** The secret is in this response only. */
  @MachineAuth('workflow_targets:write')
  @Post()
  @ApiOperation({
    summary: 'Create a workflow target',
    description:
      'A service agent, with an `agk_` key or access token holding `workflow_targets:write`, registers a URL that replays are POSTed to (in production: https, resolving to public addresses only). ' +
      'Answers 201 `{ workflow_target }` with its `whsec_` signing secret, shown in this response only; replays are signed with it as Standard Webhooks are. 422 `validation_failed` for a bad name or URL.',
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: WorkflowTargetEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateWorkflowTargetDto): Promise<WorkflowTargetEnvelopeDto> {
    return { workflow_target: await this.replays.createTarget(machine.workspaceId, dto) };
  }

  @MachineAuth('workflow_targets:read')
  @Get()
  @ApiOperation({
    summary: "List the workspace's workflow targets",
    description:
      'A service agent, with an `agk_` key or access token holding `workflow_targets:read`: answers `{ workflow_targets, count, pagination }`, the live targets of its workspace without their secrets, newest first.',
  })
  @ApiList(WORKFLOW_TARGET_LIST)
  @ApiOkResponse({ type: WorkflowTargetListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<WorkflowTargetListDto> {
    return this.replays.listTargets(machine.workspaceId, parseList(WORKFLOW_TARGET_LIST, query));
  }

  @MachineAuth('workflow_targets:write')
  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a workflow target',
    description:
      'A service agent, with an `agk_` key or access token holding `workflow_targets:write`, deletes a target of its workspace: 204, and replays still queued for it fail (`workflow target deleted`). 404 `not_found` for a target of another workspace or one already deleted.',
  })
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
  @ApiOperation({
    summary: 'Replay a trace to a workflow target',
    description:
      "A service agent, with an `agk_` key or access token holding `replays:write`, queues a replay of a stored trace (`trace_id`, the trace's record id) to `workflow_target_id`, or to the workspace's newest target when none is named. " +
      'Answers 202 `{ replay }`; a job then POSTs `{ id, type: "trace.replay", created, data: { trace } }` to the target, signed as webhooks are, in up to 3 attempts, and records the outcome on the replay. ' +
      '422 `validation_failed` for a trace or target not of this workspace, or when the workspace has no workflow target.',
  })
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
  @ApiOperation({
    summary: "List the workspace's workflow targets",
    description:
      'Any member of the workspace (session cookie): answers `{ workflow_targets, count, pagination }`, the live targets without their secrets, newest first.',
  })
  @ApiList(WORKFLOW_TARGET_LIST)
  @ApiOkResponse({ type: WorkflowTargetListDto })
  listTargets(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
  ): Promise<WorkflowTargetListDto> {
    return this.replays.listTargets(op.workspaceId, parseList(WORKFLOW_TARGET_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get('replays')
  @ApiOperation({
    summary: "List the workspace's replays",
    description:
      "Any member of the workspace (session cookie): answers `{ replays, count, pagination }`, newest first, each with its status, attempts, the target's last HTTP status and last error. " +
      'Filter by `status` or `filter[status]` (the nested one wins); a bad value is 400 `invalid_status`.',
  })
  @ApiList(REPLAY_LIST)
  @ApiOkResponse({ type: ReplayListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ReplayListDto> {
    return this.replays.list(op.workspaceId, parseList(REPLAY_LIST, query));
  }
}
