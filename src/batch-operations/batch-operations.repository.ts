import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import {
  BATCH_OPERATION_LIST,
  BATCH_TARGET_LIST,
  type BatchOperationDto,
  type BatchStatus,
  type BatchTargetDto,
} from './dto/batch-operation.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { BatchAction, TargetOutcome, TargetStatus } from './batch-action';

const COLUMNS = `b.id, b.action, b.params, b.status, b.total, b.succeeded, b.failed, b.skipped, b.cohort_id, b.created_by, b.error,
  ${isoColumn('b', 'started_at')}, ${isoColumn('b', 'finished_at')}, ${isoColumn('b', 'cancelled_at')}, b.cancelled_by,
  ${isoColumn('b', 'inserted_at')}, ${isoColumn('b', 'updated_at')}`;
const OPERATION_ROW = {
  id: t.uuid,
  action: t.text.of<BatchAction>(),
  params: t.json.of<Record<string, unknown>>(),
  status: t.text.of<BatchStatus>(),
  total: t.int,
  succeeded: t.int,
  failed: t.int,
  skipped: t.int,
  cohort_id: t.uuid.null,
  created_by: t.uuid.null,
  error: t.text.null,
  started_at: t.text.null,
  finished_at: t.text.null,
  cancelled_at: t.text.null,
  cancelled_by: t.uuid.null,
  inserted_at: t.text,
  updated_at: t.text,
};
const TARGET_ROW = { target_id: t.uuid, status: t.text.of<TargetStatus>(), error: t.text.null };

const INSERT_OPERATION = statement({
  label: 'insert_batch_operation',
  text: `INSERT INTO batch_operations AS b (workspace_id, action, params, total, cohort_id, created_by, chunk_size)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.json, t.int, t.uuid.null, t.uuid, t.int],
  row: OPERATION_ROW,
});

const INSERT_TARGETS = statement({
  label: 'insert_batch_operation_targets',
  text: `INSERT INTO batch_operation_targets (batch_operation_id, position, target_id)
         SELECT $1, n::int, t FROM unnest($2::uuid[]) WITH ORDINALITY AS u(t, n)`,
  params: [t.uuid, t.uuidArray],
});

const FIND_OPERATION = statement({
  label: 'find_batch_operation',
  text: `SELECT ${COLUMNS} FROM batch_operations b WHERE b.id = $1 AND b.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: OPERATION_ROW,
});

const OPERATIONS = listStatements(BATCH_OPERATION_LIST, {
  label: 'list_batch_operations',
  columns: COLUMNS,
  from: 'batch_operations',
  alias: 'b',
  scope: 'b.workspace_id = $1',
  params: [t.uuid],
  row: OPERATION_ROW,
});

/** An operation's targets, in the order they are applied. */
const TARGETS = listStatements(BATCH_TARGET_LIST, {
  label: 'list_batch_operation_targets',
  columns: 't.target_id, t.status, t.error',
  from: 'batch_operation_targets',
  alias: 't',
  scope: 't.batch_operation_id = $1',
  params: [t.uuid],
  row: TARGET_ROW,
});

const LOCK_OPERATION = statement({
  label: 'lock_batch_operation',
  text: `SELECT ${COLUMNS}, b.workspace_id, b.chunk_size, b.chunks_done FROM batch_operations b WHERE b.id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: { ...OPERATION_ROW, workspace_id: t.uuid, chunk_size: t.int, chunks_done: t.int },
});

const MARK_RUNNING = statement({
  label: 'mark_batch_operation_running',
  text: `UPDATE batch_operations SET status = 'running', started_at = $2, updated_at = now() WHERE id = $1 AND status = 'queued'`,
  params: [t.uuid, t.timestamptz],
});

const NEXT_PENDING = statement({
  label: 'next_pending_batch_targets',
  text: `SELECT target_id FROM batch_operation_targets WHERE batch_operation_id = $1 AND status = 'pending' ORDER BY position LIMIT $2`,
  params: [t.uuid, t.bigint],
  row: { target_id: t.uuid },
});

const RECORD_TARGET_OUTCOMES = statement({
  label: 'record_batch_target_outcomes',
  text: `UPDATE batch_operation_targets t SET status = v.status, error = v.error, updated_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS v(target_id, status, error)
        WHERE t.batch_operation_id = $1 AND t.target_id = v.target_id AND t.status = 'pending'`,
  params: [t.uuid, t.uuidArray, t.textArray, t.textArray],
});

const COUNT_CHUNK = statement({
  label: 'count_batch_chunk',
  text: `UPDATE batch_operations SET succeeded = succeeded + $2, failed = failed + $3, skipped = skipped + $4,
              chunks_done = chunks_done + 1, updated_at = now()
        WHERE id = $1`,
  params: [t.uuid, t.int, t.int, t.int],
});

/**
 * In position order, as NEXT_PENDING: the pending targets' partial index then answers at its first
 * entry. Without an order the planner, counting on pending rows being everywhere, read the table
 * from its start, past every target already done (of this operation and of others): a read per
 * chunk that grew with the operation (test/fleet-scale-plans.e2e-spec.ts).
 */
const HAS_PENDING = statement({
  label: 'batch_operation_has_pending',
  text: `SELECT 1 AS pending FROM batch_operation_targets WHERE batch_operation_id = $1 AND status = 'pending' ORDER BY position LIMIT 1`,
  params: [t.uuid],
  row: { pending: t.int },
});

const FINISH_OPERATION = statement({
  label: 'finish_batch_operation',
  text: `UPDATE batch_operations AS b SET status = $2, finished_at = $3, error = $4, updated_at = now() WHERE b.id = $1 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.timestamptz, t.text.null],
  row: OPERATION_ROW,
});

const CANCEL_OPERATION = statement({
  label: 'cancel_batch_operation',
  text: `WITH before AS (
         SELECT id AS operation_id, status AS previous_status FROM batch_operations
          WHERE id = $1 AND workspace_id = $2 AND status IN ('queued', 'running') FOR NO KEY UPDATE)
       UPDATE batch_operations SET status = 'cancelled', cancelled_at = $3, cancelled_by = $4, finished_at = $3, updated_at = now()
         FROM before WHERE id = before.operation_id RETURNING id, before.previous_status`,
  params: [t.uuid, t.uuid, t.timestamptz, t.uuid],
  row: { id: t.uuid, previous_status: t.text.of<BatchStatus>() },
});

const SKIP_LEFT_OVER_TARGETS = statement({
  label: 'skip_cancelled_batch_targets',
  text: `WITH left_over AS (
         UPDATE batch_operation_targets SET status = 'skipped', error = 'cancelled', updated_at = now()
          WHERE batch_operation_id = $1 AND status = 'pending' RETURNING 1)
       UPDATE batch_operations AS b SET skipped = skipped + (SELECT count(*) FROM left_over) WHERE b.id = $1 RETURNING ${COLUMNS}`,
  params: [t.uuid],
  row: OPERATION_ROW,
});

const STALLED_OPERATIONS = statement({
  label: 'stalled_batch_operations',
  text: `SELECT id, chunks_done FROM batch_operations
        WHERE status IN ('queued', 'running') AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
  params: [t.float, t.bigint],
  row: { id: t.uuid, chunks_done: t.int },
});

/** A page of the operations a data subject (an operator) created or cancelled, or that target the subject; by id. */
const EXPORT_OPERATIONS = keysetStatement({
  label: 'export_batch_operations',
  columns: `${COLUMNS},
          COALESCE((SELECT jsonb_agg(jsonb_build_object('target_id', t.target_id, 'status', t.status, 'error', t.error) ORDER BY t.position)
                      FROM batch_operation_targets t
                     WHERE t.batch_operation_id = b.id AND t.target_id = ANY($2::uuid[])), '[]'::jsonb) AS subject_targets`,
  from: 'batch_operations',
  alias: 'b',
  scope: `b.workspace_id = $1
          AND (b.created_by = ANY($3::uuid[]) OR b.cancelled_by = ANY($3::uuid[])
               OR EXISTS (SELECT 1 FROM batch_operation_targets t WHERE t.batch_operation_id = b.id AND t.target_id = ANY($2::uuid[])))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: { ...OPERATION_ROW, subject_targets: t.json.of<BatchTargetDto[]>() },
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: an operator's name on the operations they created or cancelled (targets are ids, kept for the record). */
const ERASE_OPERATORS = statement({
  label: 'erase_batch_operation_operators',
  text: `UPDATE batch_operations
          SET created_by = CASE WHEN created_by = ANY($2::uuid[]) THEN NULL ELSE created_by END,
              cancelled_by = CASE WHEN cancelled_by = ANY($2::uuid[]) THEN NULL ELSE cancelled_by END
        WHERE workspace_id = $1 AND (created_by = ANY($2::uuid[]) OR cancelled_by = ANY($2::uuid[]))`,
  params: [t.uuid, t.uuidArray],
});

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
  constructor(private readonly db: Db) {}

  /** The operation and its targets (in order, each once), in `tx`. */
  async insert(
    tx: Tx,
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
    const operation = await tx.one(INSERT_OPERATION, [
      b.workspaceId,
      b.action,
      JSON.stringify(b.params),
      b.targetIds.length,
      b.cohortId,
      b.createdBy,
      b.chunkSize,
    ]);
    if (b.targetIds.length > 0) await tx.run(INSERT_TARGETS, [operation.id, b.targetIds]);
    return operation;
  }

  find(workspaceId: string, id: string): Promise<BatchOperationDto | undefined> {
    return this.db.maybe(FIND_OPERATION, [id, workspaceId]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: BatchOperationDto[]; total: number }> {
    return this.db.list(OPERATIONS, [workspaceId], q);
  }

  /** A page of an operation's targets, in the order they are applied. */
  targets(id: string, q: ListQuery): Promise<BatchTargetDto[]> {
    return this.db.listRows(TARGETS, [id], q);
  }

  // ---- the runner ------------------------------------------------------------------------

  /** Locks the operation until the transaction ends: chunks of one operation, and a cancel, run one at a time. */
  lock(tx: Tx, id: string): Promise<LockedOperation | undefined> {
    return tx.maybe(LOCK_OPERATION, [id]);
  }

  async markRunning(tx: Tx, id: string, now: Date): Promise<void> {
    await tx.run(MARK_RUNNING, [id, now]);
  }

  /** The next `limit` pending targets, in order. */
  async nextPending(tx: Tx, id: string, limit: number): Promise<string[]> {
    const rows = await tx.rows(NEXT_PENDING, [id, limit]);
    return rows.map((r) => r.target_id);
  }

  /** Records a chunk's outcomes on its (still pending) targets and adds them to the counters. */
  async recordChunk(tx: Tx, id: string, outcomes: ReadonlyMap<string, TargetOutcome>): Promise<void> {
    const ids = [...outcomes.keys()];
    const counts: ChunkCounts = { succeeded: 0, failed: 0, skipped: 0 };
    for (const o of outcomes.values()) counts[o.status]++;
    // An outcome without an error is a NULL element of $4 (pg sends a null element as NULL).
    const errors = ids.map((k) => outcomes.get(k)!.error ?? null) as string[];
    await tx.run(RECORD_TARGET_OUTCOMES, [id, ids, ids.map((k) => outcomes.get(k)!.status), errors]);
    await tx.run(COUNT_CHUNK, [id, counts.succeeded, counts.failed, counts.skipped]);
  }

  async hasPending(tx: Tx, id: string): Promise<boolean> {
    return (await tx.maybe(HAS_PENDING, [id])) !== undefined;
  }

  /** Ends an operation (completed or failed); returns it as it now is. */
  finish(tx: Tx, id: string, status: 'completed' | 'failed', now: Date, error: string | null = null): Promise<BatchOperationDto> {
    return tx.one(FINISH_OPERATION, [id, status, now, error]);
  }

  /**
   * Cancels a queued or running operation of the workspace. It waits for a chunk in progress to
   * commit (the chunk holds the operation's row lock), then marks every target still pending
   * skipped with error `cancelled`; no chunk runs after. Undefined when it was not queued or
   * running (or not found).
   */
  /** Cancels a queued or running operation: the operation now and the status it had; undefined when it was neither (or not the workspace's). */
  async cancel(
    tx: Tx,
    workspaceId: string,
    id: string,
    userId: string,
    now: Date,
  ): Promise<{ operation: BatchOperationDto; previousStatus: BatchStatus } | undefined> {
    const cancelled = await tx.maybe(CANCEL_OPERATION, [id, workspaceId, now, userId]);
    if (!cancelled) return undefined;
    return { operation: await tx.one(SKIP_LEFT_OVER_TARGETS, [id]), previousStatus: cancelled.previous_status };
  }

  /** Queued or running operations whose last change is older than `stalledSeconds` (their next chunk may never have been queued). */
  stalled(stalledSeconds: number, limit: number): Promise<{ id: string; chunks_done: number }[]> {
    return this.db.rows(STALLED_OPERATIONS, [stalledSeconds, limit]);
  }

  // ---- data requests ---------------------------------------------------------------------

  /** A page of the operations a data subject (an operator) created or cancelled, or that target the subject; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<(BatchOperationDto & { subject_targets: BatchTargetDto[] })[]> {
    return m.rows(EXPORT_OPERATIONS, [s.workspaceId, [...s.robotIds, ...s.serviceAgentIds], s.userIds, after ?? null]);
  }

  /** Erasure: an operator's name on the operations they created or cancelled (targets are ids, kept for the record). */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_OPERATORS, [s.workspaceId, s.userIds]);
  }
}
