import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { ENROLLMENT_TOKEN_SLOTS } from './enrollment-rules';
import type { MachineScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { PlanLimits, WorkspaceStatus } from '../identity';
import type { RobotStatus } from './robot-status';

export interface EnrollmentTokenRow {
  id: string;
  workspaceId: string;
  prefix: string;
  maxClaims: number;
  claimsCount: number;
  expiresAt: Date;
  revokedAt: Date | null;
  serialAllowlist: string[];
  cohortId: string | null;
  defaultTags: string[];
  scopes: MachineScope[];
  createdBy: string | null;
  insertedAt: Date;
}

/** The robot already carrying a claim's serial, as the claim reads it first (version: its xmin). */
export interface ExistingRobot {
  id: string;
  status: RobotStatus;
  name: string | null;
  tags: string[];
  cohortId: string | null;
  insertedAt: Date;
  version: string;
}

/**
 * A token as a claim reads it first: with its secret hash, its workspace's status and plan
 * limits, and the robot already carrying the claim's serial in the workspace, if any.
 */
export interface ClaimTarget extends EnrollmentTokenRow, PlanLimits {
  secretHash: Buffer;
  workspaceStatus: WorkspaceStatus;
  robot: ExistingRobot | undefined;
}

type ClaimTargetRow = Omit<ClaimTarget, 'robot'> & {
  robotId: string | null;
  robotStatus: RobotStatus | null;
  robotName: string | null;
  robotTags: string[] | null;
  robotCohortId: string | null;
  robotInsertedAt: Date | null;
  robotVersion: string | null;
};

export interface NewEnrollmentToken {
  workspaceId: string;
  prefix: string;
  secretHash: Buffer;
  maxClaims: number;
  expiresAt: Date;
  serialAllowlist: readonly string[];
  cohortId: string | null;
  defaultTags: readonly string[];
  scopes: readonly MachineScope[];
  createdBy: string;
}

/** A token's columns but its count: `enrollment_tokens` unaliased in the FROM (or the name of a CTE with its columns). */
const tokenColumns = (
  from = 'enrollment_tokens',
) => `${from}.id, ${from}.workspace_id AS "workspaceId", ${from}.prefix, ${from}.max_claims AS "maxClaims",
  ${from}.expires_at AS "expiresAt", ${from}.revoked_at AS "revokedAt", ${from}.serial_allowlist AS "serialAllowlist", ${from}.cohort_id AS "cohortId",
  ${from}.default_tags AS "defaultTags", ${from}.scopes, ${from}.created_by AS "createdBy", ${from}.inserted_at AS "insertedAt"`;

/** The token's claims, the sum of its slots (migrations/1763700044000-EnrollmentTokenSlots.ts). */
const CLAIMS_COUNT = `(SELECT COALESCE(sum(s.claims_count), 0)::int FROM enrollment_token_slots s WHERE s.token_id = enrollment_tokens.id) AS "claimsCount"`;

const COLUMNS = `${tokenColumns()}, ${CLAIMS_COUNT}`;

/** SQL for enrollment tokens. The secret hash leaves the database only for the claim's compare. */
@Injectable()
export class EnrollmentTokensRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /**
   * The token and its slots, in one statement: min(max_claims, ENROLLMENT_TOKEN_SLOTS) slots whose
   * capacities differ by one at most and sum to max_claims.
   */
  async insert(t: NewEnrollmentToken): Promise<EnrollmentTokenRow> {
    const rows = await this.db.query(
      `WITH token AS (
         INSERT INTO enrollment_tokens
           (workspace_id, prefix, secret_hash, max_claims, expires_at, serial_allowlist, cohort_id, default_tags, scopes, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *
       ), slots AS (
         INSERT INTO enrollment_token_slots (token_id, slot, capacity)
         SELECT token.id, g, token.max_claims / n.k + (g < token.max_claims % n.k)::int
           FROM token, LATERAL (SELECT LEAST(token.max_claims, ${ENROLLMENT_TOKEN_SLOTS}) AS k) n, generate_series(0, n.k - 1) AS g
       )
       SELECT ${tokenColumns('token')}, 0 AS "claimsCount" FROM token`,
      [
        t.workspaceId,
        t.prefix,
        t.secretHash,
        t.maxClaims,
        t.expiresAt,
        t.serialAllowlist,
        t.cohortId,
        t.defaultTags,
        t.scopes,
        t.createdBy,
      ],
    );
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: EnrollmentTokenRow[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'enrollment_tokens', scope: 'workspace_id = $1', params: [workspaceId] }, q);
  }

  /**
   * Sets revoked_at once (a second revoke keeps the first time) and closes the token's slots
   * (capacity down to what they counted) in the same statement: the slot updates wait for the
   * claims counting in them to commit, and a claim that comes to a closed slot finds no room, so
   * the count answered is final. Undefined when not in the workspace.
   */
  async revoke(workspaceId: string, id: string, now: Date): Promise<EnrollmentTokenRow | undefined> {
    const rows = await this.db.query(
      `WITH token AS (
         UPDATE enrollment_tokens SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND workspace_id = $2 RETURNING *
       ), closed AS (
         UPDATE enrollment_token_slots s SET capacity = s.claims_count FROM token WHERE s.token_id = token.id RETURNING s.claims_count
       )
       SELECT ${tokenColumns('token')}, (SELECT COALESCE(sum(claims_count), 0)::int FROM closed) AS "claimsCount" FROM token`,
      [id, workspaceId, now],
    );
    return rows[0];
  }

  /**
   * What a claim checks first, in one statement (one snapshot), without any lock: the token with
   * that prefix and its secret hash, its workspace's status, the workspace plan's limits, and the
   * robot carrying `serial` in the workspace, if any (with its version, for bindPending).
   */
  async findForClaim(prefix: string, serial: string | undefined): Promise<ClaimTarget | undefined> {
    const rows = await this.sql.rows<ClaimTargetRow>(
      'find_enrollment_token_for_claim',
      `SELECT t.*, w.status AS "workspaceStatus", p.max_service_agents, p.max_robots,
              r.id AS "robotId", r.status AS "robotStatus", r.name AS "robotName", r.tags AS "robotTags", r.cohort_id AS "robotCohortId",
              r.inserted_at AS "robotInsertedAt", r.xmin::text AS "robotVersion"
         FROM (SELECT ${COLUMNS}, secret_hash AS "secretHash" FROM enrollment_tokens WHERE prefix = $1) t
         JOIN workspaces w ON w.id = t."workspaceId" JOIN plans p ON p.slug = w.plan
         LEFT JOIN robots r ON r.workspace_id = t."workspaceId" AND r.serial_number = $2`,
      [prefix, serial ?? null],
    );
    if (rows.length === 0) return undefined;
    const { robotId, robotStatus, robotName, robotTags, robotCohortId, robotInsertedAt, robotVersion, ...target } = rows[0];
    const robot =
      robotId === null
        ? undefined
        : {
            id: robotId,
            status: robotStatus!,
            name: robotName,
            tags: robotTags!,
            cohortId: robotCohortId,
            insertedAt: robotInsertedAt!,
            version: robotVersion!,
          };
    return { ...target, robot };
  }
}
