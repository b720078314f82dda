import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { listSql } from '../core/listing/list-sql';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { BatchAction, TargetOutcome } from './batch-action';
import type { BatchOperationDto, BatchTargetDto } from './dto/batch-operation.dto';

const COLUMNS = `b.id, b.action, b.params, b.status, b.total, b.succeeded, b.failed, b.skipped, b.cohort_id, b.created_by, b.error,
  ${isoColumn('b', 'started_at')}, ${isoColumn('b', 'finished_at')}, ${isoColumn('b', 'cancelled_at')}, b.cancelled_by,
  ${isoColumn('b', 'inserted_at')}, ${isoColumn('b', 'updated_at')}`;

/** An operation as the runner sees it (locked). */
export interface LockedOperation extends BatchOperationDto {
  workspace_id: string;
  chunk_size: number;
  chunks_done: number;
}

export interface ChunkCounts {
  succeeded: number;
  failed: number;
  skipped: number;
}

// Data requests: operations that targeted a subject (with those targets' outcomes), and an operator's name on those they ran.
@DataSubjectSection('batch_operations')
@Injectable()
export class BatchOperationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The operation and its targets (in order, each once), in `m`'s transaction. */
  async insert(
    m: EntityManager,
    b: {
      workspaceId: string;
      action: BatchAction;
      params: Record<string, unknown>;
      targetIds: readonly string[];
      cohortId: string | null;
      createdBy: string;
      chunkSize: number;
    },
  ): Promise<BatchOperationDto> {
    const [operation]: BatchOperationDto[] = await m.query(
      `INSERT INTO batch_operations AS b (workspace_id, action, params, total, cohort_id, created_by, chunk_size)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [b.workspaceId, b.action, JSON.stringify(b.params), b.targetIds.length, b.cohortId, b.createdBy, b.chunkSize],
    );
    if (b.targetIds.length > 0) {
      await m.query(
        `INSERT INTO batch_operation_targets (batch_operation_id, position, target_id)
         SELECT $1, n::int, t FROM unnest($2::uuid[]) WITH ORDINALITY AS u(t, n)`,
        [operation.id, b.targetIds],
      );
    }
    return operation;
  }

  async find(workspaceId: string, id: string): Promise<BatchOperationDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM batch_operations b WHERE b.id = $1 AND b.workspace_id = $2`, [
      id,
      workspaceId,
    ]);
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: BatchOperationDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'batch_operations', alias: 'b', scope: 'b.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** A page of an operation's targets, in the order they are applied. */
  targets(id: string, q: ListQuery): Promise<BatchTargetDto[]> {
    const s = listSql(q, { sql: 't.batch_operation_id = $1', params: [id], alias: 't' });
    return this.db.query(
      `SELECT t.target_id, t.status, t.error FROM batch_operation_targets t ${s.where} ${s.orderBy} ${s.limit}`,
      s.params,
    );
  }

  // ---- the runner ------------------------------------------------------------------------

  /** Locks the operation until the transaction ends: chunks of one operation, and a cancel, run one at a time. */
  async lock(m: EntityManager, id: string): Promise<LockedOperation | undefined> {
    const rows = await m.query(
      `SELECT ${COLUMNS}, b.workspace_id, b.chunk_size, b.chunks_done FROM batch_operations b WHERE b.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  async markRunning(m: EntityManager, id: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE batch_operations SET status = 'running', started_at = $2, updated_at = now() WHERE id = $1 AND status = 'queued'`,
      [id, now],
    );
  }

  /** The next `limit` pending targets, in order. */
  async nextPending(m: EntityManager, id: string, limit: number): Promise<string[]> {
    const rows: { target_id: string }[] = await m.query(
      `SELECT target_id FROM batch_operation_targets WHERE batch_operation_id = $1 AND status = 'pending' ORDER BY position LIMIT $2`,
      [id, limit],
    );
    return rows.map((r) => r.target_id);
  }

  /** Records a chunk's outcomes on its (still pending) targets and adds them to the counters. */
  async recordChunk(m: EntityManager, id: string, outcomes: ReadonlyMap<string, TargetOutcome>): Promise<void> {
    const ids = [...outcomes.keys()];
    const counts: ChunkCounts = { succeeded: 0, failed: 0, skipped: 0 };
    for (const o of outcomes.values()) counts[o.status]++;
    await m.query(
      `UPDATE batch_operation_targets t SET status = v.status, error = v.error, updated_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS v(target_id, status, error)
        WHERE t.batch_operation_id = $1 AND t.target_id = v.target_id AND t.status = 'pending'`,
      [id, ids, ids.map((k) => outcomes.get(k)!.status), ids.map((k) => outcomes.get(k)!.error ?? null)],
    );
    await m.query(
      `UPDATE batch_operations SET succeeded = succeeded + $2, failed = failed + $3, skipped = skipped + $4,
              chunks_done = chunks_done + 1, updated_at = now()
        WHERE id = $1`,
      [id, counts.succeeded, counts.failed, counts.skipped],
    );
  }

  async hasPending(m: EntityManager, id: string): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM batch_operation_targets WHERE batch_operation_id = $1 AND status = 'pending' LIMIT 1`, [id]);
    return rows.length > 0;
  }

  /** Ends an operation (completed or failed); returns it as it now is. */
  async finish(
    m: EntityManager,
    id: string,
    status: 'completed' | 'failed',
    now: Date,
    error: string | null = null,
  ): Promise<BatchOperationDto> {
    const [rows] = await m.query(
      `UPDATE batch_operations AS b SET status = $2, finished_at = $3, error = $4, updated_at = now() WHERE b.id = $1 RETURNING ${COLUMNS}`,
      [id, status, now, error],
    );
    return rows[0];
  }

  /**
   * Cancels a queued or running operation of the workspace. It waits for a chunk in progress to
   * commit (the chunk holds the operation's row lock), then marks every target still pending
   * skipped with error `cancelled`; no chunk runs after. Undefined when it was not queued or
   * running (or not found).
   */
  async cancel(m: EntityManager, workspaceId: string, id: string, userId: string, now: Date): Promise<BatchOperationDto | undefined> {
    const [cancelled] = await m.query(
      `UPDATE batch_operations SET status = 'cancelled', cancelled_at = $3, cancelled_by = $4, finished_at = $3, updated_at = now()
        WHERE id = $1 AND workspace_id = $2 AND status IN ('queued', 'running') RETURNING id`,
      [id, workspaceId, now, userId],
    );
    if ((cancelled as unknown[]).length === 0) return undefined;
    const [rows] = await m.query(
      `WITH left_over AS (
         UPDATE batch_operation_targets SET status = 'skipped', error = 'cancelled', updated_at = now()
          WHERE batch_operation_id = $1 AND status = 'pending' RETURNING 1)
       UPDATE batch_operations AS b SET skipped = skipped + (SELECT count(*) FROM left_over) WHERE b.id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0];
  }

  /** Queued or running operations whose last change is older than `stalledSeconds` (their next chunk may never have been queued). */
  async stalled(stalledSeconds: number, limit: number): Promise<{ id: string; chunks_done: number }[]> {
    return this.db.query(
      `SELECT id, chunks_done FROM batch_operations
        WHERE status IN ('queued', 'running') AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [stalledSeconds, limit],
    );
  }

  // ---- data requests ---------------------------------------------------------------------

  /** A page of the operations a data subject (an operator) created or cancelled, or that target the subject; by id. */
  exportPage(
    m: EntityManager,
    s: DataSubject,
    after: string | undefined,
  ): Promise<(BatchOperationDto & { subject_targets: BatchTargetDto[] })[]> {
    return keysetPage(
      m,
      {
        columns: `${COLUMNS},
          COALESCE((SELECT jsonb_agg(jsonb_build_object('target_id', t.target_id, 'status', t.status, 'error', t.error) ORDER BY t.position)
                      FROM batch_operation_targets t
                     WHERE t.batch_operation_id = b.id AND t.target_id = ANY($2::uuid[])), '[]'::jsonb) AS subject_targets`,
        table: 'batch_operations',
        alias: 'b',
        scope: `b.workspace_id = $1
          AND (b.created_by = ANY($3::uuid[]) OR b.cancelled_by = ANY($3::uuid[])
               OR EXISTS (SELECT 1 FROM batch_operation_targets t WHERE t.batch_operation_id = b.id AND t.target_id = ANY($2::uuid[])))`,
        params: [s.workspaceId, [...s.robotIds, ...s.serviceAgentIds], s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: an operator's name on the operations they created or cancelled (targets are ids, kept for the record). */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE batch_operations
          SET created_by = CASE WHEN created_by = ANY($2::uuid[]) THEN NULL ELSE created_by END,
              cancelled_by = CASE WHEN cancelled_by = ANY($2::uuid[]) THEN NULL ELSE cancelled_by END
        WHERE workspace_id = $1 AND (created_by = ANY($2::uuid[]) OR cancelled_by = ANY($2::uuid[]))`,
      [s.workspaceId, s.userIds],
    );
  }
}
