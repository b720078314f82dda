import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import { OTA_UPDATE_LIST, type OtaUpdateDto, type OtaUpdateParams } from './dto/ota-update.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { OtaStatus, OtaUpdateType } from './ota-status';

const COLUMNS = `o.id, o.robot_id, o.service_agent_id, o.update_type, o.version, o.artifact_url, o.sha256, o.status, o.detail,
  o.agent_command_id, o.batch_operation_id, o.created_by, ${isoColumn('o', 'finished_at')},
  ${isoColumn('o', 'inserted_at')}, ${isoColumn('o', 'updated_at')}`;
const OTA_ROW = {
  id: t.uuid,
  robot_id: t.uuid,
  service_agent_id: t.uuid.null,
  update_type: t.text.of<OtaUpdateType>(),
  version: t.text,
  artifact_url: t.text,
  sha256: t.text,
  status: t.text.of<OtaStatus>(),
  detail: t.text.null,
  agent_command_id: t.uuid.null,
  batch_operation_id: t.uuid.null,
  created_by: t.uuid.null,
  finished_at: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};

/** A pending update of a robot; no row when the robot already has an open one (ota_updates_one_open_key). */
const INSERT_PENDING = statement({
  label: 'insert_pending_ota_update',
  text: `INSERT INTO ota_updates AS o (workspace_id, robot_id, service_agent_id, update_type, version, artifact_url, sha256, created_by, batch_operation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (robot_id) WHERE status IN ('pending', 'downloading', 'installing') DO NOTHING
       RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.uuid, t.text, t.text, t.text, t.text, t.uuid.null, t.uuid.null],
  row: OTA_ROW,
});

const SET_COMMAND = statement({
  label: 'set_ota_update_command',
  text: `UPDATE ota_updates AS o SET agent_command_id = $2 WHERE o.id = $1 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid],
  row: OTA_ROW,
});

const FIND_UPDATE = statement({
  label: 'find_ota_update',
  text: `SELECT ${COLUMNS} FROM ota_updates o WHERE o.id = $1 AND o.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: OTA_ROW,
});

/** An update of the robot bound to the agent (what a robot may read and report on). */
const FIND_FOR_AGENT = statement({
  label: 'find_ota_update_for_agent',
  text: `SELECT ${COLUMNS} FROM ota_updates o JOIN robots r ON r.id = o.robot_id
        WHERE o.id = $1 AND o.workspace_id = $2 AND r.service_agent_id = $3`,
  params: [t.uuid, t.uuid, t.uuid],
  row: OTA_ROW,
});

const UPDATES = listStatements(OTA_UPDATE_LIST, {
  label: 'list_ota_updates',
  columns: COLUMNS,
  from: 'ota_updates',
  alias: 'o',
  scope: 'o.workspace_id = $1',
  params: [t.uuid],
  row: OTA_ROW,
});

/** The updates of the robot bound to the agent. */
const UPDATES_FOR_AGENT = listStatements(OTA_UPDATE_LIST, {
  label: 'list_ota_updates_for_agent',
  columns: COLUMNS,
  from: 'ota_updates',
  alias: 'o',
  scope: 'o.workspace_id = $1 AND o.robot_id IN (SELECT id FROM robots WHERE service_agent_id = $2)',
  params: [t.uuid, t.uuid],
  row: OTA_ROW,
});

/**
 * Moves an update to $5 if it is in one of $4 (and, for a robot's report, belongs to the robot
 * bound to the agent $3); a final status stamps finished_at. `detail` null keeps the detail.
 */
const TRANSITION = statement({
  label: 'transition_ota_update',
  text: `WITH before AS (
         SELECT o.id, o.status, o.detail FROM ota_updates o
          WHERE o.id = $1 AND o.workspace_id = $2
            AND ($3::uuid IS NULL OR o.robot_id IN (SELECT id FROM robots WHERE service_agent_id = $3))
          FOR UPDATE)
       UPDATE ota_updates AS o
          SET status = $5, detail = COALESCE($6, o.detail), updated_at = now(),
              finished_at = CASE WHEN $5 IN ('succeeded', 'failed', 'cancelled') THEN $7 ELSE o.finished_at END
         FROM before WHERE o.id = before.id AND before.status = ANY($4::text[])
       RETURNING ${COLUMNS}, before.status AS before_status, before.detail AS before_detail`,
  params: [t.uuid, t.uuid, t.uuid.null, t.textArray, t.text, t.text.null, t.timestamptz],
  row: { ...OTA_ROW, before_status: t.text.of<OtaStatus>(), before_detail: t.text.null },
});

/** A page of the updates of a data subject's robots, or that the subject (an operator) created; by id. */
const EXPORT_UPDATES = keysetStatement({
  label: 'export_ota_updates',
  columns: COLUMNS,
  from: 'ota_updates',
  alias: 'o',
  scope: `o.workspace_id = $1 AND (o.robot_id = ANY($2::uuid[]) OR o.service_agent_id = ANY($3::uuid[]) OR o.created_by = ANY($4::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray, t.uuidArray],
  row: OTA_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: what a subject's robots reported (detail). */
const ERASE_DETAIL = statement({
  label: 'erase_ota_update_details',
  text: `UPDATE ota_updates SET detail = NULL, updated_at = now()
        WHERE workspace_id = $1 AND (robot_id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[])) AND detail IS NOT NULL`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
});

/** Erasure: an operator's name on updates they created. */
const ERASE_CREATOR = statement({
  label: 'erase_ota_update_creators',
  text: `UPDATE ota_updates SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

/** An update as a change found it before, and as it left it. */
export interface OtaChange {
  before: { status: OtaStatus; detail: string | null };
  after: OtaUpdateDto;
}

// Data requests: a subject robot's updates (what it reported erased), and an operator's name on updates they created.
@DataSubjectSection('ota_updates')
@Injectable()
export class OtaUpdatesRepository {
  constructor(private readonly db: Db) {}

  /** A pending update of a robot, or undefined when the robot already has an open one (ota_updates_one_open_key). */
  insertPending(
    tx: Tx,
    o: OtaUpdateParams & {
      workspaceId: string;
      robotId: string;
      serviceAgentId: string;
      createdBy: string | null;
      batchOperationId: string | null;
    },
  ): Promise<OtaUpdateDto | undefined> {
    return tx.maybe(INSERT_PENDING, [
      o.workspaceId,
      o.robotId,
      o.serviceAgentId,
      o.update_type,
      o.version,
      o.artifact_url,
      o.sha256,
      o.createdBy,
      o.batchOperationId,
    ]);
  }

  setCommand(tx: Tx, id: string, commandId: string): Promise<OtaUpdateDto> {
    return tx.one(SET_COMMAND, [id, commandId]);
  }

  find(workspaceId: string, id: string): Promise<OtaUpdateDto | undefined> {
    return this.db.maybe(FIND_UPDATE, [id, workspaceId]);
  }

  /** An update of the robot bound to the agent (what a robot may read and report on). */
  findForAgent(workspaceId: string, serviceAgentId: string, id: string): Promise<OtaUpdateDto | undefined> {
    return this.db.maybe(FIND_FOR_AGENT, [id, workspaceId, serviceAgentId]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: OtaUpdateDto[]; total: number }> {
    return this.db.list(UPDATES, [workspaceId], q);
  }

  /** The updates of the robot bound to the agent. */
  listForAgent(workspaceId: string, serviceAgentId: string, q: ListQuery): Promise<{ rows: OtaUpdateDto[]; total: number }> {
    return this.db.list(UPDATES_FOR_AGENT, [workspaceId, serviceAgentId], q);
  }

  /**
   * Moves an update to `to` if it is in one of `from` (and, for a robot's report, belongs to the
   * robot bound to `serviceAgentId`), in `tx`; a final status stamps finished_at.
   * Undefined when nothing matched. `detail` undefined keeps the detail.
   */
  async transition(
    tx: Tx,
    where: { workspaceId: string; id: string; serviceAgentId?: string },
    from: readonly OtaStatus[],
    to: OtaStatus,
    detail: string | undefined,
    now: Date,
  ): Promise<OtaChange | undefined> {
    const row = await tx.maybe(TRANSITION, [where.id, where.workspaceId, where.serviceAgentId ?? null, from, to, detail ?? null, now]);
    if (!row) return undefined;
    const { before_status, before_detail, ...after } = row;
    return { before: { status: before_status, detail: before_detail }, after };
  }

  /** A page of the updates of a data subject's robots, or that the subject (an operator) created; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<OtaUpdateDto[]> {
    return m.rows(EXPORT_UPDATES, [s.workspaceId, s.robotIds, s.serviceAgentIds, s.userIds, after ?? null]);
  }

  /** Erasure: what a subject's robots reported (detail), and an operator's name on updates they created. */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    await tx.run(ERASE_DETAIL, [s.workspaceId, s.robotIds, s.serviceAgentIds]);
    await tx.run(ERASE_CREATOR, [s.workspaceId, s.userIds]);
  }
}
