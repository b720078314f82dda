import { Injectable } from '@nestjs/common';
import { type Tx, Db } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { type RowOf, statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { COHORT_MEMBER_LIST } from './dto/cohort.dto';
import { ROBOT_LIST } from './dto/robot.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { RobotStatus } from './robot-status';

/** A robot as the feature uses it (mapped from its snake_case row by robotRow). */
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

const COLUMNS = `id, workspace_id, serial_number, name, status,
  service_agent_id, cohort_id, tags, claimed_at,
  retired_at, inserted_at, updated_at`;
const ROBOT_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  serial_number: t.text,
  name: t.text.null,
  status: t.text.of<RobotStatus>(),
  service_agent_id: t.uuid.null,
  cohort_id: t.uuid.null,
  tags: t.textArray,
  claimed_at: t.timestamptz.null,
  retired_at: t.timestamptz.null,
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
} as const;

function robotRow(r: RowOf<typeof ROBOT_ROW>): RobotRow {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    serialNumber: r.serial_number,
    name: r.name,
    status: r.status,
    serviceAgentId: r.service_agent_id,
    cohortId: r.cohort_id,
    tags: r.tags,
    claimedAt: r.claimed_at,
    retiredAt: r.retired_at,
    insertedAt: r.inserted_at,
    updatedAt: r.updated_at,
  };
}

/** What writeClaimed raises (refuse_if) when the pending robot a claim read is no longer pending and unchanged. */
export const ROBOT_NOT_BINDABLE = 'enrollment_claim_refused:robot';

/** The unique indexes that hold a serial to one robot and one claim per workspace (the last word on a serial claimed twice). */
export const SERIAL_UNIQUE_CONSTRAINTS = ['robots_workspace_serial_key', 'enrollment_claims_serial_key'];

const INSERT_PENDING = statement({
  label: 'insert_pending_robot',
  text: `INSERT INTO robots (workspace_id, serial_number, name) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, serial_number) DO NOTHING RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.text.null],
  row: ROBOT_ROW,
});

/** writeClaimed for a new robot. */
const INSERT_CLAIMED = statement({
  label: 'insert_claimed_robot',
  text: `INSERT INTO robots (id, workspace_id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING inserted_at, updated_at`,
  params: [t.uuid, t.uuid, t.text, t.text.null, t.text, t.uuid.null, t.uuid.null, t.textArray, t.timestamptz.null],
  row: { inserted_at: t.timestamptz, updated_at: t.timestamptz },
});

/** writeClaimed for the pending robot read at version $7 (its xmin): refused unless still pending and unchanged. */
const BIND_PENDING = statement({
  label: 'bind_pending_robot',
  text: `WITH bound AS (
         UPDATE robots SET status = $2, service_agent_id = $3, cohort_id = $4, tags = $5, claimed_at = $6, updated_at = now()
          WHERE id = $1 AND status = 'pending' AND xmin = $7::text::xid RETURNING inserted_at, updated_at
       )
       SELECT b.inserted_at, b.updated_at, refuse_if(CASE WHEN b.inserted_at IS NULL THEN '${ROBOT_NOT_BINDABLE}' END)
         FROM (VALUES (1)) AS one LEFT JOIN bound b ON true`,
  params: [t.uuid, t.text, t.uuid.null, t.uuid.null, t.textArray, t.timestamptz.null, t.text],
  row: { inserted_at: t.timestamptz, updated_at: t.timestamptz, refuse_if: t.bool.null },
});

const LOCK_BY_ID = statement({
  label: 'lock_robot',
  text: `SELECT ${COLUMNS} FROM robots WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
  params: [t.uuid, t.uuid],
  row: ROBOT_ROW,
});

const RETIRE = statement({
  label: 'retire_robot',
  text: `WITH before AS (SELECT id AS robot_id, status AS previous_status FROM robots WHERE id = $1 AND workspace_id = $2 FOR UPDATE)
       UPDATE robots SET status = 'retired', retired_at = COALESCE(retired_at, $3), updated_at = now()
         FROM before WHERE robots.id = before.robot_id
       RETURNING ${COLUMNS}, before.previous_status`,
  params: [t.uuid, t.uuid, t.timestamptz],
  row: { ...ROBOT_ROW, previous_status: t.text.of<RobotStatus>() },
});

/**
 * Re-provisioning (ADR 0234): the active robot, locked by the caller, back to pending and bound to
 * no agent, so that the next claim of its serial binds it again.
 */
const RESET = statement({
  label: 'reset_robot',
  text: `UPDATE robots SET status = 'pending', service_agent_id = NULL, claimed_at = NULL, updated_at = now()
        WHERE id = $1 AND workspace_id = $2 AND status = 'active' RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid],
  row: ROBOT_ROW,
});

/**
 * Releases the claim that holds a serial (ADR 0234): the record stays, with released_at set, and
 * leaves enrollment_claims_serial_key (which counts only claims not released), so the serial can
 * be claimed again. Its claim_id is released too (ADR 0232): a device still retrying with it
 * after the reset claims the robot afresh instead of being refused as a replay of the old claim.
 */
const RELEASE_SERIAL_CLAIMS = statement({
  label: 'release_enrollment_claims_of_serial',
  text: `UPDATE enrollment_claims SET released_at = $3, claim_id = NULL
        WHERE workspace_id = $1 AND serial_number = $2 AND released_at IS NULL`,
  params: [t.uuid, t.text, t.timestamptz],
});

const RETIRE_MANY = statement({
  label: 'retire_robots',
  text: `WITH found AS (SELECT id, status, service_agent_id FROM robots WHERE id = ANY($2::uuid[]) AND workspace_id = $1 FOR UPDATE),
            retired AS (UPDATE robots r SET status = 'retired', retired_at = COALESCE(r.retired_at, $3), updated_at = now()
                          FROM found WHERE r.id = found.id AND found.status <> 'retired' RETURNING r.id)
       SELECT id, status AS previous, service_agent_id FROM found`,
  params: [t.uuid, t.uuidArray, t.timestamptz],
  row: { id: t.uuid, previous: t.text.of<RobotStatus>(), service_agent_id: t.uuid.null },
});

const FIND_MANY = statement({
  label: 'robots_by_ids',
  text: `SELECT ${COLUMNS} FROM robots WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id`,
  params: [t.uuid, t.uuidArray],
  row: ROBOT_ROW,
});

const ADD_TAGS = statement({
  label: 'add_robot_tags',
  text: `WITH found AS (SELECT id, tags FROM robots WHERE id = ANY($2::uuid[]) AND workspace_id = $1 FOR UPDATE),
            tagged AS (UPDATE robots r SET tags = r.tags || ARRAY(SELECT t FROM unnest($3::text[]) WITH ORDINALITY u(t, n)
                                                            WHERE NOT t = ANY(r.tags) ORDER BY n),
                              updated_at = now()
                         FROM found WHERE r.id = found.id AND NOT found.tags @> $3::text[] RETURNING r.id)
       SELECT found.id, EXISTS (SELECT 1 FROM tagged WHERE tagged.id = found.id) AS changed FROM found`,
  params: [t.uuid, t.uuidArray, t.textArray],
  row: { id: t.uuid, changed: t.bool },
});

const COHORT_EXISTS = statement({
  label: 'cohort_exists_in_workspace',
  text: `SELECT 1 FROM cohorts WHERE id = $1 AND workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: { '?column?': t.int },
});

const COHORT_ROBOTS = statement({
  label: 'cohort_robot_ids',
  text: `SELECT id, service_agent_id FROM robots WHERE workspace_id = $1 AND cohort_id = $2
        ORDER BY inserted_at, id LIMIT $3`,
  params: [t.uuid, t.uuid, t.bigint],
  row: { id: t.uuid, service_agent_id: t.uuid.null },
});

/** The names (or serials) of some robots of a workspace: a console page's rows name theirs. */
const ROBOT_NAMES = statement({
  label: 'robot_names',
  text: `SELECT id, coalesce(name, serial_number) AS label FROM robots WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, label: t.text },
});

const ROBOTS = listStatements(ROBOT_LIST, {
  label: 'list_robots',
  columns: COLUMNS,
  from: 'robots',
  scope: 'workspace_id = $1',
  params: [t.uuid],
  row: ROBOT_ROW,
});

/** A cohort's members. */
const COHORT_MEMBERS = listStatements(COHORT_MEMBER_LIST, {
  label: 'list_cohort_robots',
  columns: COLUMNS,
  from: 'robots',
  scope: 'workspace_id = $1 AND cohort_id = $2',
  params: [t.uuid, t.uuid],
  row: ROBOT_ROW,
});

/** A robot's row in an export: every column but its workspace. */
const { workspace_id: _workspaceId, ...EXPORT_ROW } = ROBOT_ROW;

/** A page of a data subject's robots (the robot, or the one bound to the subject agent), by id. */
const EXPORT_ROBOTS = keysetStatement({
  label: 'export_robots',
  columns: `id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at, retired_at, inserted_at, updated_at`,
  from: 'robots',
  alias: 'robots',
  scope: `workspace_id = $1 AND (id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: EXPORT_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: the robot's name and tags (its serial stays: it is how a retired robot's serial keeps being refused). */
const ERASE_ROBOTS = statement({
  label: 'erase_robots',
  text: `UPDATE robots SET name = NULL, tags = '{}', updated_at = now()
        WHERE workspace_id = $1 AND (id = ANY($2::uuid[]) OR service_agent_id = ANY($3::uuid[])) AND (name IS NOT NULL OR tags <> '{}')`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
});

/** Erasure: an operator's name on the enrollment tokens they issued. */
const ERASE_TOKEN_CREATORS = statement({
  label: 'erase_enrollment_token_creators',
  text: `UPDATE enrollment_tokens SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

// Data requests: a subject's robot (name and tags erased).
@DataSubjectSection('robots')
@Injectable()
export class RobotsRepository implements PagedSubjectData {
  constructor(private readonly db: Db) {}

  /** A pending robot, or undefined when the serial is already taken in the workspace. */
  async insertPending(m: Tx, workspaceId: string, serialNumber: string, name: string | null): Promise<RobotRow | undefined> {
    const row = await m.maybe(INSERT_PENDING, [workspaceId, serialNumber, name]);
    return row && robotRow(row);
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
    m: Tx,
    r: Omit<RobotRow, 'insertedAt' | 'updatedAt'>,
    version: string | undefined,
  ): Promise<Pick<RobotRow, 'insertedAt' | 'updatedAt'>> {
    // issued at the call (before the first await): a pipelined transaction sends it at once
    const row =
      version === undefined
        ? await m.one(INSERT_CLAIMED, [
            r.id,
            r.workspaceId,
            r.serialNumber,
            r.name,
            r.status,
            r.serviceAgentId,
            r.cohortId,
            r.tags,
            r.claimedAt,
          ])
        : await m.one(BIND_PENDING, [r.id, r.status, r.serviceAgentId, r.cohortId, r.tags, r.claimedAt, version]);
    return { insertedAt: row.inserted_at, updatedAt: row.updated_at };
  }

  /** A robot of the workspace by id, row-locked until the transaction ends. */
  async lockById(m: Tx, workspaceId: string, id: string): Promise<RobotRow | undefined> {
    const row = await m.maybe(LOCK_BY_ID, [id, workspaceId]);
    return row && robotRow(row);
  }

  /**
   * Retires a robot of the workspace (retired_at set once), in `m`'s transaction; undefined when not
   * in the workspace. `retiredNow` tells the first retirement from a repeated one; `previousStatus`
   * is the status it had.
   */
  async retire(
    m: Tx,
    workspaceId: string,
    id: string,
    now: Date,
  ): Promise<(RobotRow & { retiredNow: boolean; previousStatus: RobotStatus }) | undefined> {
    const row = await m.maybe(RETIRE, [id, workspaceId, now]);
    return row && { ...robotRow(row), retiredNow: row.previous_status !== 'retired', previousStatus: row.previous_status };
  }

  /**
   * Re-provisions an active robot locked in `m`'s transaction (lockById): its serial's claim is
   * released first (a claim replay locks the claim record before the key, as this does), then the
   * robot is back to pending with no agent. Returns the robot as it is now.
   */
  async reset(m: Tx, robot: RobotRow, now: Date): Promise<RobotRow> {
    await m.run(RELEASE_SERIAL_CLAIMS, [robot.workspaceId, robot.serialNumber, now]);
    return robotRow(await m.one(RESET, [robot.id, robot.workspaceId]));
  }

  /**
   * Retires the workspace's robots among `ids` that are not retired yet, in `m`'s transaction;
   * returns every robot found (locked), with its status before and its agent.
   */
  async retireMany(
    m: Tx,
    workspaceId: string,
    ids: readonly string[],
    now: Date,
  ): Promise<{ id: string; previous: RobotStatus; serviceAgentId: string | null }[]> {
    const rows = await m.rows(RETIRE_MANY, [workspaceId, ids, now]);
    return rows.map((r) => ({ id: r.id, previous: r.previous, serviceAgentId: r.service_agent_id }));
  }

  /** The workspace's robots among `ids`, read in `m`'s transaction. */
  async findMany(m: Tx, workspaceId: string, ids: readonly string[]): Promise<RobotRow[]> {
    if (ids.length === 0) return [];
    return (await m.rows(FIND_MANY, [workspaceId, ids])).map(robotRow);
  }

  /**
   * Adds tags (those a robot lacks, after its own, in the given order) to the workspace's robots
   * among `ids`, in `m`'s transaction; returns every robot found and whether it changed.
   */
  addTags(m: Tx, workspaceId: string, ids: readonly string[], tags: readonly string[]): Promise<{ id: string; changed: boolean }[]> {
    return m.rows(ADD_TAGS, [workspaceId, ids, tags]);
  }

  /** The ids of a cohort's robots (at most `limit`), oldest first, or undefined when the cohort is not the workspace's. */
  async cohortRobots(
    workspaceId: string,
    cohortId: string,
    limit: number,
  ): Promise<{ id: string; serviceAgentId: string | null }[] | undefined> {
    const cohort = await this.db.maybe(COHORT_EXISTS, [cohortId, workspaceId]);
    if (!cohort) return undefined;
    const rows = await this.db.rows(COHORT_ROBOTS, [workspaceId, cohortId, limit]);
    return rows.map((r) => ({ id: r.id, serviceAgentId: r.service_agent_id }));
  }

  async namesOf(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows(ROBOT_NAMES, [workspaceId, [...new Set(ids)]]);
    return new Map(rows.map((r) => [r.id, r.label]));
  }

  /** Robots of the workspace (the list's filters applied), or only one cohort's members. */
  async list(workspaceId: string, q: ListQuery, cohortId?: string): Promise<{ rows: RobotRow[]; total: number }> {
    const { rows, total } = cohortId
      ? await this.db.list(COHORT_MEMBERS, [workspaceId, cohortId], q)
      : await this.db.list(ROBOTS, [workspaceId], q);
    return { rows: rows.map(robotRow), total };
  }

  // ---- data requests (issue 22) ----

  /** A page of a data subject's robots (the robot, or the one bound to the subject agent), by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_ROBOTS, [s.workspaceId, s.robotIds, s.serviceAgentIds, after ?? null]);
  }

  /**
   * Erasure: the robot's name and tags (its serial stays: it is how a retired robot's serial keeps
   * being refused), and an operator's name on the enrollment tokens they issued.
   */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    await tx.run(ERASE_ROBOTS, [s.workspaceId, s.robotIds, s.serviceAgentIds]);
    await tx.run(ERASE_TOKEN_CREATORS, [s.workspaceId, s.userIds]);
  }
}
