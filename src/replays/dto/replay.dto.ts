import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsText } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export class CreateWorkflowTargetDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsText(1, 200)
  name: string;

  @ApiProperty({ maxLength: 2000, description: 'where replays are POSTed; in production https and a public address only' })
  @Trim()
  @IsString()
  @MaxLength(2000)
  url: string;
}

export class WorkflowTargetDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class IssuedWorkflowTargetDto extends WorkflowTargetDto {
  @ApiProperty({ description: 'whsec_..., shown once: replays are signed with it as Standard Webhooks are' }) secret: string;
}

export class WorkflowTargetEnvelopeDto {
  @ApiProperty() workflow_target: IssuedWorkflowTargetDto;
}

/** API.md: default 50, max 100. */
export const WORKFLOW_TARGET_LIST = defineList({
  key: 'workflow_targets',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class WorkflowTargetListDto {
  @ApiProperty({ type: [WorkflowTargetDto] }) workflow_targets: WorkflowTargetDto[];
  @ApiProperty({ description: 'number of targets in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export const REPLAY_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];

export class CreateReplayDto {
  @ApiProperty({ format: 'uuid', description: "the trace's record id (not its trace_id), a trace of the workspace" })
  @IsUUID('all', { message: 'must be a UUID' })
  trace_id: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'a workflow target of the workspace; default: the newest one' })
  @IsOptional()
  @IsUUID('all', { message: 'must be a UUID' })
  workflow_target_id?: string;
}

export class ReplayDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) trace_id: string;
  @ApiProperty({ format: 'uuid' }) workflow_target_id: string;
  @ApiProperty({ enum: REPLAY_STATUSES }) status: ReplayStatus;
  @ApiProperty({ nullable: true, type: Number, description: "the target's HTTP status on the last attempt" }) response_status:
    number | null;
  @ApiProperty({ description: 'attempts made so far (at most 3)' }) attempts: number;
  @ApiProperty({ nullable: true, type: String, description: 'why the last attempt failed' }) last_error: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ReplayEnvelopeDto {
  @ApiProperty() replay: ReplayDto;
}

/** API.md: default 50, max 100; status in both forms. */
export const REPLAY_LIST = defineList({
  key: 'replays',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: REPLAY_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ReplayListDto {
  @ApiProperty({ type: [ReplayDto] }) replays: ReplayDto[];
  @ApiProperty({ description: 'number of replays in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
