import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  getSchemaPath,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { BatchOperationEnvelopeDto } from '../batch-operations';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { CreateOtaUpdateDto, OTA_UPDATE_LIST, OtaUpdateEnvelopeDto, OtaUpdateListDto } from './dto/ota-update.dto';
import { OtaUpdatesService } from './ota-updates.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** OTA updates of the session's workspace: read by members; created and cancelled by admins and owners. */
@OperatorResource()
@ApiExtraModels(OtaUpdateEnvelopeDto, BatchOperationEnvelopeDto)
@Controller('api/v1/operator/ota-updates')
export class OtaUpdatesController {
  constructor(private readonly updates: OtaUpdatesService) {}

  /** 201 `{ ota_update }` for one robot; 202 `{ batch_operation }` for a cohort. */
  @OperatorAuth({ role: 'admin' })
  @Post()
  @ApiOperation({
    summary: 'Create an OTA update for a robot or a cohort',
    description:
      "Owners and admins of the workspace (session cookie). With `robot_id`: creates a pending update and pushes its `ota_update` agent command to the robot's agent, answering 201 `{ ota_update }`. " +
      'With `cohort_id` instead: answers 202 `{ batch_operation }`, a `create_ota_update` batch operation that makes one update per robot of the cohort (at most 10000 robots). ' +
      '409 `ota_update_in_progress` (the robot already has an open update), `robot_retired`, `robot_not_enrolled` or `service_agent_inactive`; 404 `not_found` for a robot of another workspace; 422 `validation_failed` for a bad body, both or neither of `robot_id` and `cohort_id`, or an unknown cohort.',
  })
  @ApiCreatedResponse({ type: OtaUpdateEnvelopeDto, description: 'robot_id: the update, its ota_update command pushed to the robot' })
  @ApiAcceptedResponse({
    schema: { $ref: getSchemaPath(BatchOperationEnvelopeDto) },
    description: 'cohort_id: a create_ota_update batch operation',
  })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'ota_update_in_progress, robot_retired, robot_not_enrolled, service_agent_inactive',
  })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateOtaUpdateDto, @Res() res: Response): Promise<void> {
    const created: OtaUpdateEnvelopeDto | BatchOperationEnvelopeDto = await this.updates.create(op, dto);
    res.status('batch_operation' in created ? 202 : 201).json(created);
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's OTA updates",
    description:
      'Any member of the workspace (session cookie): answers `{ ota_updates, count, pagination }`, newest first. ' +
      'Only the nested `filter[status]`, `filter[update_type]` and `filter[robot_id]` are read (a top-level `?status=` is ignored); a bad value is 400 `invalid_<name>`.',
  })
  @ApiList(OTA_UPDATE_LIST)
  @ApiOkResponse({
    type: OtaUpdateListDto,
    description: 'newest first; only filter[status], filter[update_type] and filter[robot_id] are read',
  })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<OtaUpdateListDto> {
    return this.updates.list(op.workspaceId, parseList(OTA_UPDATE_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show an OTA update',
    description:
      'Any member of the workspace (session cookie): answers `{ ota_update }` with its status, detail and agent command. 404 `not_found` for an update of another workspace.',
  })
  @ApiOkResponse({ type: OtaUpdateEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<OtaUpdateEnvelopeDto> {
    return { ota_update: await this.updates.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/cancel')
  @ApiOperation({
    summary: 'Cancel an OTA update',
    description:
      'Owners and admins of the workspace (session cookie): an open update (pending, downloading or installing) becomes `cancelled`, its agent command is finished so it is not handed out again, and `ota_update.updated` is recorded. ' +
      'Answers `{ ota_update }`; 409 `invalid_transition` once it has finished; 404 `not_found` for an update of another workspace.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: OtaUpdateEnvelopeDto, description: 'the cancelled update' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition: it has already finished' })
  @ApiNotInWorkspace()
  async cancel(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<OtaUpdateEnvelopeDto> {
    return { ota_update: await this.updates.cancel(op.workspaceId, id) };
  }
}
