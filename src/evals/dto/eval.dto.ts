import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNumber, IsObject, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { IsText } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export const MAX_EVAL_CASES = 1000;

export class EvalCaseDto {
  @ApiProperty({ description: 'any JSON value' })
  @IsDefined({ message: 'is required' })
  input: unknown;

  @ApiPropertyOptional({ description: 'any JSON value' })
  @IsOptional()
  expected?: unknown;
}

export class CreateEvalSuiteDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsText(1, 200)
  name: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trim()
  @IsText(0, 2000)
  description?: string;

  @ApiPropertyOptional({ type: [EvalCaseDto], maxItems: MAX_EVAL_CASES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EVAL_CASES)
  @ValidateNested({ each: true })
  @Type(() => EvalCaseDto)
  cases?: EvalCaseDto[];
}

export class EvalSuiteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ type: [EvalCaseDto] }) cases: EvalCaseDto[];
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class EvalSuiteEnvelopeDto {
  @ApiProperty() eval_suite: EvalSuiteDto;
}

/** API.md: default 50, max 100. */
export const EVAL_SUITE_LIST = defineList({
  key: 'eval_suites',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class EvalSuiteListDto {
  @ApiProperty({ type: [EvalSuiteDto] }) eval_suites: EvalSuiteDto[];
  @ApiProperty({ description: 'number of suites in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export const EVAL_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'errored'] as const;
export type EvalRunStatus = (typeof EVAL_RUN_STATUSES)[number];
export const TERMINAL_EVAL_RUN_STATUSES: readonly EvalRunStatus[] = ['passed', 'failed', 'errored'];

/** API.md: queued -> running -> passed | failed | errored; anything else is 409 invalid_transition. */
export const EVAL_RUN_TRANSITIONS: Readonly<Record<EvalRunStatus, readonly EvalRunStatus[]>> = {
  queued: ['running'],
  running: ['passed', 'failed', 'errored'],
  passed: [],
  failed: [],
  errored: [],
};

export class CreateEvalRunDto {
  @ApiProperty({ format: 'uuid', description: 'an eval suite of the workspace' })
  @IsUUID('all', { message: 'must be a UUID' })
  eval_suite_id: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  metrics?: Record<string, unknown>;
}

export class UpdateEvalRunDto {
  @ApiProperty({ enum: EVAL_RUN_STATUSES, description: 'queued -> running -> passed | failed | errored' })
  @IsIn(EVAL_RUN_STATUSES)
  status: EvalRunStatus;

  @ApiPropertyOptional({ minimum: 0, maximum: 1 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  score?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "merged into the run's metrics" })
  @IsOptional()
  @IsObject()
  metrics?: Record<string, unknown>;
}

export class EvalRunDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) eval_suite_id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) service_agent_id: string | null;
  @ApiProperty({ enum: EVAL_RUN_STATUSES }) status: EvalRunStatus;
  @ApiProperty({ nullable: true, type: Number, minimum: 0, maximum: 1 }) score: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) metrics: Record<string, unknown>;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) started_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class EvalRunEnvelopeDto {
  @ApiProperty() eval_run: EvalRunDto;
}

/**
 * SPEC.md's table: limit 0-100 (default 50), offset 0-10000, keys eval_runs and pagination; API.md:
 * only the nested filters `filter[status]` and `filter[eval_suite_id]`.
 */
export const EVAL_RUN_LIST = defineList({
  key: 'eval_runs',
  paginated: true,
  page: { limit: { min: 0, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  nestedOnly: true,
  filters: [
    { name: 'status', values: EVAL_RUN_STATUSES },
    { name: 'eval_suite_id', values: 'uuid' },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class EvalRunListDto {
  @ApiProperty({ type: [EvalRunDto] }) eval_runs: EvalRunDto[];
  @ApiProperty({ description: 'number of runs in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
