import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import { BatchOperationsService } from './batch-operations.service';
import {
  BATCH_OPERATION_LIST,
  BATCH_TARGET_LIST,
  BatchOperationEnvelopeDto,
  BatchOperationListDto,
  BatchOperationShowDto,
  CreateBatchOperationDto,
} from './dto/batch-operation.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Batch operations of the session's workspace: read by members; created and cancelled by admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/batch_operations')
export class BatchOperationsController {
  constructor(private readonly batches: BatchOperationsService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Start a batch operation',
    description:
      'Operator session, owners and admins. Applies one `action` (retire_robots, tag_robots, send_agent_command, create_ota_update, revoke_api_keys) ' +
      "to up to 10000 `target_ids` (robots; service agents for send_agent_command; credentials for revoke_api_keys) or to a `cohort_id` (its robots, or their agents for send_agent_command; not for revoke_api_keys), with the action's `params`. " +
      "Answers 202 with the queued operation; a worker applies it in chunks and records each target's outcome. " +
      '422 `validation_failed` when both or neither of `target_ids` and `cohort_id` are given, the cohort does not exist, or `params` do not fit the action.',
  })
  @ApiAcceptedResponse({ type: BatchOperationEnvelopeDto, description: 'queued; a worker applies it in chunks' })
  @ApiInvalidBody()
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: CreateBatchOperationDto,
  ): Promise<BatchOperationEnvelopeDto> {
    return { batch_operation: await this.batches.create(op, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's batch operations",
    description:
      'Operator session, any member of the workspace. Answers the operations with their progress counts, newest first; ' +
      '`limit` 1-100 (default 25) and `offset`; `status` and `action` filter (plain or `filter[...]`, the nested one winning).',
  })
  @ApiList(BATCH_OPERATION_LIST)
  @ApiOkResponse({ type: BatchOperationListDto, description: 'newest first' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<BatchOperationListDto> {
    return this.batches.list(op.workspaceId, parseList(BATCH_OPERATION_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a batch operation and its targets',
    description:
      'Operator session, any member of the workspace. Answers the operation with a page of its targets in the order they are applied, each with its status and error code, ' +
      'paged by `target_limit` (1-500, default 100) and `target_offset`. 404 `not_found` for an operation of another workspace.',
  })
  @ApiList(BATCH_TARGET_LIST)
  @ApiOkResponse({ type: BatchOperationShowDto, description: 'with a page of its targets' })
  @ApiNotInWorkspace()
  show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<BatchOperationShowDto> {
    return this.batches.show(op.workspaceId, id, parseList(BATCH_TARGET_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a batch operation',
    description:
      'Operator session, owners and admins. Stops a queued or running operation after the chunk in progress: the targets left are marked skipped (`cancelled`). ' +
      'Answers the cancelled operation; 409 `invalid_transition` once it has finished.',
  })
  @ApiOkResponse({ type: BatchOperationEnvelopeDto, description: 'cancelled after the chunk in progress; the targets left are skipped' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition: it has already finished' })
  @ApiNotInWorkspace()
  async cancel(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
  ): Promise<BatchOperationEnvelopeDto> {
    return { batch_operation: await this.batches.cancel(op.workspaceId, id, op.userId) };
  }
}
