import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, PagedSubjectData } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { StoredSpanDto, TraceDto, TraceStatus, TraceWithSpansDto } from './dto/trace.dto';

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

/** What an erased trace keeps: its ids, times and status; names and attributes go. */
export const ERASED_TRACE_NAME = '[erased]';

/** Traces and their spans: one row each, the spans a jsonb array in it (written and read in one statement). */
// Data requests: the traces a subject's agents sent; an erasure blanks their names, attributes and spans.
@DataSubjectSection('traces')
@Injectable()
export class TracesRepository implements PagedSubjectData {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The new trace, or undefined when the workspace already has one with this trace_id. */
  async insert(workspaceId: string, t: NewTrace): Promise<TraceDto | undefined> {
    const rows: TraceDto[] = await this.db.query(
      `INSERT INTO traces AS t (workspace_id, service_agent_id, trace_id, name, status, started_at, duration_ms, attributes, spans, span_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (workspace_id, trace_id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        workspaceId,
        t.serviceAgentId,
        t.traceId,
        t.name,
        t.status,
        t.startedAt,
        t.durationMs,
        t.attributes,
        JSON.stringify(t.spans),
        t.spans.length,
      ],
    );
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<TraceWithSpansDto | undefined> {
    const rows: TraceWithSpansDto[] = await this.db.query(
      `SELECT ${COLUMNS}, t.spans FROM traces t WHERE t.workspace_id = $1 AND t.id = $2`,
      [workspaceId, id],
    );
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: TraceDto[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'traces', alias: 't', scope: 't.workspace_id = $1', params: [workspaceId] }, q);
  }

  /** Data requests: a page of the traces a subject's agents sent, with their spans, by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<TraceWithSpansDto[]> {
    return keysetPage(
      m,
      {
        columns: `${COLUMNS}, t.spans`,
        table: 'traces',
        alias: 't',
        scope: 't.workspace_id = $1 AND t.service_agent_id = ANY($2::uuid[])',
        params: [s.workspaceId, s.serviceAgentIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: the subject's traces keep their ids, times, status and span count, but lose their
   * name, attributes and spans (where what the agent did is written). Idempotent.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE traces SET name = '${ERASED_TRACE_NAME}', attributes = '{}'::jsonb, spans = '[]'::jsonb
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (name <> '${ERASED_TRACE_NAME}' OR attributes <> '{}'::jsonb OR spans <> '[]'::jsonb)`,
      [s.workspaceId, s.serviceAgentIds],
    );
  }
}
