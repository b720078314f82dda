import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, listPage } from '../core/database/list-page';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { ListQuery } from '../core/listing/list-query';
import type { RobotStatus } from './robot-status';

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

const COLUMNS = `id, workspace_id AS "workspaceId", serial_number AS "serialNumber", name, status,
  service_agent_id AS "serviceAgentId", cohort_id AS "cohortId", tags, claimed_at AS "claimedAt",
  retired_at AS "retiredAt", inserted_at AS "insertedAt", updated_at AS "updatedAt"`;

/** What writeClaimed raises (refuse_if) when the pending robot a claim read is no longer pending and unchanged. */
export const ROBOT_NOT_BINDABLE = 'enrollment_claim_refused:robot';

/** The unique indexes that hold a serial to one robot and one claim per workspace (the last word on a serial claimed twice). */
export const SERIAL_UNIQUE_CONSTRAINTS = ['robots_workspace_serial_key', 'enrollment_claims_serial_key'];

// Data requests: a subject's robot (name and tags erased).
@DataSubjectSection('robots')
@Injectable()
export class RobotsRepository implements PagedSubjectData {
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

  /**
   * Writes the robot as a claim made it (`r`, every column but its timestamps decided by the
   * claim): inserts it, or, given the `version` (xmin) the claim read it at, binds that pending
   * robot, only if it is still pending and unchanged. The database sets `updated_at` (and a new
   * robot's `inserted_at`) to the transaction's time; returns both. A statement whose answer
   * nothing waits for (PipelinedTransaction): it fails with a unique violation
   * (SERIAL_UNIQUE_CONSTRAINTS) when the serial was taken meanwhile (after waiting for an insert
   * of it still in flight), and with refuse_if (ROBOT_NOT_BINDABLE) when the pending robot was
   * bound, retired or changed meanwhile; the claim then reads again.
   */
  async writeClaimed(
    m: SqlExecutor,
    r: Omit<RobotRow, 'insertedAt' | 'updatedAt'>,
    version: string | undefined,
  ): Promise<Pick<RobotRow, 'insertedAt' | 'updatedAt'>> {
    if (version === undefined) {
      const inserted = await m.query(
        `INSERT INTO robots (id, workspace_id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING inserted_at AS "insertedAt", updated_at AS "updatedAt"`,
        [r.id, r.workspaceId, r.serialNumber, r.name, r.status, r.serviceAgentId, r.cohortId, r.tags, r.claimedAt],
      );
      return inserted[0];
    }
    const bound = await m.query(
      `WITH bound AS (
         UPDATE robots SET status = $2, service_agent_id = $3, cohort_id = $4, tags = $5, claimed_at = $6, updated_at = now()
          WHERE id = $1 AND status = 'pending' AND xmin = $7::text::xid RETURNING inserted_at, updated_at
       )
       SELECT b.inserted_at AS "insertedAt", b.updated_at AS "updatedAt", refuse_if(CASE WHEN b.inserted_at IS NULL THEN '${ROBOT_NOT_BINDABLE}' END)
         FROM (VALUES (1)) AS one LEFT JOIN bound b ON true`,
      [r.id, r.status, r.serviceAgentId, r.cohortId, r.tags, r.claimedAt, version],
    );
    return bound[0];
  }

  /** A robot of the workspace by id, row-locked until the transaction ends. */
  async lockById(m: SqlExecutor, workspaceId: string, id: string): Promise<RobotRow | undefined> {
    const rows = await m.query(`SELECT ${COLUMNS} FROM robots WHERE id = $1 AND workspace_id = $2 FOR UPDATE`, [id, workspaceId]);
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

  /**
   * Retires the workspace's robots among `ids` that are not retired yet, in `m`'s transaction;
   * returns every robot found (locked), with its status before and its agent.
   */
  async retireMany(
    m: SqlExecutor,
    workspaceId: string,
    ids: readonly string[],
    now: Date,
  ): Promise<{ id: string; previous: RobotStatus; serviceAgentId: string | null }[]> {
    return m.query(
      `WITH found AS (SELECT id, status, service_agent_id FROM robots WHERE id = ANY($2::uuid[]) AND workspace_id = $1 FOR UPDATE),
            retired AS (UPDATE robots r SET status = 'retired', retired_at = COALESCE(r.retired_at, $3), updated_at = now()
                          FROM found WHERE r.id = found.id AND found.status <> 'retired' RETURNING r.id)
       SELECT id, status AS previous, service_agent_id AS "serviceAgentId" FROM found`,
      [workspaceId, ids, now],
    );
  }

  /** The workspace's robots among `ids`, read in `m`'s transaction. */
  async findMany(m: SqlExecutor, workspaceId: string, ids: readonly string[]): Promise<RobotRow[]> {
    if (ids.length === 0) return [];
    return m.query(`SELECT ${COLUMNS} FROM robots WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id`, [workspaceId, ids]);
  }

  /**
   * Adds tags (those a robot lacks, after its own, in the given order) to the workspace's robots
   * among `ids`, in `m`'s transaction; returns every robot found and whether it changed.
   */
  async addTags(
    m: SqlExecutor,
    workspaceId: string,
    ids: readonly string[],
    tags: readonly string[],
  ): Promise<{ id: string; changed: boolean }[]> {
    return m.query(
      `WITH found AS (SELECT id, tags FROM robots WHERE id = ANY($2::uuid[]) AND workspace_id = $1 FOR UPDATE),
            tagged AS (UPDATE robots r SET tags = r.tags || ARRAY(SELECT t FROM unnest($3::text[]) WITH ORDINALITY u(t, n)
                                                            WHERE NOT t = ANY(r.tags) ORDER BY n),
                              updated_at = now()
                         FROM found WHERE r.id = found.id AND NOT found.tags @> $3::text[] RETURNING r.id)
       SELECT found.id, EXISTS (SELECT 1 FROM tagged WHERE tagged.id = found.id) AS changed FROM found`,
      [workspaceId, ids, tags],
    );
  }

  /** The ids of a cohort's robots (at most `limit`), oldest first, or undefined when the cohort is not the workspace's. */
  async cohortRobots(
    workspaceId: string,
    cohortId: string,
    limit: number,
  ): Promise<{ id: string; serviceAgentId: string | null }[] | undefined> {
    const cohort = await this.db.query(`SELECT 1 FROM cohorts WHERE id = $1 AND workspace_id = $2`, [cohortId, workspaceId]);
    if (cohort.length === 0) return undefined;
    return this.db.query(
      `SELECT id, service_agent_id AS "serviceAgentId" FROM robots WHERE workspace_id = $1 AND cohort_id = $2
        ORDER BY inserted_at, id LIMIT $3`,
      [workspaceId, cohortId, limit],
    );
  }

  /** Robots of the workspace (the list's filters applied), or only one cohort's members. */
  list(workspaceId: string, q: ListQuery, cohortId?: string): Promise<{ rows: RobotRow[]; total: number }> {
    const scope = cohortId
      ? { scope: 'workspace_id = $1 AND cohort_id = $2', params: [workspaceId, cohortId] }
      : { scope: 'workspace_id = $1', params: [workspaceId] };
    return listPage(this.db, { columns: COLUMNS, table: 'robots', ...scope }, q);
  }

  // ---- data requests (issue 22) ----

  /** A page of a data subject's robots (the robot, or the one bound to the subject agent), by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return keysetPage(
      m,
      {
        columns: `id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at, retired_at, inserted_at, updated_at`,
        table: 'robots',
        alias: 'robots',
        scope: `workspace_id = $1 AND (id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[]))`,
        params: [s.workspaceId, s.robotIds, s.serviceAgentIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: the robot's name and tags (its serial stays: it is how a retired robot's serial keeps
   * being refused), and an operator's name on the enrollment tokens they issued.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE robots SET name = NULL, tags = '{}', updated_at = now()
        WHERE workspace_id = $1 AND (id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[])) AND (name IS NOT NULL OR tags <> '{}')`,
      [s.workspaceId, s.robotIds, s.serviceAgentIds],
    );
    await m.query(`UPDATE enrollment_tokens SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`, [
      s.workspaceId,
      s.userIds,
    ]);
  }
}
