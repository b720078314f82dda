import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { type RowOf, statement } from '../core/database/statement';
import { ENROLLMENT_TOKEN_LIST } from './dto/enrollment-token.dto';
import { ENROLLMENT_TOKEN_SLOTS } from './enrollment-rules';
import type { MachineScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { PlanLimits, WorkspaceStatus } from '../identity';
import type { RobotStatus } from './robot-status';

/** An enrollment token as the feature uses it (mapped from its snake_case row by tokenRow). */
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
  /** The earlier claim of this token with the claim's claim_id, if any (a replay, ADR 0232). */
  earlier: EarlierClaim | undefined;
}

export interface EarlierClaim {
  id: string;
  serialNumber: string | null;
  claimedAt: Date;
}

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
export const tokenColumns = (from = 'enrollment_tokens') => `${from}.id, ${from}.workspace_id, ${from}.prefix, ${from}.max_claims,
  ${from}.expires_at, ${from}.revoked_at, ${from}.serial_allowlist, ${from}.cohort_id,
  ${from}.default_tags, ${from}.scopes, ${from}.created_by, ${from}.inserted_at`;

/** The token's claims, the sum of its slots (migrations/1763700044000-EnrollmentTokenSlots.ts). */
const CLAIMS_COUNT = `(SELECT COALESCE(sum(s.claims_count), 0)::int FROM enrollment_token_slots s WHERE s.token_id = enrollment_tokens.id) AS claims_count`;

const COLUMNS = `${tokenColumns()}, ${CLAIMS_COUNT}`;
export const TOKEN_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  prefix: t.text,
  max_claims: t.int,
  expires_at: t.timestamptz,
  revoked_at: t.timestamptz.null,
  serial_allowlist: t.textArray,
  cohort_id: t.uuid.null,
  default_tags: t.textArray,
  scopes: t.textArray.of<MachineScope[]>(),
  created_by: t.uuid.null,
  inserted_at: t.timestamptz,
  claims_count: t.int,
} as const;

export function tokenRow(r: RowOf<typeof TOKEN_ROW>): EnrollmentTokenRow {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    prefix: r.prefix,
    maxClaims: r.max_claims,
    claimsCount: r.claims_count,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    serialAllowlist: r.serial_allowlist,
    cohortId: r.cohort_id,
    defaultTags: r.default_tags,
    scopes: r.scopes,
    createdBy: r.created_by,
    insertedAt: r.inserted_at,
  };
}

/**
 * The token and its slots, in one statement: min(max_claims, ENROLLMENT_TOKEN_SLOTS) slots whose
 * capacities differ by one at most and sum to max_claims.
 */
const INSERT_TOKEN = statement({
  label: 'insert_enrollment_token',
  text: `WITH token AS (
         INSERT INTO enrollment_tokens
           (workspace_id, prefix, secret_hash, max_claims, expires_at, serial_allowlist, cohort_id, default_tags, scopes, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *
       ), slots AS (
         INSERT INTO enrollment_token_slots (token_id, slot, capacity)
         SELECT token.id, g, token.max_claims / n.k + (g < token.max_claims % n.k)::int
           FROM token, LATERAL (SELECT LEAST(token.max_claims, ${ENROLLMENT_TOKEN_SLOTS}) AS k) n, generate_series(0, n.k - 1) AS g
       )
       SELECT ${tokenColumns('token')}, 0 AS claims_count FROM token`,
  params: [t.uuid, t.text, t.bytea, t.int, t.timestamptz, t.textArray, t.uuid.null, t.textArray, t.textArray, t.uuid],
  row: TOKEN_ROW,
});

const TOKENS = listStatements(ENROLLMENT_TOKEN_LIST, {
  label: 'list_enrollment_tokens',
  columns: COLUMNS,
  from: 'enrollment_tokens',
  scope: 'workspace_id = $1',
  params: [t.uuid],
  row: TOKEN_ROW,
});

/**
 * Sets revoked_at once (a second revoke keeps the first time) and closes the token's slots
 * (capacity down to what they counted) in the same statement: the slot updates wait for the
 * claims counting in them to commit, and a claim that comes to a closed slot finds no room, so
 * the count answered is final.
 */
const REVOKE_TOKEN = statement({
  label: 'revoke_enrollment_token',
  text: `WITH before AS (
         SELECT id AS token_id, revoked_at AS previous_revoked_at FROM enrollment_tokens WHERE id = $1 AND workspace_id = $2 FOR NO KEY UPDATE
       ), token AS (
         UPDATE enrollment_tokens SET revoked_at = COALESCE(revoked_at, $3) FROM before WHERE id = before.token_id
         RETURNING enrollment_tokens.*, before.previous_revoked_at
       ), closed AS (
         UPDATE enrollment_token_slots s SET capacity = s.claims_count FROM token WHERE s.token_id = token.id RETURNING s.claims_count
       )
       SELECT ${tokenColumns('token')}, (SELECT COALESCE(sum(claims_count), 0)::int FROM closed) AS claims_count,
              token.previous_revoked_at
         FROM token`,
  params: [t.uuid, t.uuid, t.timestamptz],
  row: { ...TOKEN_ROW, previous_revoked_at: t.timestamptz.null },
});

/**
 * What a claim checks first, in one statement (one snapshot), without any lock: the token with
 * that prefix and its secret hash, its workspace's status, the workspace plan's limits, and the
 * robot carrying the serial ($2) in the workspace, if any (with its version, for bindPending).
 */
const FIND_FOR_CLAIM = statement({
  label: 'find_enrollment_token_for_claim',
  lane: 'read',
  text: `SELECT t.*, w.status AS workspace_status, p.max_service_agents, p.max_robots,
              r.id AS robot_id, r.status AS robot_status, r.name AS robot_name, r.tags AS robot_tags, r.cohort_id AS robot_cohort_id,
              r.inserted_at AS robot_inserted_at, r.xmin::text AS robot_version,
              ec.id AS earlier_claim_id, ec.serial_number AS earlier_serial_number, ec.claimed_at AS earlier_claimed_at
         FROM (SELECT ${COLUMNS}, secret_hash FROM enrollment_tokens WHERE prefix = $1) t
         JOIN workspaces w ON w.id = t.workspace_id JOIN plans p ON p.slug = w.plan
         LEFT JOIN robots r ON r.workspace_id = t.workspace_id AND r.serial_number = $2
         LEFT JOIN enrollment_claims ec ON ec.enrollment_token_id = t.id AND ec.claim_id = $3`,
  params: [t.text, t.text.null, t.text.null],
  row: {
    ...TOKEN_ROW,
    secret_hash: t.bytea,
    workspace_status: t.text.of<WorkspaceStatus>(),
    max_service_agents: t.int.null,
    max_robots: t.int.null,
    robot_id: t.uuid.null,
    robot_status: t.text.of<RobotStatus>().null,
    robot_name: t.text.null,
    robot_tags: t.textArray.null,
    robot_cohort_id: t.uuid.null,
    robot_inserted_at: t.timestamptz.null,
    robot_version: t.text.null,
    earlier_claim_id: t.uuid.null,
    earlier_serial_number: t.text.null,
    earlier_claimed_at: t.timestamptz.null,
  },
});

/** SQL for enrollment tokens. The secret hash leaves the database only for the claim's compare. */
@Injectable()
export class EnrollmentTokensRepository {
  constructor(private readonly db: Db) {}

  /**
   * The token and its slots, in one statement: min(max_claims, ENROLLMENT_TOKEN_SLOTS) slots whose
   * capacities differ by one at most and sum to max_claims.
   */
  async insert(q: Queryable, t: NewEnrollmentToken): Promise<EnrollmentTokenRow> {
    const row = await q.one(INSERT_TOKEN, [
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
    ]);
    return tokenRow(row);
  }

  async list(workspaceId: string, q: ListQuery): Promise<{ rows: EnrollmentTokenRow[]; total: number }> {
    const { rows, total } = await this.db.list(TOKENS, [workspaceId], q);
    return { rows: rows.map(tokenRow), total };
  }

  /**
   * Sets revoked_at once (a second revoke keeps the first time) and closes the token's slots
   * (capacity down to what they counted) in the same statement: the slot updates wait for the
   * claims counting in them to commit, and a claim that comes to a closed slot finds no room, so
   * the count answered is final. Undefined when not in the workspace; `revokedNow` tells the first
   * revocation from a repeated one.
   */
  async revoke(
    q: Queryable,
    workspaceId: string,
    id: string,
    now: Date,
  ): Promise<(EnrollmentTokenRow & { revokedNow: boolean }) | undefined> {
    const row = await q.maybe(REVOKE_TOKEN, [id, workspaceId, now]);
    return row && { ...tokenRow(row), revokedNow: row.previous_revoked_at === null };
  }

  /**
   * What a claim checks first, in one statement (one snapshot), without any lock: the token with
   * that prefix and its secret hash, its workspace's status, the workspace plan's limits, and the
   * robot carrying `serial` in the workspace, if any (with its version, for bindPending).
   */
  async findForClaim(prefix: string, serial: string | undefined, claimId?: string): Promise<ClaimTarget | undefined> {
    const r = await this.db.maybe(FIND_FOR_CLAIM, [prefix, serial ?? null, claimId ?? null]);
    if (!r) return undefined;
    const robot =
      r.robot_id === null
        ? undefined
        : {
            id: r.robot_id,
            status: r.robot_status!,
            name: r.robot_name,
            tags: r.robot_tags!,
            cohortId: r.robot_cohort_id,
            insertedAt: r.robot_inserted_at!,
            version: r.robot_version!,
          };
    return {
      ...tokenRow(r),
      secretHash: r.secret_hash,
      workspaceStatus: r.workspace_status,
      max_service_agents: r.max_service_agents,
      max_robots: r.max_robots,
      robot,
      earlier:
        r.earlier_claim_id === null
          ? undefined
          : { id: r.earlier_claim_id, serialNumber: r.earlier_serial_number, claimedAt: r.earlier_claimed_at! },
    };
  }
}
