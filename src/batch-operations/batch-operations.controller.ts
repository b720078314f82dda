import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiOkResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { BatchOperationsService } from './batch-operations.service';
import {
  BATCH_OPERATION_LIST,
  BATCH_TARGET_LIST,
  BatchOperationEnvelopeDto,
  BatchOperationListDto,
  BatchOperationShowDto,
  CreateBatchOperationDto,
} from './dto/batch-operation.dto';

/** Batch operations of the session's workspace: read by members; created and cancelled by admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/batch_operations')
export class BatchOperationsController {
  constructor(private readonly batches: BatchOperationsService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: BatchOperationEnvelopeDto, description: 'queued; a worker applies it in chunks' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateBatchOperationDto): Promise<BatchOperationEnvelopeDto> {
    return { batch_operation: await this.batches.create(op, dto) };
  }

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiList(BATCH_OPERATION_LIST)
  @ApiOkResponse({ type: BatchOperationListDto, description: 'newest first' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<BatchOperationListDto> {
    return this.batches.list(op.workspaceId, parseList(BATCH_OPERATION_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
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
  @ApiOkResponse({ type: BatchOperationEnvelopeDto, description: 'cancelled after the chunk in progress; the targets left are skipped' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition: it has already finished' })
  @ApiNotInWorkspace()
  async cancel(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<BatchOperationEnvelopeDto> {
    return { batch_operation: await this.batches.cancel(op.workspaceId, id, op.userId) };
  }
}
