import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { listEnvelope } from '../core/listing/list-envelope';
import { TracesRepository } from './traces.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { CreateTraceDto, StoredSpanDto, TRACE_LIST, TraceDto, TraceListDto, TraceWithSpansDto } from './dto/trace.dto';

/** Spans as stored: every optional field present, dates normalised to ISO 8601 UTC. */
function storedSpans(dto: CreateTraceDto): StoredSpanDto[] {
  const spans = dto.spans ?? [];
  const ids = new Set<string>();
  const errors: Record<string, string[]> = {};
  spans.forEach((s, i) => {
    if (ids.has(s.span_id)) errors[`spans.${i}.span_id`] = ['must be unique within the trace'];
    ids.add(s.span_id);
  });
  spans.forEach((s, i) => {
    if (s.parent_span_id !== undefined && !ids.has(s.parent_span_id))
      errors[`spans.${i}.parent_span_id`] = ['must be the span_id of a span of this trace'];
  });
  if (Object.keys(errors).length > 0) throw new ValidationProblem(errors);
  return spans.map((s) => ({
    span_id: s.span_id,
    parent_span_id: s.parent_span_id ?? null,
    name: s.name,
    started_at: new Date(s.started_at).toISOString(),
    duration_ms: s.duration_ms,
    status: s.status ?? 'ok',
    attributes: s.attributes ?? {},
  }));
}

/**
 * Traces (API.md Part 2): ingested by machine credentials with `traces:write`, each with up to
 * 1000 spans stored in the trace's own row; read by id (`traces:read`) and listed by operators.
 * A trace_id is unique in its workspace: sending one twice is 409 `trace_id_taken`.
 */
@Injectable()
export class TracesService {
  constructor(private readonly traces: TracesRepository) {}

  async ingest(workspaceId: string, serviceAgentId: string, dto: CreateTraceDto): Promise<TraceDto> {
    const spans = storedSpans(dto);
    const trace = await this.traces.insert(workspaceId, {
      traceId: dto.trace_id ?? randomBytes(16).toString('hex'),
      serviceAgentId,
      name: dto.name,
      status: dto.status,
      startedAt: new Date(dto.started_at).toISOString(),
      durationMs: dto.duration_ms,
      attributes: dto.attributes ?? {},
      spans,
    });
    if (!trace) throw new ConflictProblem('trace_id_taken');
    return trace;
  }

  /** The trace with its spans; 404 for an unknown or foreign id. */
  async get(workspaceId: string, id: string): Promise<TraceWithSpansDto> {
    const trace = await this.traces.find(workspaceId, id);
    if (!trace) throw new NotFoundProblem();
    return trace;
  }

  async list(workspaceId: string, q: ListQuery<typeof TRACE_LIST.key, true>): Promise<TraceListDto> {
    const { rows, total } = await this.traces.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }
}
