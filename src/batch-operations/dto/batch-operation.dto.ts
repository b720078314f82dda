import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsOptional, IsUUID } from 'class-validator';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { BATCH_ACTIONS, type BatchAction, TARGET_STATUSES, type TargetStatus } from '../batch-action';

export const MAX_BATCH_TARGETS = 10_000;
export const BATCH_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const FINISHED_BATCH_STATUSES: readonly BatchStatus[] = ['completed', 'failed', 'cancelled'];

const PARAMS_DOC =
  'per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; ' +
  'create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {}';

export class CreateBatchOperationDto {
  @ApiProperty({ enum: BATCH_ACTIONS })
  @IsIn(BATCH_ACTIONS, { message: `must be one of ${BATCH_ACTIONS.join(', ')}` })
  action: BatchAction;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_BATCH_TARGETS,
    description:
      'robot ids; service agent ids for send_agent_command; credential ids for revoke_api_keys. Repeats count once. Or cohort_id.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'must not be empty' })
  @ArrayMaxSize(MAX_BATCH_TARGETS, { message: `must have at most ${MAX_BATCH_TARGETS} ids` })
  @IsUUID('all', { each: true, message: 'must contain only UUIDs' })
  target_ids?: string[];

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'a cohort of the workspace: its robots (their agents for send_agent_command); not for revoke_api_keys',
  })
  @IsOptional()
  @IsUUID('all', { message: 'must be a UUID' })
  cohort_id?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: PARAMS_DOC })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  params?: Record<string, unknown>;
}

export class BatchOperationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: BATCH_ACTIONS }) action: BatchAction;
  @ApiProperty({ type: 'object', additionalProperties: true, description: PARAMS_DOC }) params: Record<string, unknown>;
  @ApiProperty({ enum: BATCH_STATUSES }) status: BatchStatus;
  @ApiProperty({ description: 'targets in the operation' }) total: number;
  @ApiProperty() succeeded: number;
  @ApiProperty() failed: number;
  @ApiProperty({ description: 'targets with nothing to do (already retired or revoked), or left when the operation was cancelled' })
  skipped: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) cohort_id: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) created_by: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'why a failed operation stopped' }) error: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) started_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) cancelled_at: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) cancelled_by: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class BatchTargetDto {
  @ApiProperty({ format: 'uuid' }) target_id: string;
  @ApiProperty({ enum: TARGET_STATUSES }) status: TargetStatus;
  @ApiProperty({ nullable: true, type: String, description: 'a code: not_found, robot_retired, service_agent_inactive, cancelled, ...' })
  error: string | null;
}

export class BatchOperationEnvelopeDto {
  @ApiProperty() batch_operation: BatchOperationDto;
}

export class BatchOperationWithTargetsDto extends BatchOperationDto {
  @ApiProperty({ type: [BatchTargetDto], description: 'in the order they are applied; paged by target_limit and target_offset' })
  targets: BatchTargetDto[];
  @ApiProperty({ description: 'the page of targets: limit, offset, total (all targets), has_more' })
  targets_pagination: PaginationDto;
}

export class BatchOperationShowDto {
  @ApiProperty() batch_operation: BatchOperationWithTargetsDto;
}

/** GET /api/v1/operator/batch_operations (SPEC.md Lists): default 25, max 100; status and action (both forms). */
export const BATCH_OPERATION_LIST = defineList({
  key: 'batch_operations',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 25 }, offset: { min: 0, max: 10000 } },
  filters: [
    { name: 'status', values: BATCH_STATUSES },
    { name: 'action', values: BATCH_ACTIONS },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** The targets of GET /api/v1/operator/batch_operations/:id: target_limit default 100, max 500; target_offset. */
export const BATCH_TARGET_LIST = defineList({
  key: 'targets',
  paginated: true,
  page: {
    limit: { min: 1, max: 500, default: 100 },
    offset: { min: 0, max: MAX_BATCH_TARGETS },
    names: { limit: 'target_limit', offset: 'target_offset' },
  },
  order: { by: [], tiebreaker: 'position', direction: 'ASC' },
});

export class BatchOperationListDto {
  @ApiProperty({ type: [BatchOperationDto] }) batch_operations: BatchOperationDto[];
  @ApiProperty({ description: 'number of batch operations in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
