import { Injectable } from '@nestjs/common';
import { type IpRange, parseAllowlist } from '../core/common/http/ip-allowlist';
import { Db, type MergeableWrite, type Tx } from '../core/database/db.service';
import { lastUseParams, type LastUses } from '../core/database/last-use-batch';
import { keysetStatement } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { byteaArrayLiteral, textArrayLiteral, timestamptzArrayLiteral, uuidArrayLiteral } from '../core/database/sql';
import { type RowOf, statement } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ServiceAgentStatus } from '../agents';
import type { MachineScope } from '../auth';
import type { WorkspaceStatus } from '../identity';
import type { StoredCredentialStatus } from './credential-status';

/**
 * The token exchange's insert, committed without waiting for the WAL flush: `set_config(...,
 * true)` turns synchronous_commit off for this statement's own implicit transaction only (the
 * connection's setting is back on afterwards). An access token is a derived, short-lived
 * credential: if Postgres crashes within the few hundred milliseconds before the flush, the token
 * is unknown after the restart and its holder exchanges its key again (401, then a new token).
 * Nothing else is lost or half-written, and revocations and every other write stay synchronous.
 * Measured on Node 24: the exchange serves about 1.6x the requests (bench/README.md, "Node 24").
 */
export const ACCESS_TOKEN_INSERT_ASYNC_COMMIT = `INSERT INTO access_tokens (credential_id, token_hash, scopes, expires_at)
  SELECT $1::uuid, $2::bytea, $3::text[], $4::timestamptz WHERE set_config('synchronous_commit', 'off', true) = 'off'`;

/**
 * The same insert for the tokens of many exchanges at once (PreparedSql.write merges the rows that
 * go out together): one statement, one asynchronous commit. Each row's scopes travel as a text[]
 * literal in a text[] (unnest would flatten a two-dimensional array); the setting is an InitPlan,
 * evaluated once per statement. Measured with pgbench on 2 cores: about 2.7x the rows per second
 * of the one-row statement at ten rows a statement (finding 20).
 */
export const ACCESS_TOKENS_INSERT_ASYNC_COMMIT = `INSERT INTO access_tokens (credential_id, token_hash, scopes, expires_at)
  SELECT c, h, s::text[], e FROM unnest($1::uuid[], $2::bytea[], $3::text[], $4::timestamptz[]) AS t(c, h, s, e)
   WHERE (SELECT set_config('synchronous_commit', 'off', true)) = 'off'`;

export interface NewAccessToken {
  credentialId: string;
  tokenHash: Buffer;
  scopes: readonly MachineScope[];
  expiresAt: Date;
}

export const ACCESS_TOKEN_WRITE: MergeableWrite<NewAccessToken> = {
  label: 'insert_access_token',
  one: ACCESS_TOKEN_INSERT_ASYNC_COMMIT,
  oneValues: (t) => [t.credentialId, t.tokenHash, t.scopes, t.expiresAt.toISOString()],
  many: ACCESS_TOKENS_INSERT_ASYNC_COMMIT,
  manyValues: (rows) => [
    uuidArrayLiteral(rows.map((t) => t.credentialId)),
    byteaArrayLiteral(rows.map((t) => t.tokenHash)),
    rows.map((t) => textArrayLiteral(t.scopes)),
    timestamptzArrayLiteral(rows.map((t) => t.expiresAt)),
  ],
};

/** A credential with what authentication needs of its agent and workspace, read in one query. */
export interface CredentialRecord {
  credentialId: string;
  workspaceId: string;
  serviceAgentId: string;
  secretHash: Buffer;
  credentialScopes: MachineScope[];
  credentialStatus: StoredCredentialStatus;
  credentialExpiresAt: Date | null;
  /**
   * Until when the key's first use must be written at once, before the use is served: a key
   * answered by a claim with a claim_id, which a replay may revoke while it is unused (ADR 0232).
   */
  credentialReplayUntil: Date | null;
  /** Whether the key (or anything minted from it) has been used, as far as this record knows. */
  credentialFirstUsed: boolean;
  /** The key's allowlist as stored (canonical CIDRs; empty: any address), and parsed once for checks. */
  allowedIps: readonly string[];
  allowedRanges: readonly IpRange[];
  agentStatus: ServiceAgentStatus;
  workspaceStatus: WorkspaceStatus;
}

export interface AccessTokenRecord extends CredentialRecord {
  tokenScopes: MachineScope[];
  tokenExpiresAt: Date;
}

export interface PrimaryKeyRecord {
  credential_id: string;
  prefix: string;
  scopes: MachineScope[];
  status: StoredCredentialStatus;
  last_used_at: Date | null;
  inserted_at: Date;
}

/** The credential with its agent's and workspace's state: what machine authentication checks. */
export const CREDENTIAL_COLUMNS = `
  c.id AS credential_id, c.workspace_id, c.service_agent_id,
  c.secret_hash, c.scopes AS credential_scopes, c.status AS credential_status,
  c.expires_at AS credential_expires_at, c.replay_until AS credential_replay_until,
  c.first_used_at IS NOT NULL AS credential_first_used, c.allowed_ips, a.status AS agent_status, w.status AS workspace_status`;
/** Joins from `api_credentials c` to the rows CREDENTIAL_COLUMNS reads. */
export const CREDENTIAL_JOINS = `
  JOIN service_agents a ON a.id = c.service_agent_id
  JOIN workspaces w ON w.id = c.workspace_id`;
/** The row CREDENTIAL_COLUMNS reads. */
export const CREDENTIAL_ROW = {
  credential_id: t.uuid,
  workspace_id: t.uuid,
  service_agent_id: t.uuid,
  secret_hash: t.bytea,
  credential_scopes: t.textArray.of<MachineScope[]>(),
  credential_status: t.text.of<StoredCredentialStatus>(),
  credential_expires_at: t.timestamptz.null,
  credential_replay_until: t.timestamptz.null,
  credential_first_used: t.bool,
  allowed_ips: t.textArray,
  agent_status: t.text.of<ServiceAgentStatus>(),
  workspace_status: t.text.of<WorkspaceStatus>(),
} as const;
/** A token's own columns, read with CREDENTIAL_COLUMNS (`t` is the token's table). */
export const TOKEN_COLUMNS = `t.scopes AS token_scopes, t.expires_at AS token_expires_at`;
export const TOKEN_ROW = { token_scopes: t.textArray.of<MachineScope[]>(), token_expires_at: t.timestamptz } as const;

/** The record a credential's row (CREDENTIAL_ROW) is to authentication. */
export function credentialRecord(r: RowOf<typeof CREDENTIAL_ROW>): CredentialRecord {
  return {
    credentialId: r.credential_id,
    workspaceId: r.workspace_id,
    serviceAgentId: r.service_agent_id,
    secretHash: r.secret_hash,
    credentialScopes: r.credential_scopes,
    credentialStatus: r.credential_status,
    credentialExpiresAt: r.credential_expires_at,
    credentialReplayUntil: r.credential_replay_until,
    credentialFirstUsed: r.credential_first_used,
    allowedIps: r.allowed_ips,
    allowedRanges: parseAllowlist(r.allowed_ips),
    agentStatus: r.agent_status,
    workspaceStatus: r.workspace_status,
  };
}

/** The record a token's row (CREDENTIAL_ROW and TOKEN_ROW) is to authentication. */
export function accessTokenRecord(r: RowOf<typeof CREDENTIAL_ROW> & RowOf<typeof TOKEN_ROW>): AccessTokenRecord {
  return { ...credentialRecord(r), tokenScopes: r.token_scopes, tokenExpiresAt: r.token_expires_at };
}

const CREDENTIAL_BY_PREFIX = statement({
  label: 'credential_by_prefix',
  lane: 'read',
  text: `SELECT ${CREDENTIAL_COLUMNS}
         FROM api_credentials c ${CREDENTIAL_JOINS}
        WHERE c.prefix = $1`,
  params: [t.text],
  row: CREDENTIAL_ROW,
});

const CREDENTIAL_BY_ACCESS_TOKEN = statement({
  label: 'credential_by_access_token',
  lane: 'read',
  text: `SELECT ${CREDENTIAL_COLUMNS}, ${TOKEN_COLUMNS}
         FROM access_tokens t
         JOIN api_credentials c ON c.id = t.credential_id ${CREDENTIAL_JOINS}
        WHERE t.token_hash = $1`,
  params: [t.bytea],
  row: { ...CREDENTIAL_ROW, ...TOKEN_ROW },
});

const INSERT_CREDENTIAL = statement({
  label: 'insert_api_credential',
  text: `INSERT INTO api_credentials (id, workspace_id, service_agent_id, prefix, secret_hash, scopes, expires_at, replay_until, allowed_ips)
       VALUES (COALESCE($7::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $8, $9) RETURNING id, inserted_at`,
  params: [t.uuid, t.uuid, t.text, t.bytea, t.textArray, t.timestamptz.null, t.uuid.null, t.timestamptz.null, t.textArray],
  row: { id: t.uuid, inserted_at: t.timestamptz },
});

const MARK_FIRST_USE = statement({
  label: 'mark_credential_first_use',
  text: `UPDATE api_credentials SET first_used_at = COALESCE(first_used_at, now()) WHERE id = $1 AND status = 'usable' RETURNING id`,
  params: [t.uuid],
  row: { id: t.uuid },
});

/** An access token in the caller's transaction (durable with it). */
const INSERT_ACCESS_TOKEN_IN_TX = statement({
  label: 'insert_access_token_in_tx',
  text: `INSERT INTO access_tokens (credential_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4)`,
  params: [t.uuid, t.bytea, t.textArray, t.timestamptz],
});

/** Moves a usable credential to archived. */
/**
 * Moves a usable credential to archived, notifying every node with the commit (its cached
 * records are dropped everywhere, whatever Redis does: ADR 0230; a revocation says so with
 * `api_key.revoked` through the outbox instead).
 */
const ARCHIVE_CREDENTIAL = statement({
  label: 'archive_api_credential',
  text: `WITH c AS (
           UPDATE api_credentials SET status = $3, archived_at = $4
           WHERE id = $1 AND workspace_id = $2 AND status IN ('usable') RETURNING id)
         SELECT c.id, 'usable' AS previous, ${notifyCredentialEventSql.credentialChanged('c.id')} AS notified FROM c`,
  params: [t.uuid, t.uuid, t.text, t.timestamptz],
  row: { id: t.uuid, previous: t.text.of<StoredCredentialStatus>(), notified: t.void },
});

/** Moves a usable or archived credential to revoked; its status before, read under the row's lock. */
const REVOKE_CREDENTIAL = statement({
  label: 'revoke_api_credential',
  text: `WITH found AS (SELECT id AS found_id, status AS previous FROM api_credentials
                      WHERE id = $1 AND workspace_id = $2 AND status IN ('usable', 'archived') FOR NO KEY UPDATE)
       UPDATE api_credentials SET status = $3, revoked_at = $4 FROM found WHERE id = found.found_id RETURNING id, found.previous`,
  params: [t.uuid, t.uuid, t.text, t.timestamptz],
  row: { id: t.uuid, previous: t.text.of<StoredCredentialStatus>() },
});

const CREDENTIAL_EXISTS = statement({
  label: 'api_credential_exists_in_workspace',
  text: `SELECT 1 FROM api_credentials WHERE id = $1 AND workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: { '?column?': t.int },
});

const REVOKE_ALL_OF_AGENT = statement({
  label: 'revoke_api_credentials_of_agent',
  text: `UPDATE api_credentials SET status = 'revoked', revoked_at = $2
        WHERE service_agent_id = $1 AND status IN ('usable', 'archived') RETURNING id`,
  params: [t.uuid, t.timestamptz],
  row: { id: t.uuid },
});

const LOCK_SERVICE_AGENT = statement({
  label: 'lock_service_agent_for_credentials',
  text: `SELECT id FROM service_agents WHERE id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: { id: t.uuid },
});

const PRIMARY_KEY = statement({
  label: 'workspace_primary_key',
  text: `SELECT c.id AS credential_id, c.prefix, c.scopes, c.status, c.last_used_at, c.inserted_at
         FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE a.workspace_id = $1 AND a.hidden AND c.status = 'usable'
        ORDER BY c.inserted_at DESC LIMIT 1`,
  params: [t.uuid],
  row: {
    credential_id: t.uuid,
    prefix: t.text,
    scopes: t.textArray.of<MachineScope[]>(),
    status: t.text.of<StoredCredentialStatus>(),
    last_used_at: t.timestamptz.null,
    inserted_at: t.timestamptz,
  },
});

const TOUCH_LAST_USED = statement({
  label: 'touch_api_credentials_last_used',
  text: `UPDATE api_credentials c SET last_used_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
        WHERE c.id = v.id AND (c.last_used_at IS NULL OR c.last_used_at < v.at)`,
  params: [t.uuidArray, t.timestamptzArray],
});

/**
 * Revokes the workspace's keys among the ids that are usable or archived; keys of the hidden
 * workspace-key agent are left out (operator REST never sees them). Every key found (locked),
 * with its status before.
 */
const REVOKE_VISIBLE_MANY = statement({
  label: 'revoke_visible_api_credentials',
  text: `WITH found AS (SELECT c.id, c.status FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
                       WHERE c.id = ANY($2::uuid[]) AND c.workspace_id = $1 AND NOT a.hidden FOR UPDATE OF c),
            revoked AS (UPDATE api_credentials c SET status = 'revoked', revoked_at = $3
                          FROM found WHERE c.id = found.id AND found.status <> 'revoked' RETURNING c.id)
       SELECT id, status AS previous FROM found`,
  params: [t.uuid, t.uuidArray, t.timestamptz],
  row: { id: t.uuid, previous: t.text.of<StoredCredentialStatus>() },
});

/** A page of the keys of a data subject's agents (public parts only), by id. */
const EXPORT_CREDENTIALS = keysetStatement({
  label: 'export_api_credentials',
  columns: `id, service_agent_id, 'agk_' || prefix AS prefix, scopes, status, expires_at, last_used_at, archived_at, revoked_at, inserted_at`,
  from: 'api_credentials',
  alias: 'api_credentials',
  scope: `workspace_id = $1 AND service_agent_id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: {
    id: t.uuid,
    service_agent_id: t.uuid,
    prefix: t.text,
    scopes: t.textArray,
    status: t.text,
    expires_at: t.timestamptz.null,
    last_used_at: t.timestamptz.null,
    archived_at: t.timestamptz.null,
    revoked_at: t.timestamptz.null,
    inserted_at: t.timestamptz,
  },
  limit: EXPORT_PAGE_SIZE,
});

const REVOKE_ALL_OF_AGENTS = statement({
  label: 'revoke_api_credentials_of_agents',
  text: `UPDATE api_credentials SET status = 'revoked', revoked_at = $3
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND status IN ('usable', 'archived') RETURNING id`,
  params: [t.uuid, t.uuidArray, t.timestamptz],
  row: { id: t.uuid },
});

/** SQL for machine credentials. Lookups are single indexed joins (prefix or token hash). */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly db: Db) {}

  async findByPrefix(prefix: string): Promise<CredentialRecord | undefined> {
    const row = await this.db.maybe(CREDENTIAL_BY_PREFIX, [prefix]);
    return row && credentialRecord(row);
  }

  async findAccessToken(tokenHash: Buffer): Promise<AccessTokenRecord | undefined> {
    const row = await this.db.maybe(CREDENTIAL_BY_ACCESS_TOKEN, [tokenHash]);
    return row && accessTokenRecord(row);
  }

  /** A new credential; its id is `c.id` when given (a caller that must name it before the answer), else generated. */
  insertCredential(
    m: Tx,
    c: {
      id?: string;
      workspaceId: string;
      serviceAgentId: string;
      prefix: string;
      secretHash: Buffer;
      scopes: readonly MachineScope[];
      expiresAt: Date | null;
      replayUntil?: Date | null;
      allowedIps?: readonly string[];
    },
  ): Promise<{ id: string; inserted_at: Date }> {
    return m.one(INSERT_CREDENTIAL, [
      c.workspaceId,
      c.serviceAgentId,
      c.prefix,
      c.secretHash,
      c.scopes,
      c.expiresAt,
      c.id ?? null,
      c.replayUntil ?? null,
      c.allowedIps ?? [],
    ]);
  }

  /**
   * The first use of a replayable key, written before the use is served (ADR 0232): under the
   * key row's lock, which a replay takes too, so either the use is written first (and the replay
   * refuses) or the replay revokes the key first (and the use finds it unusable: false).
   */
  async markFirstUse(credentialId: string): Promise<boolean> {
    return (await this.db.maybe(MARK_FIRST_USE, [credentialId])) !== undefined;
  }

  /**
   * Inside the caller's transaction when given one (durable with it), else as the exchange's hot
   * path: a pipelined write that commits asynchronously, merged with the other exchanges' tokens
   * that go out with it (ACCESS_TOKEN_WRITE).
   */
  async insertAccessToken(m: Tx | undefined, t: NewAccessToken): Promise<void> {
    if (m) {
      await m.run(INSERT_ACCESS_TOKEN_IN_TX, [t.credentialId, t.tokenHash, t.scopes, t.expiresAt.toISOString()]);
    } else {
      await this.db.write(ACCESS_TOKEN_WRITE, t);
    }
  }

  /** Archives or revokes the credential; its status before, or undefined when it was not changed (or is not the workspace's). */
  async setStatus(
    m: Tx,
    credentialId: string,
    workspaceId: string,
    status: 'archived' | 'revoked',
    at: Date,
  ): Promise<StoredCredentialStatus | undefined> {
    const s = status === 'archived' ? ARCHIVE_CREDENTIAL : REVOKE_CREDENTIAL;
    return (await m.maybe(s, [credentialId, workspaceId, status, at]))?.previous;
  }

  /** Whether the credential exists in the workspace, whatever its state. */
  async existsInWorkspace(m: Tx, credentialId: string, workspaceId: string): Promise<boolean> {
    return (await m.maybe(CREDENTIAL_EXISTS, [credentialId, workspaceId])) !== undefined;
  }

  /** Revokes every usable or archived credential of the agent; returns their ids. */
  async revokeAllOfAgent(m: Tx, agentId: string, at: Date): Promise<string[]> {
    const rows = await m.rows(REVOKE_ALL_OF_AGENT, [agentId, at]);
    return rows.map((r) => r.id);
  }

  /** Locks the agent's row until the transaction ends. */
  async lockServiceAgent(m: Tx, agentId: string): Promise<void> {
    await m.rows(LOCK_SERVICE_AGENT, [agentId]);
  }

  /** The newest usable credential of the workspace's hidden agent (its primary key), or undefined. */
  findPrimaryKey(workspaceId: string): Promise<PrimaryKeyRecord | undefined> {
    return this.db.maybe(PRIMARY_KEY, [workspaceId]);
  }

  /** Batched last_used_at: one statement for every credential used since the last flush. */
  async touchLastUsed(entries: LastUses): Promise<void> {
    if (entries.size === 0) return;
    await this.db.run(TOUCH_LAST_USED, lastUseParams(entries));
  }

  // ---- batch revocation (issue 22) ----

  /**
   * Revokes the workspace's keys among `ids` that are usable or archived, in `m`'s transaction;
   * keys of the hidden workspace-key agent are left out (operator REST never sees them). Returns
   * every key found (locked) with its status before.
   */
  revokeVisibleMany(
    m: Tx,
    workspaceId: string,
    ids: readonly string[],
    at: Date,
  ): Promise<{ id: string; previous: StoredCredentialStatus }[]> {
    return m.rows(REVOKE_VISIBLE_MANY, [workspaceId, ids, at]);
  }

  // ---- data requests (issue 22) ----

  /** A page of the keys of a data subject's agents (public parts only), by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_CREDENTIALS, [s.workspaceId, s.serviceAgentIds, after ?? null]);
  }

  /** Revokes every usable or archived key of the given agents of the workspace; returns their ids. */
  async revokeAllOfAgents(m: Tx, workspaceId: string, agentIds: readonly string[], at: Date): Promise<string[]> {
    const rows = await m.rows(REVOKE_ALL_OF_AGENTS, [workspaceId, agentIds, at]);
    return rows.map((r) => r.id);
  }
}
