import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import type { ListQuery } from '../core/listing/list-query';
import type { ReplayDto, WorkflowTargetDto } from './dto/replay.dto';

const TARGET_COLUMNS = `w.id, w.name, w.url, ${isoColumn('w', 'inserted_at')}`;
const REPLAY_COLUMNS = `r.id, r.trace_id, r.workflow_target_id, r.status, r.response_status, r.attempts, r.last_error,
  ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;

/** What a replay attempt needs: the target's address and sealed secret, the trace's record. */
export interface ReplayWork {
  replay: ReplayDto;
  workspace_id: string;
  url: string;
  sealed_secret: string;
  target_deleted: boolean;
}

/** SQL of workflow targets and replays. */
@Injectable()
export class ReplaysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insertTarget(id: string, workspaceId: string, name: string, url: string, sealedSecret: string): Promise<WorkflowTargetDto> {
    const rows: WorkflowTargetDto[] = await this.db.query(
      `INSERT INTO workflow_targets AS w (id, workspace_id, name, url, secret) VALUES ($1, $2, $3, $4, $5) RETURNING ${TARGET_COLUMNS}`,
      [id, workspaceId, name, url, sealedSecret],
    );
    return rows[0];
  }

  listTargets(workspaceId: string, q: ListQuery): Promise<{ rows: WorkflowTargetDto[]; total: number }> {
    return listPage(
      this.db,
      {
        columns: TARGET_COLUMNS,
        table: 'workflow_targets',
        alias: 'w',
        scope: 'w.workspace_id = $1 AND w.deleted_at IS NULL',
        params: [workspaceId],
      },
      q,
    );
  }

  /** Deletes a live target of the workspace; false when there is none with that id. */
  async deleteTarget(workspaceId: string, id: string): Promise<boolean> {
    const [rows] = await this.db.query(
      `UPDATE workflow_targets SET deleted_at = now() WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL RETURNING id`,
      [id, workspaceId],
    );
    return rows.length > 0;
  }

  /**
   * A queued replay of a trace of the workspace to a live target of it (the one named, else the
   * newest); undefined for the part that is not the workspace's: 'trace' or 'target'.
   */
  async insertReplay(
    workspaceId: string,
    traceId: string,
    targetId: string | null,
    serviceAgentId: string,
  ): Promise<ReplayDto | 'trace' | 'target'> {
    const rows: (ReplayDto & { missing: string | null })[] = await this.db.query(
      `WITH t AS (SELECT id FROM traces WHERE workspace_id = $1 AND id = $2),
            w AS (SELECT id FROM workflow_targets WHERE workspace_id = $1 AND deleted_at IS NULL AND ($3::uuid IS NULL OR id = $3)
                  ORDER BY inserted_at DESC, id DESC LIMIT 1),
            r AS (INSERT INTO replays (workspace_id, trace_id, workflow_target_id, service_agent_id)
                  SELECT $1, t.id, w.id, $4 FROM t, w RETURNING *)
       SELECT ${REPLAY_COLUMNS}, NULL AS missing FROM r
       UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
              CASE WHEN NOT EXISTS (SELECT 1 FROM t) THEN 'trace' ELSE 'target' END
        WHERE NOT EXISTS (SELECT 1 FROM r)`,
      [workspaceId, traceId, targetId, serviceAgentId],
    );
    const row = rows[0];
    if (row.missing) return row.missing as 'trace' | 'target';
    const { missing: _missing, ...replay } = row;
    return replay;
  }

  listReplays(workspaceId: string, q: ListQuery): Promise<{ rows: ReplayDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: REPLAY_COLUMNS, table: 'replays', alias: 'r', scope: 'r.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** Takes the replay for an attempt (queued or running: a retried job); undefined when it is final already. */
  async claim(id: string): Promise<ReplayWork | undefined> {
    const [rows] = await this.db.query(
      `UPDATE replays AS r SET status = 'running', attempts = r.attempts + 1, updated_at = now()
         FROM workflow_targets w
        WHERE r.id = $1 AND r.status IN ('queued', 'running') AND w.id = r.workflow_target_id
        RETURNING ${REPLAY_COLUMNS}, r.workspace_id, w.url, w.secret AS sealed_secret, w.deleted_at IS NOT NULL AS target_deleted`,
      [id],
    );
    const row = rows[0] as (ReplayDto & Omit<ReplayWork, 'replay'>) | undefined;
    if (!row) return undefined;
    const { workspace_id, url, sealed_secret, target_deleted, ...replay } = row;
    return { replay, workspace_id, url, sealed_secret, target_deleted };
  }

  /** Records an attempt's outcome: final (succeeded or failed) or queued again for a retry. */
  async record(id: string, status: 'succeeded' | 'failed' | 'queued', responseStatus: number | null, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE replays SET status = $2, response_status = $3, last_error = $4, updated_at = now() WHERE id = $1 AND status = 'running'`,
      [id, status, responseStatus, error],
    );
  }

  /**
   * Replays not final that were last touched before `before`: queued ones whose job may have been
   * lost, and running ones whose attempt ended without an outcome (its job failed for good while
   * Postgres was out of reach, or its worker died).
   */
  async overdue(before: Date, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM replays WHERE status IN ('queued', 'running') AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  async touch(ids: string[]): Promise<void> {
    if (ids.length > 0)
      await this.db.query(`UPDATE replays SET updated_at = now() WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'running')`, [ids]);
  }
}
