import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../core/listing/list-query';
import { listPage } from '../core/database/list-page';
import type { PlanLimits, WorkspaceStatus } from '../identity';

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
  scopes: string[];
  createdBy: string | null;
  insertedAt: Date;
}

/** The mutable part of a token and its workspace's status, read together. */
export interface ClaimState {
  maxClaims: number;
  claimsCount: number;
  expiresAt: Date;
  revokedAt: Date | null;
  workspaceStatus: WorkspaceStatus;
}

/** A token as a claim reads it first: with its secret hash, its workspace's status and plan limits. */
export interface ClaimTarget extends EnrollmentTokenRow, PlanLimits {
  secretHash: Buffer;
  workspaceStatus: WorkspaceStatus;
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
  scopes: readonly string[];
  createdBy: string;
}

const COLUMNS = `id, workspace_id AS "workspaceId", prefix, max_claims AS "maxClaims", claims_count AS "claimsCount",
  expires_at AS "expiresAt", revoked_at AS "revokedAt", serial_allowlist AS "serialAllowlist", cohort_id AS "cohortId",
  default_tags AS "defaultTags", scopes, created_by AS "createdBy", inserted_at AS "insertedAt"`;

/** SQL for enrollment tokens. The secret hash leaves the database only for the claim's compare. */
@Injectable()
export class EnrollmentTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(t: NewEnrollmentToken): Promise<EnrollmentTokenRow> {
    const rows = await this.db.query(
      `INSERT INTO enrollment_tokens
         (workspace_id, prefix, secret_hash, max_claims, expires_at, serial_allowlist, cohort_id, default_tags, scopes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
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

  /** Sets revoked_at once (a second revoke keeps the first time); undefined when not in the workspace. */
  async revoke(workspaceId: string, id: string, now: Date): Promise<EnrollmentTokenRow | undefined> {
    const [rows] = await this.db.query(
      `UPDATE enrollment_tokens SET revoked_at = COALESCE(revoked_at, $3)
        WHERE id = $1 AND workspace_id = $2 RETURNING ${COLUMNS}`,
      [id, workspaceId, now],
    );
    return rows[0];
  }

  /**
   * What a claim checks first, in one statement (one snapshot), without any lock: the token with
   * that prefix and its secret hash, its workspace's status and the workspace plan's limits.
   */
  async findForClaim(m: EntityManager, prefix: string): Promise<ClaimTarget | undefined> {
    const rows = await m.query(
      `SELECT t.*, w.status AS "workspaceStatus", p.max_service_agents, p.max_robots
         FROM (SELECT ${COLUMNS}, secret_hash AS "secretHash" FROM enrollment_tokens WHERE prefix = $1) t
         JOIN workspaces w ON w.id = t."workspaceId" JOIN plans p ON p.slug = w.plan`,
      [prefix],
    );
    return rows[0];
  }

  /** The token's state and its workspace's status now, in one statement (deciding a refusal). */
  async readClaimState(m: EntityManager, id: string): Promise<ClaimState | undefined> {
    const rows = await m.query(
      `SELECT t.max_claims AS "maxClaims", t.claims_count AS "claimsCount", t.expires_at AS "expiresAt",
              t.revoked_at AS "revokedAt", w.status AS "workspaceStatus"
         FROM enrollment_tokens t JOIN workspaces w ON w.id = t.workspace_id WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }
}
