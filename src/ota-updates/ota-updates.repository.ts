import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { OtaUpdateDto, OtaUpdateParams } from './dto/ota-update.dto';
import type { OtaStatus } from './ota-status';

const COLUMNS = `o.id, o.robot_id, o.service_agent_id, o.update_type, o.version, o.artifact_url, o.sha256, o.status, o.detail,
  o.agent_command_id, o.batch_operation_id, o.created_by, ${isoColumn('o', 'finished_at')},
  ${isoColumn('o', 'inserted_at')}, ${isoColumn('o', 'updated_at')}`;

/** An update as a change found it before, and as it left it. */
export interface OtaChange {
  before: { status: OtaStatus; detail: string | null };
  after: OtaUpdateDto;
}

// Data requests: a subject robot's updates (what it reported erased), and an operator's name on updates they created.
@DataSubjectSection('ota_updates')
@Injectable()
export class OtaUpdatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A pending update of a robot, or undefined when the robot already has an open one (ota_updates_one_open_key). */
  async insertPending(
    m: EntityManager,
    o: OtaUpdateParams & {
      workspaceId: string;
      robotId: string;
      serviceAgentId: string;
      createdBy: string | null;
      batchOperationId: string | null;
    },
  ): Promise<OtaUpdateDto | undefined> {
    const rows: OtaUpdateDto[] = await m.query(
      `INSERT INTO ota_updates AS o (workspace_id, robot_id, service_agent_id, update_type, version, artifact_url, sha256, created_by, batch_operation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (robot_id) WHERE status IN ('pending', 'downloading', 'installing') DO NOTHING
       RETURNING ${COLUMNS}`,
      [o.workspaceId, o.robotId, o.serviceAgentId, o.update_type, o.version, o.artifact_url, o.sha256, o.createdBy, o.batchOperationId],
    );
    return rows[0];
  }

  async setCommand(m: EntityManager, id: string, commandId: string): Promise<OtaUpdateDto> {
    const [rows] = await m.query(`UPDATE ota_updates AS o SET agent_command_id = $2 WHERE o.id = $1 RETURNING ${COLUMNS}`, [id, commandId]);
    return rows[0];
  }

  async find(workspaceId: string, id: string): Promise<OtaUpdateDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM ota_updates o WHERE o.id = $1 AND o.workspace_id = $2`, [id, workspaceId]);
    return rows[0];
  }

  /** An update of the robot bound to the agent (what a robot may read and report on). */
  async findForAgent(workspaceId: string, serviceAgentId: string, id: string): Promise<OtaUpdateDto | undefined> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM ota_updates o JOIN robots r ON r.id = o.robot_id
        WHERE o.id = $1 AND o.workspace_id = $2 AND r.service_agent_id = $3`,
      [id, workspaceId, serviceAgentId],
    );
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: OtaUpdateDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'ota_updates', alias: 'o', scope: 'o.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** The updates of the robot bound to the agent. */
  listForAgent(workspaceId: string, serviceAgentId: string, q: ListQuery): Promise<{ rows: OtaUpdateDto[]; total: number }> {
    return listPage(
      this.db,
      {
        columns: COLUMNS,
        table: 'ota_updates',
        alias: 'o',
        scope: 'o.workspace_id = $1 AND o.robot_id IN (SELECT id FROM robots WHERE service_agent_id = $2)',
        params: [workspaceId, serviceAgentId],
      },
      q,
    );
  }

  /**
   * Moves an update to `to` if it is in one of `from` (and, for a robot's report, belongs to the
   * robot bound to `serviceAgentId`), in `m`'s transaction; a final status stamps finished_at.
   * Undefined when nothing matched. `detail` undefined keeps the detail.
   */
  async transition(
    m: EntityManager,
    where: { workspaceId: string; id: string; serviceAgentId?: string },
    from: readonly OtaStatus[],
    to: OtaStatus,
    detail: string | undefined,
    now: Date,
  ): Promise<OtaChange | undefined> {
    const rows = await m.query(
      `WITH before AS (
         SELECT o.id, o.status, o.detail FROM ota_updates o
          WHERE o.id = $1 AND o.workspace_id = $2
            AND ($3::uuid IS NULL OR o.robot_id IN (SELECT id FROM robots WHERE service_agent_id = $3))
          FOR UPDATE)
       UPDATE ota_updates AS o
          SET status = $5, detail = COALESCE($6, o.detail), updated_at = now(),
              finished_at = CASE WHEN $5 IN ('succeeded', 'failed', 'cancelled') THEN $7 ELSE o.finished_at END
         FROM before WHERE o.id = before.id AND before.status = ANY($4::text[])
       RETURNING ${COLUMNS}, before.status AS before_status, before.detail AS before_detail`,
      [where.id, where.workspaceId, where.serviceAgentId ?? null, from, to, detail ?? null, now],
    );
    const row = (rows as [unknown[], number])[0][0] as
      (OtaUpdateDto & { before_status: OtaStatus; before_detail: string | null }) | undefined;
    if (!row) return undefined;
    const { before_status, before_detail, ...after } = row;
    return { before: { status: before_status, detail: before_detail }, after };
  }

  /** A page of the updates of a data subject's robots, or that the subject (an operator) created; by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<OtaUpdateDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'ota_updates',
        alias: 'o',
        scope: `o.workspace_id = $1 AND (o.robot_id = ANY($2::uuid[]) OR o.service_agent_id = ANY($3::uuid[]) OR o.created_by = ANY($4::uuid[]))`,
        params: [s.workspaceId, s.robotIds, s.serviceAgentIds, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: what a subject's robots reported (detail), and an operator's name on updates they created. */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE ota_updates SET detail = NULL, updated_at = now()
        WHERE workspace_id = $1 AND (robot_id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[])) AND detail IS NOT NULL`,
      [s.workspaceId, s.robotIds, s.serviceAgentIds],
    );
    await m.query(`UPDATE ota_updates SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`, [
      s.workspaceId,
      s.userIds,
    ]);
  }
}
