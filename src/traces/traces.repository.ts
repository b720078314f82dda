import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, PagedSubjectData } from '../data-subjects';
import { type StoredSpanDto, TRACE_LIST, type TraceDto, type TraceStatus, type TraceWithSpansDto } from './dto/trace.dto';
import type { ListQuery } from '../core/listing/list-query';

export interface NewTrace {
  traceId: string;
  serviceAgentId: string;
  name: string;
  status: TraceStatus;
  startedAt: string;
  durationMs: number;
  attributes: Record<string, unknown>;
  spans: StoredSpanDto[];
}

const COLUMNS = `t.id, t.trace_id, t.service_agent_id, t.name, t.status, ${isoColumn('t', 'started_at')}, t.duration_ms,
  t.attributes, t.span_count, ${isoColumn('t', 'inserted_at')}`;
const TRACE_ROW = {
  id: t.uuid,
  trace_id: t.text,
  service_agent_id: t.uuid.null,
  name: t.text,
  status: t.text.of<TraceStatus>(),
  started_at: t.text,
  duration_ms: t.int,
  attributes: t.json.of<Record<string, unknown>>(),
  span_count: t.int,
  inserted_at: t.text,
};
const TRACE_WITH_SPANS_ROW = { ...TRACE_ROW, spans: t.json.of<StoredSpanDto[]>() };

/** What an erased trace keeps: its ids, times and status; names and attributes go. */
export const ERASED_TRACE_NAME = '[erased]';

/**
 * The new trace; no row when the workspace already has one with this trace_id. Its `search`
 * vector is generated from the name, trace_id, attributes and span names as it is written.
 */
const INSERT_TRACE = statement({
  label: 'insert_trace',
  text: `INSERT INTO traces AS t (workspace_id, service_agent_id, trace_id, name, status, started_at, duration_ms, attributes, spans, span_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (workspace_id, trace_id) DO NOTHING RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text, t.text, t.timestamptz, t.int, t.json, t.json, t.int],
  row: TRACE_ROW,
});

const FIND_TRACE = statement({
  label: 'find_trace',
  text: `SELECT ${COLUMNS}, t.spans FROM traces t WHERE t.workspace_id = $1 AND t.id = $2`,
  params: [t.uuid, t.uuid],
  row: TRACE_WITH_SPANS_ROW,
});

const TRACES = listStatements(TRACE_LIST, {
  label: 'list_traces',
  columns: COLUMNS,
  from: 'traces',
  alias: 't',
  scope: 't.workspace_id = $1',
  params: [t.uuid],
  row: TRACE_ROW,
});

/** Data requests: a page of the traces a subject's agents sent, with their spans, by id. */
const EXPORT_TRACES = keysetStatement({
  label: 'export_traces',
  columns: `${COLUMNS}, t.spans`,
  from: 'traces',
  alias: 't',
  scope: 't.workspace_id = $1 AND t.service_agent_id = ANY($2::uuid[])',
  params: [t.uuid, t.uuidArray],
  row: TRACE_WITH_SPANS_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/**
 * Erasure: the subject's traces keep their ids, times, status and span count, but lose their
 * name, attributes and spans (where what the agent did is written; their search vector, generated
 * from them, goes with them). Idempotent.
 */
const ERASE_TRACES = statement({
  label: 'erase_traces',
  text: `UPDATE traces SET name = '${ERASED_TRACE_NAME}', attributes = '{}'::jsonb, spans = '[]'::jsonb
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (name <> '${ERASED_TRACE_NAME}' OR attributes <> '{}'::jsonb OR spans <> '[]'::jsonb)`,
  params: [t.uuid, t.uuidArray],
});

/** Traces and their spans: one row each, the spans a jsonb array in it (written and read in one statement). */
// Data requests: the traces a subject's agents sent; an erasure blanks their names, attributes and spans.
@DataSubjectSection('traces')
@Injectable()
export class TracesRepository implements PagedSubjectData {
  constructor(private readonly db: Db) {}

  /** The new trace, or undefined when the workspace already has one with this trace_id. */
  insert(workspaceId: string, trace: NewTrace): Promise<TraceDto | undefined> {
    return this.db.maybe(INSERT_TRACE, [
      workspaceId,
      trace.serviceAgentId,
      trace.traceId,
      trace.name,
      trace.status,
      trace.startedAt,
      trace.durationMs,
      trace.attributes,
      JSON.stringify(trace.spans),
      trace.spans.length,
    ]);
  }

  find(workspaceId: string, id: string): Promise<TraceWithSpansDto | undefined> {
    return this.db.maybe(FIND_TRACE, [workspaceId, id]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: TraceDto[]; total: number }> {
    return this.db.list(TRACES, [workspaceId], q);
  }

  /** Data requests: a page of the traces a subject's agents sent, with their spans, by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<TraceWithSpansDto[]> {
    return m.rows(EXPORT_TRACES, [s.workspaceId, s.serviceAgentIds, after ?? null]);
  }

  /**
   * Erasure: the subject's traces keep their ids, times, status and span count, but lose their
   * name, attributes and spans (where what the agent did is written). Idempotent.
   */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_TRACES, [s.workspaceId, s.serviceAgentIds]);
  }
}
