import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { type DataSubject, DataSubjectSection, type DataSubjectType, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { DataRequestDto, DataRequestKind } from './dto/data-request.dto';

const COLUMNS = `r.id, r.kind, r.subject_type, r.subject_id, r.status, ${isoColumn('r', 'download_expires_at')}, r.requested_by, r.error,
  ${isoColumn('r', 'completed_at')}, ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;

export type ClaimedRequest = DataRequestDto & { workspace_id: string };

/** Every id that stands for the subject (its robots, agents, operators). */
const subjectIds = (s: DataSubject) => [...s.robotIds, ...s.serviceAgentIds, ...s.userIds];

// Data requests: earlier data requests about the subject (an erasure deletes their export documents).
@DataSubjectSection('data_requests')
@Injectable()
export class DataRequestsRepository implements PagedSubjectData {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Whether the subject is one of the workspace's (an operator with a membership or SCIM record,
   * a visible service agent, a robot) and, for an operator, whether they own the workspace.
   */
  async subjectState(workspaceId: string, type: DataSubjectType, id: string): Promise<{ exists: boolean; owner: boolean }> {
    const sql = {
      user: `SELECT (SELECT role FROM memberships WHERE user_id = $1 AND workspace_id = $2) = 'owner' AS owner
              WHERE EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND workspace_id = $2)
                 OR EXISTS (SELECT 1 FROM scim_users WHERE user_id = $1 AND workspace_id = $2)`,
      service_agent: `SELECT false AS owner FROM service_agents WHERE id = $1 AND workspace_id = $2 AND NOT hidden`,
      robot: `SELECT false AS owner FROM robots WHERE id = $1 AND workspace_id = $2`,
    }[type];
    const rows: { owner: boolean | null }[] = await this.db.query(sql, [id, workspaceId]);
    return { exists: rows.length > 0, owner: rows[0]?.owner === true };
  }

  /** The records that stand for the subject: a robot and its bound agent, or an agent and its robot, or an operator. */
  async resolve(workspaceId: string, type: DataSubjectType, id: string): Promise<DataSubject> {
    const subject: DataSubject = { workspaceId, type, id, robotIds: [], serviceAgentIds: [], userIds: [] };
    if (type === 'user') return { ...subject, userIds: [id] };
    const rows: { robot_id: string | null; agent_id: string | null }[] = await this.db.query(
      type === 'robot'
        ? `SELECT id AS robot_id, service_agent_id AS agent_id FROM robots WHERE id = $1 AND workspace_id = $2`
        : `SELECT r.id AS robot_id, a.id AS agent_id FROM service_agents a LEFT JOIN robots r ON r.service_agent_id = a.id
            WHERE a.id = $1 AND a.workspace_id = $2 AND NOT a.hidden`,
      [id, workspaceId],
    );
    const row = rows[0] ?? (type === 'robot' ? { robot_id: id, agent_id: null } : { robot_id: null, agent_id: id });
    return { ...subject, robotIds: row.robot_id ? [row.robot_id] : [], serviceAgentIds: row.agent_id ? [row.agent_id] : [] };
  }

  async insert(
    m: EntityManager,
    r: { workspaceId: string; kind: DataRequestKind; subjectType: DataSubjectType; subjectId: string; requestedBy: string },
  ): Promise<DataRequestDto> {
    const rows = await m.query(
      `INSERT INTO data_requests AS r (workspace_id, kind, subject_type, subject_id, requested_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [r.workspaceId, r.kind, r.subjectType, r.subjectId, r.requestedBy],
    );
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<DataRequestDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM data_requests r WHERE r.id = $1 AND r.workspace_id = $2`, [id, workspaceId]);
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: DataRequestDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'data_requests', alias: 'r', scope: 'r.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  // ---- processing ----------------------------------------------------------------------------

  /** Takes a pending (or interrupted) request for processing; undefined when it is finished or gone. */
  async claim(id: string): Promise<ClaimedRequest | undefined> {
    const [rows] = await this.db.query(
      `UPDATE data_requests AS r SET status = 'processing', updated_at = now()
        WHERE r.id = $1 AND r.status IN ('pending', 'processing') RETURNING ${COLUMNS}, r.workspace_id`,
      [id],
    );
    return (rows as ClaimedRequest[])[0];
  }

  /** Ends a request (completed, or failed with the reason); returns it as it now is. */
  async finish(
    m: EntityManager,
    id: string,
    outcome: { status: 'completed'; at: Date; downloadExpiresAt: Date | null } | { status: 'failed'; at: Date; error: string },
  ): Promise<DataRequestDto & { workspace_id: string }> {
    const [rows] = await m.query(
      `UPDATE data_requests AS r SET status = $2, completed_at = CASE WHEN $2 = 'completed' THEN $3::timestamptz END,
              download_expires_at = $4, error = $5, updated_at = now()
        WHERE r.id = $1 RETURNING ${COLUMNS}, r.workspace_id`,
      [
        id,
        outcome.status,
        outcome.at,
        outcome.status === 'completed' ? outcome.downloadExpiresAt : null,
        outcome.status === 'failed' ? outcome.error : null,
      ],
    );
    return rows[0];
  }

  async deleteParts(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM data_request_export_parts WHERE data_request_id = $1`, [id]);
  }

  async insertPart(m: EntityManager, id: string, seq: number, section: string, items: readonly unknown[]): Promise<void> {
    await m.query(`INSERT INTO data_request_export_parts (data_request_id, seq, section, items) VALUES ($1, $2, $3, $4::jsonb)`, [
      id,
      seq,
      section,
      JSON.stringify(items),
    ]);
  }

  /** Whether an export still has its document (an erasure of its subject, or the purge, deletes it). */
  async hasParts(id: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM data_request_export_parts WHERE data_request_id = $1 LIMIT 1`, [id]);
    return rows.length > 0;
  }

  /** Parts of an export from `fromSeq`, in order. */
  parts(id: string, fromSeq: number, limit: number): Promise<{ seq: number; section: string; items: unknown[] }[]> {
    return this.db.query(
      `SELECT seq, section, items FROM data_request_export_parts WHERE data_request_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
      [id, fromSeq, limit],
    );
  }

  /** Deletes the documents of exports whose download period is over (by the database's clock); returns how many requests had parts. */
  async purgeExpired(): Promise<number> {
    const [rows] = await this.db.query(
      `DELETE FROM data_request_export_parts p USING data_requests r
        WHERE p.data_request_id = r.id AND r.download_expires_at <= now() RETURNING p.data_request_id`,
    );
    return new Set((rows as { data_request_id: string }[]).map((r) => r.data_request_id)).size;
  }

  /** Unfinished requests untouched for `stalledSeconds` (their job may never have been queued). */
  stalled(stalledSeconds: number, limit: number): Promise<{ id: string }[]> {
    return this.db.query(
      `SELECT id FROM data_requests WHERE status IN ('pending', 'processing') AND updated_at < now() - make_interval(secs => $1)
        ORDER BY updated_at LIMIT $2`,
      [stalledSeconds, limit],
    );
  }

  // ---- data requests about the subject -----------------------------------------------------

  /** A page of the data requests about a subject, or that the subject (an operator) made; by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<DataRequestDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'data_requests',
        alias: 'r',
        scope: `r.workspace_id = $1 AND (r.subject_id = ANY($2::uuid[]) OR r.requested_by = ANY($3::uuid[]))`,
        params: [s.workspaceId, subjectIds(s), s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: earlier exports about the subject hold its data, so their documents are deleted and
   * their download period ends (it is set to when they completed); an operator's name on the
   * requests they made goes.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    const ids = subjectIds(s);
    await m.query(
      `DELETE FROM data_request_export_parts WHERE data_request_id IN
         (SELECT id FROM data_requests WHERE workspace_id = $1 AND kind = 'export' AND subject_id = ANY($2::uuid[]))`,
      [s.workspaceId, ids],
    );
    await m.query(
      `UPDATE data_requests SET download_expires_at = completed_at, updated_at = now()
        WHERE workspace_id = $1 AND kind = 'export' AND subject_id = ANY($2::uuid[]) AND download_expires_at > completed_at`,
      [s.workspaceId, ids],
    );
    await m.query(`UPDATE data_requests SET requested_by = NULL WHERE workspace_id = $1 AND requested_by = ANY($2::uuid[])`, [
      s.workspaceId,
      s.userIds,
    ]);
  }
}
