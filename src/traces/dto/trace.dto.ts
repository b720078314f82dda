import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Matches, Max, Min, ValidateNested } from 'class-validator';
import { IsDateTime } from '../../core/common/validation/date-time';
import { MaxJsonBytes } from '../../core/common/validation/json-size';
import { IsText } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export const TRACE_STATUSES = ['ok', 'error'] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];
/** API.md: at most 1000 spans (and a body of at most 1 MiB, the body parser's limit: 413 beyond). */
export const MAX_SPANS = 1000;
/**
 * A trace's own attributes are in its search vector, which Postgres caps at 1 MiB (about 8 bytes
 * a distinct word): within the body's 1 MiB they could overflow it (a 500). 64 KiB, as the other
 * searched JSON (a command's payload is 32 KiB).
 */
export const TRACE_ATTRIBUTES_MAX_BYTES = 65_536;
/** A duration fits a Postgres integer: about 24.8 days in milliseconds. */
const MAX_DURATION_MS = 2_147_483_647;
const IDENTIFIER = /^[\x21-\x7e]+$/;

export class SpanDto {
  @ApiProperty({ maxLength: 64, description: 'unique within the trace; printable ASCII' })
  @Trim()
  @IsText(1, 64)
  @Matches(IDENTIFIER, { message: 'must be printable ASCII without spaces' })
  span_id: string;

  @ApiPropertyOptional({ maxLength: 64, description: 'the span_id of another span of this trace' })
  @IsOptional()
  @Trim()
  @IsText(1, 64)
  @Matches(IDENTIFIER, { message: 'must be printable ASCII without spaces' })
  parent_span_id?: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsText(1, 200)
  name: string;

  @ApiProperty({ format: 'date-time' })
  @IsDateTime()
  started_at: string;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(MAX_DURATION_MS)
  duration_ms: number;

  @ApiPropertyOptional({ enum: TRACE_STATUSES, default: 'ok' })
  @IsOptional()
  @IsIn(TRACE_STATUSES)
  status?: TraceStatus;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  attributes?: Record<string, unknown>;
}

export class CreateTraceDto {
  @ApiPropertyOptional({ maxLength: 128, description: 'unique in the workspace; generated when omitted (32 hex digits)' })
  @IsOptional()
  @Trim()
  @IsText(1, 128)
  @Matches(IDENTIFIER, { message: 'must be printable ASCII without spaces' })
  trace_id?: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsText(1, 200)
  name: string;

  @ApiProperty({ enum: TRACE_STATUSES })
  @IsIn(TRACE_STATUSES)
  status: TraceStatus;

  @ApiProperty({ format: 'date-time' })
  @IsDateTime()
  started_at: string;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(MAX_DURATION_MS)
  duration_ms: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: `at most ${TRACE_ATTRIBUTES_MAX_BYTES} bytes as JSON` })
  @IsOptional()
  @IsObject()
  @MaxJsonBytes(TRACE_ATTRIBUTES_MAX_BYTES)
  attributes?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [SpanDto], maxItems: MAX_SPANS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SPANS)
  @ValidateNested({ each: true })
  @Type(() => SpanDto)
  spans?: SpanDto[];
}

export class TraceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() trace_id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the agent whose credential sent it' })
  service_agent_id: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ enum: TRACE_STATUSES }) status: TraceStatus;
  @ApiProperty({ format: 'date-time' }) started_at: string;
  @ApiProperty() duration_ms: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) attributes: Record<string, unknown>;
  @ApiProperty() span_count: number;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class StoredSpanDto {
  @ApiProperty() span_id: string;
  @ApiProperty({ nullable: true, type: String }) parent_span_id: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) started_at: string;
  @ApiProperty() duration_ms: number;
  @ApiProperty({ enum: TRACE_STATUSES }) status: TraceStatus;
  @ApiProperty({ type: 'object', additionalProperties: true }) attributes: Record<string, unknown>;
}

export class TraceWithSpansDto extends TraceDto {
  @ApiProperty({ type: [StoredSpanDto] }) spans: StoredSpanDto[];
}

export class TraceEnvelopeDto {
  @ApiProperty() trace: TraceDto;
}

export class TraceWithSpansEnvelopeDto {
  @ApiProperty() trace: TraceWithSpansDto;
}

/** API.md: default 50, max 100; only the nested filter map (SPEC.md list filters, 3). */
export const TRACE_LIST = defineList({
  key: 'traces',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  nestedOnly: true,
  filters: [
    { name: 'status', values: TRACE_STATUSES },
    { name: 'service_agent_id', values: 'uuid' },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class TraceListDto {
  @ApiProperty({ type: [TraceDto] }) traces: TraceDto[];
  @ApiProperty({ description: 'number of traces in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
