import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { BatchOperationEnvelopeDto } from '../batch-operations';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { CreateOtaUpdateDto, OTA_UPDATE_LIST, OtaUpdateEnvelopeDto, OtaUpdateListDto } from './dto/ota-update.dto';
import { OtaUpdatesService } from './ota-updates.service';

/** OTA updates of the session's workspace: read by members; created and cancelled by admins and owners. */
@OperatorResource()
@ApiExtraModels(OtaUpdateEnvelopeDto, BatchOperationEnvelopeDto)
@Controller('api/v1/operator/ota-updates')
export class OtaUpdatesController {
  constructor(private readonly updates: OtaUpdatesService) {}

  /** 201 `{ ota_update }` for one robot; 202 `{ batch_operation }` for a cohort. */
  @OperatorAuth({ role: 'admin' })
  @Post()
  @ApiCreatedResponse({ type: OtaUpdateEnvelopeDto, description: 'robot_id: the update, its ota_update command pushed to the robot' })
  @ApiAcceptedResponse({ schema: { $ref: getSchemaPath(BatchOperationEnvelopeDto) }, description: 'cohort_id: a create_ota_update batch operation' })
  @ApiConflictResponse({ type: ProblemDto, description: 'ota_update_in_progress, robot_retired, robot_not_enrolled, service_agent_inactive' })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateOtaUpdateDto, @Res() res: Response): Promise<void> {
    const created: OtaUpdateEnvelopeDto | BatchOperationEnvelopeDto = await this.updates.create(op, dto);
    res.status('batch_operation' in created ? 202 : 201).json(created);
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiList(OTA_UPDATE_LIST)
  @ApiOkResponse({ type: OtaUpdateListDto, description: 'newest first; only filter[status], filter[update_type] and filter[robot_id] are read' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<OtaUpdateListDto> {
    return this.updates.list(op.workspaceId, parseList(OTA_UPDATE_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOkResponse({ type: OtaUpdateEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<OtaUpdateEnvelopeDto> {
    return { ota_update: await this.updates.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: OtaUpdateEnvelopeDto, description: 'the cancelled update' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition: it has already finished' })
  @ApiNotInWorkspace()
  async cancel(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<OtaUpdateEnvelopeDto> {
    return { ota_update: await this.updates.cancel(op.workspaceId, id) };
  }
}
