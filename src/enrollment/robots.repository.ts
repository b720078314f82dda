import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../core/listing/list-query';
import type { RobotStatus } from './robot-status';
import { listPage } from '../core/database/list-page';

export interface RobotRow {
  id: string;
  workspaceId: string;
  serialNumber: string;
  name: string | null;
  status: RobotStatus;
  serviceAgentId: string | null;
  cohortId: string | null;
  tags: string[];
  claimedAt: Date | null;
  retiredAt: Date | null;
  insertedAt: Date;
  updatedAt: Date;
}

/** What a claim gives a robot: its agent, the token's cohort (if any) and tags. */
export interface RobotBinding {
  serviceAgentId: string;
  cohortId: string | null;
  tags: readonly string[];
  claimedAt: Date;
}

const COLUMNS = `id, workspace_id AS "workspaceId", serial_number AS "serialNumber", name, status,
  service_agent_id AS "serviceAgentId", cohort_id AS "cohortId", tags, claimed_at AS "claimedAt",
  retired_at AS "retiredAt", inserted_at AS "insertedAt", updated_at AS "updatedAt"`;

/** Names of the unique indexes a concurrent claim of the same serial can run into. */
export const SERIAL_UNIQUE_CONSTRAINTS = ['robots_workspace_serial_key', 'enrollment_claims_serial_key'];

@Injectable()
export class RobotsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A pending robot, or undefined when the serial is already taken in the workspace. */
  async insertPending(m: EntityManager, workspaceId: string, serialNumber: string, name: string | null): Promise<RobotRow | undefined> {
    const rows = await m.query(
      `INSERT INTO robots (workspace_id, serial_number, name) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, serial_number) DO NOTHING RETURNING ${COLUMNS}`,
      [workspaceId, serialNumber, name],
    );
    return rows[0];
  }

  /** A robot created by a claim, active and bound at once. A taken serial fails on robots_workspace_serial_key. */
  async insertBound(m: EntityManager, workspaceId: string, serialNumber: string, b: RobotBinding): Promise<RobotRow> {
    const rows = await m.query(
      `INSERT INTO robots (workspace_id, serial_number, status, service_agent_id, cohort_id, tags, claimed_at)
       VALUES ($1, $2, 'active', $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [workspaceId, serialNumber, b.serviceAgentId, b.cohortId, b.tags, b.claimedAt],
    );
    return rows[0];
  }

  /**
   * Binds a pending robot (locked by the caller): active, its agent set, the token's cohort when it
   * names one, the given tags. Undefined if it was no longer pending.
   */
  async bindPending(m: EntityManager, robotId: string, b: RobotBinding): Promise<RobotRow | undefined> {
    const [rows] = await m.query(
      `UPDATE robots SET status = 'active', service_agent_id = $2, cohort_id = COALESCE($3, cohort_id), tags = $4,
              claimed_at = $5, updated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [robotId, b.serviceAgentId, b.cohortId, b.tags, b.claimedAt],
    );
    return rows[0];
  }

  /** The robot carrying the serial in the workspace, row-locked until the transaction ends. */
  async lockBySerial(m: EntityManager, workspaceId: string, serialNumber: string): Promise<RobotRow | undefined> {
    const rows = await m.query(
      `SELECT ${COLUMNS} FROM robots WHERE workspace_id = $1 AND serial_number = $2 FOR UPDATE`,
      [workspaceId, serialNumber],
    );
    return rows[0];
  }

  /**
   * Retires a robot of the workspace (retired_at set once), in `m`'s transaction; undefined when not
   * in the workspace. `retiredNow` tells the first retirement from a repeated one.
   */
  async retire(m: EntityManager, workspaceId: string, id: string, now: Date): Promise<(RobotRow & { retiredNow: boolean }) | undefined> {
    const [rows] = await m.query(
      `WITH before AS (SELECT id AS robot_id, status AS previous_status FROM robots WHERE id = $1 AND workspace_id = $2 FOR UPDATE)
       UPDATE robots SET status = 'retired', retired_at = COALESCE(retired_at, $3), updated_at = now()
         FROM before WHERE robots.id = before.robot_id
       RETURNING ${COLUMNS}, before.previous_status <> 'retired' AS "retiredNow"`,
      [id, workspaceId, now],
    );
    return rows[0];
  }

  /** Robots of the workspace (the list's filters applied), or only one cohort's members. */
  list(workspaceId: string, q: ListQuery, cohortId?: string): Promise<{ rows: RobotRow[]; total: number }> {
    const scope = cohortId
      ? { scope: 'workspace_id = $1 AND cohort_id = $2', params: [workspaceId, cohortId] }
      : { scope: 'workspace_id = $1', params: [workspaceId] };
    return listPage(this.db, { columns: COLUMNS, table: 'robots', ...scope }, q);
  }
}
