import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { lastUseParams, type LastUses } from '../core/database/last-use-batch';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import { API_TOKEN_LIST, type ApiTokenRole } from './dto/api-token.dto';
import type { ListQuery } from '../core/listing/list-query';

export interface ApiTokenRow {
  id: string;
  name: string;
  role: ApiTokenRole;
  expires_at: Date | null;
  allowed_ips: string[];
  last_used_at: Date | null;
  inserted_at: Date;
}

const COLUMNS = 'a.id, a.name, a.role, a.expires_at, a.allowed_ips, a.last_used_at, a.inserted_at';
const TOKEN_ROW = {
  id: t.uuid,
  name: t.text,
  role: t.text.of<ApiTokenRole>(),
  expires_at: t.timestamptz.null,
  allowed_ips: t.textArray,
  last_used_at: t.timestamptz.null,
  inserted_at: t.timestamptz,
};

const INSERT_TOKEN = statement({
  label: 'insert_api_token',
  text: `INSERT INTO api_tokens AS a (workspace_id, name, role, prefix, secret_hash, allowed_ips, expires_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.text, t.text, t.bytea, t.textArray, t.timestamptz.null, t.uuid],
  row: TOKEN_ROW,
});

/** Live (unrevoked) tokens of the workspace, newest first; expired ones stay listed until revoked. */
const TOKENS = listStatements(API_TOKEN_LIST, {
  label: 'list_api_tokens',
  columns: COLUMNS,
  from: 'api_tokens',
  alias: 'a',
  scope: 'a.workspace_id = $1 AND a.revoked_at IS NULL',
  params: [t.uuid],
  row: TOKEN_ROW,
});

/**
 * Revokes a live token of the workspace and notifies every node with the commit (ADR 0230: its
 * cached record is dropped everywhere, whatever Redis does). Two revocations at once: the second
 * waits for the first's row lock, then finds the token revoked and changes nothing.
 */
const REVOKE_TOKEN = statement({
  label: 'revoke_api_token',
  text: `WITH a AS (
           UPDATE api_tokens SET revoked_at = $3 WHERE id = $1 AND workspace_id = $2 AND revoked_at IS NULL RETURNING id, name)
         SELECT a.id, a.name, ${notifyCredentialEventSql.credentialChanged('a.id')} AS notified FROM a`,
  params: [t.uuid, t.uuid, t.timestamptz],
  row: { id: t.uuid, name: t.text, notified: t.void },
});

/**
 * A token by its prefix, revoked or not (authentication says which), with what its principal
 * needs: its workspace as a membership reads, and the account that minted it.
 */
const TOKEN_BY_PREFIX = statement({
  label: 'api_token_by_prefix',
  text: `SELECT a.id, a.workspace_id, a.name, a.role, a.secret_hash, a.allowed_ips, a.expires_at, a.revoked_at IS NOT NULL AS revoked,
                a.created_by, u.email, u.name AS user_name,
                w.name AS workspace_name, w.slug, w.plan, w.status, w.require_mfa
           FROM api_tokens a JOIN workspaces w ON w.id = a.workspace_id JOIN users u ON u.id = a.created_by
          WHERE a.prefix = $1`,
  params: [t.text],
  row: {
    id: t.uuid,
    workspace_id: t.uuid,
    name: t.text,
    role: t.text.of<ApiTokenRole>(),
    secret_hash: t.bytea,
    allowed_ips: t.textArray,
    expires_at: t.timestamptz.null,
    revoked: t.bool,
    created_by: t.uuid,
    email: t.text,
    user_name: t.text,
    workspace_name: t.text,
    slug: t.text,
    plan: t.text,
    status: t.text,
    require_mfa: t.bool,
  },
});

/** What authentication reads of a token (ApiTokenVerifier caches it). */
export type ApiTokenAuthRow = StatementRow<typeof TOKEN_BY_PREFIX>;

const TOUCH_LAST_USED = statement({
  label: 'touch_api_tokens_last_used',
  text: `UPDATE api_tokens a SET last_used_at = v.at
           FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
          WHERE a.id = v.id AND (a.last_used_at IS NULL OR a.last_used_at < v.at)`,
  params: [t.uuidArray, t.timestamptzArray],
});

/** SQL of operator API tokens; only the SHA-256 of each secret is stored. */
@Injectable()
export class ApiTokensRepository {
  constructor(private readonly db: Db) {}

  /** In `tx` (with its audit event). */
  insert(
    tx: Tx,
    p: {
      workspaceId: string;
      name: string;
      role: ApiTokenRole;
      prefix: string;
      secretHash: Buffer;
      allowedIps: string[];
      expiresAt: Date | null;
      createdBy: string;
    },
  ): Promise<ApiTokenRow> {
    return tx.one(INSERT_TOKEN, [p.workspaceId, p.name, p.role, p.prefix, p.secretHash, p.allowedIps, p.expiresAt, p.createdBy]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: ApiTokenRow[]; total: number }> {
    return this.db.list(TOKENS, [workspaceId], q);
  }

  /** Revokes a live token of the workspace in `q`'s transaction; undefined when there is none with that id. */
  async revoke(q: Queryable, workspaceId: string, id: string, at: Date): Promise<{ id: string; name: string } | undefined> {
    const row = await q.maybe(REVOKE_TOKEN, [id, workspaceId, at]);
    return row && { id: row.id, name: row.name };
  }

  findByPrefix(prefix: string): Promise<ApiTokenAuthRow | undefined> {
    return this.db.maybe(TOKEN_BY_PREFIX, [prefix]);
  }

  async touchLastUsed(uses: LastUses): Promise<void> {
    await this.db.run(TOUCH_LAST_USED, lastUseParams(uses));
  }
}
