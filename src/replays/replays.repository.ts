import { Injectable } from '@nestjs/common';
import { Db } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { REPLAY_LIST, type ReplayDto, type ReplayStatus, WORKFLOW_TARGET_LIST, type WorkflowTargetDto } from './dto/replay.dto';
import type { ListQuery } from '../core/listing/list-query';

const TARGET_COLUMNS = `w.id, w.name, w.url, ${isoColumn('w', 'inserted_at')}`;
const TARGET_ROW = { id: t.uuid, name: t.text, url: t.text, inserted_at: t.text };
const REPLAY_COLUMNS = `r.id, r.trace_id, r.workflow_target_id, r.status, r.response_status, r.attempts, r.last_error,
  ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;
const REPLAY_ROW = {
  id: t.uuid,
  trace_id: t.uuid,
  workflow_target_id: t.uuid,
  status: t.text.of<ReplayStatus>(),
  response_status: t.int.null,
  attempts: t.int,
  last_error: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};

/** What a replay attempt needs: the target's address and sealed secret, the trace's record. */
export interface ReplayWork {
  replay: ReplayDto;
  workspace_id: string;
  url: string;
  sealed_secret: string;
  target_deleted: boolean;
}

const INSERT_TARGET = statement({
  label: 'insert_workflow_target',
  text: `INSERT INTO workflow_targets AS w (id, workspace_id, name, url, secret) VALUES ($1, $2, $3, $4, $5) RETURNING ${TARGET_COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text, t.text],
  row: TARGET_ROW,
});

const TARGETS = listStatements(WORKFLOW_TARGET_LIST, {
  label: 'list_workflow_targets',
  columns: TARGET_COLUMNS,
  from: 'workflow_targets',
  alias: 'w',
  scope: 'w.workspace_id = $1 AND w.deleted_at IS NULL',
  params: [t.uuid],
  row: TARGET_ROW,
});

/** A live target of the workspace deleted; no row when there is none with that id. */
const DELETE_TARGET = statement({
  label: 'delete_workflow_target',
  text: `UPDATE workflow_targets SET deleted_at = now() WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL RETURNING id`,
  params: [t.uuid, t.uuid],
  row: { id: t.uuid },
});

/**
 * A queued replay of a trace ($2) of the workspace ($1) to a live target of it (the one named,
 * $3, else the newest); else one row naming the part that is not the workspace's, `missing`:
 * 'trace' or 'target'.
 */
const INSERT_REPLAY = statement({
  label: 'insert_replay',
  text: `WITH t AS (SELECT id FROM traces WHERE workspace_id = $1 AND id = $2),
            w AS (SELECT id FROM workflow_targets WHERE workspace_id = $1 AND deleted_at IS NULL AND ($3::uuid IS NULL OR id = $3)
                  ORDER BY inserted_at DESC, id DESC LIMIT 1),
            r AS (INSERT INTO replays (workspace_id, trace_id, workflow_target_id, service_agent_id)
                  SELECT $1, t.id, w.id, $4 FROM t, w RETURNING *)
       SELECT ${REPLAY_COLUMNS}, NULL AS missing FROM r
       UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
              CASE WHEN NOT EXISTS (SELECT 1 FROM t) THEN 'trace' ELSE 'target' END
        WHERE NOT EXISTS (SELECT 1 FROM r)`,
  params: [t.uuid, t.uuid, t.uuid.null, t.uuid],
  row: { ...REPLAY_ROW, missing: t.text.of<'trace' | 'target'>().null },
});

const REPLAYS = listStatements(REPLAY_LIST, {
  label: 'list_replays',
  columns: REPLAY_COLUMNS,
  from: 'replays',
  alias: 'r',
  scope: 'r.workspace_id = $1',
  params: [t.uuid],
  row: REPLAY_ROW,
});

/** The replay taken for an attempt (queued or running: a retried job); no row when it is final already. */
const CLAIM = statement({
  label: 'claim_replay',
  text: `UPDATE replays AS r SET status = 'running', attempts = r.attempts + 1, updated_at = now()
         FROM workflow_targets w
        WHERE r.id = $1 AND r.status IN ('queued', 'running') AND w.id = r.workflow_target_id
        RETURNING ${REPLAY_COLUMNS}, r.workspace_id, w.url, w.secret AS sealed_secret, w.deleted_at IS NOT NULL AS target_deleted`,
  params: [t.uuid],
  row: { ...REPLAY_ROW, workspace_id: t.uuid, url: t.text, sealed_secret: t.text, target_deleted: t.bool },
});

/** An attempt's outcome: final (succeeded or failed) or queued again for a retry. */
const RECORD = statement({
  label: 'record_replay_attempt',
  text: `UPDATE replays SET status = $2, response_status = $3, last_error = $4, updated_at = now() WHERE id = $1 AND status = 'running'`,
  params: [t.uuid, t.text.of<'succeeded' | 'failed' | 'queued'>(), t.int.null, t.text.null],
});

/**
 * Replays not final that were last touched before $1: queued ones whose job may have been lost,
 * and running ones whose attempt ended without an outcome (its job failed for good while
 * Postgres was out of reach, or its worker died).
 */
const OVERDUE = statement({
  label: 'overdue_replays',
  text: `SELECT id FROM replays WHERE status IN ('queued', 'running') AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
  params: [t.timestamptz, t.bigint],
  row: { id: t.uuid },
});

const TOUCH = statement({
  label: 'touch_replays',
  text: `UPDATE replays SET updated_at = now() WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'running')`,
  params: [t.uuidArray],
});

/** SQL of workflow targets and replays. */
@Injectable()
export class ReplaysRepository {
  constructor(private readonly db: Db) {}

  insertTarget(id: string, workspaceId: string, name: string, url: string, sealedSecret: string): Promise<WorkflowTargetDto> {
    return this.db.one(INSERT_TARGET, [id, workspaceId, name, url, sealedSecret]);
  }

  listTargets(workspaceId: string, q: ListQuery): Promise<{ rows: WorkflowTargetDto[]; total: number }> {
    return this.db.list(TARGETS, [workspaceId], q);
  }

  /** Deletes a live target of the workspace; false when there is none with that id. */
  async deleteTarget(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.maybe(DELETE_TARGET, [id, workspaceId])) !== undefined;
  }

  /**
   * A queued replay of a trace of the workspace to a live target of it (the one named, else the
   * newest); for the part that is not the workspace's: 'trace' or 'target'.
   */
  async insertReplay(
    workspaceId: string,
    traceId: string,
    targetId: string | null,
    serviceAgentId: string,
  ): Promise<ReplayDto | 'trace' | 'target'> {
    const { missing, ...replay } = await this.db.one(INSERT_REPLAY, [workspaceId, traceId, targetId, serviceAgentId]);
    return missing ?? replay;
  }

  listReplays(workspaceId: string, q: ListQuery): Promise<{ rows: ReplayDto[]; total: number }> {
    return this.db.list(REPLAYS, [workspaceId], q);
  }

  /** Takes the replay for an attempt (queued or running: a retried job); undefined when it is final already. */
  async claim(id: string): Promise<ReplayWork | undefined> {
    const row = await this.db.maybe(CLAIM, [id]);
    if (!row) return undefined;
    const { workspace_id, url, sealed_secret, target_deleted, ...replay } = row;
    return { replay, workspace_id, url, sealed_secret, target_deleted };
  }

  /** Records an attempt's outcome: final (succeeded or failed) or queued again for a retry. */
  async record(id: string, status: 'succeeded' | 'failed' | 'queued', responseStatus: number | null, error: string | null): Promise<void> {
    await this.db.run(RECORD, [id, status, responseStatus, error]);
  }

  /**
   * Replays not final that were last touched before `before`: queued ones whose job may have been
   * lost, and running ones whose attempt ended without an outcome.
   */
  async overdue(before: Date, limit: number): Promise<string[]> {
    return (await this.db.rows(OVERDUE, [before, limit])).map((r) => r.id);
  }

  async touch(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.run(TOUCH, [ids]);
  }
}
