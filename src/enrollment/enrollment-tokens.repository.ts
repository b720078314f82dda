import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListQuery } from '../core/listing/list-query';
import { listPage } from '../core/database/list-page';

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

  /** The token with that prefix, row-locked until the claim's transaction ends. */
  async lockByPrefix(m: EntityManager, prefix: string): Promise<(EnrollmentTokenRow & { secretHash: Buffer }) | undefined> {
    const rows = await m.query(
      `SELECT ${COLUMNS}, secret_hash AS "secretHash" FROM enrollment_tokens WHERE prefix = $1 FOR UPDATE`,
      [prefix],
    );
    return rows[0];
  }

  /** One more claim; the CHECK (claims_count <= max_claims) refuses any overshoot. */
  async countClaim(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE enrollment_tokens SET claims_count = claims_count + 1 WHERE id = $1`, [id]);
  }
}
