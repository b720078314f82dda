import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { lastUseParams, type LastUses } from '../core/database/last-use-batch';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import type { OperatorRole } from '../auth';
import type { OperatorMembership } from './operator-principal';
import type { SessionAuthMethod } from './session.constants';

/** A live session with the active user it belongs to. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  /**
   * The email was proven (confirmed_at set: a reset link mailed to it was used since it was last
   * changed). A platform admin's must be (ADR 0114).
   */
  emailConfirmed: boolean;
  issuedAt: Date;
  /** When the session was last seen, as stored (written in batches: SessionsService.resolve). */
  lastSeenAt: Date;
  /** The user's workspaces with their role, oldest membership first; suspended memberships (SCIM) are left out. */
  memberships: OperatorMembership[];
  /** How the session was authenticated, and when (recent authentication is measured from it). */
  auth: SessionAuth;
  /** The account has a second factor (a confirmed TOTP or a passkey). */
  mfaEnabled: boolean;
}

/** How a session was authenticated: kept through reissues, renewed by a re-check. */
export interface SessionAuth {
  method: SessionAuthMethod;
  /** A second factor was checked (or the identity provider vouched: SSO). */
  mfa: boolean;
  /** The last password, SSO or second-factor check. */
  authenticatedAt: Date;
  rememberMe: boolean;
  /** The log-in that started it (a reissue keeps it). */
  createdAt: Date;
}

export interface NewSession {
  userId: string;
  tokenHash: Buffer;
  issuedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  auth: SessionAuth;
}

const SESSION_PARAMS = [
  t.uuid,
  t.bytea,
  t.timestamptz,
  t.timestamptz,
  t.text.null,
  t.text.null,
  t.timestamptz,
  t.timestamptz,
  t.text.of<SessionAuthMethod>(),
  t.bool,
  t.bool,
] as const;
const values = (
  s: NewSession,
): [string, Buffer, Date, Date, string | null, string | null, Date, Date, SessionAuthMethod, boolean, boolean] => [
  s.userId,
  s.tokenHash,
  s.issuedAt,
  s.expiresAt,
  s.userAgent,
  s.ip,
  s.auth.createdAt,
  s.auth.authenticatedAt,
  s.auth.method,
  s.auth.mfa,
  s.auth.rememberMe,
];

/**
 * The session of a token hash, unexpired at `now`, with its user when that user is active, and
 * the user's memberships: all an operator request's authentication reads, in one statement
 * (the read lane: the first of every operator request and of an operator socket's upgrade).
 */
const LIVE_SESSION_USER = statement({
  label: 'live_session_user',
  lane: 'read',
  text: `SELECT s.id AS session_id, u.id AS user_id, u.email, u.name, u.confirmed_at IS NOT NULL AS email_confirmed, s.issued_at,
              (SELECT COALESCE(json_agg(json_build_object('id', w.id, 'name', w.name, 'slug', w.slug, 'plan', w.plan,
                                                          'status', w.status, 'role', m.role, 'require_mfa', w.require_mfa)
                                        ORDER BY m.inserted_at ASC, w.id ASC), '[]'::json)
                 FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
                WHERE m.user_id = u.id AND m.status = 'active') AS memberships,
              s.auth_method, s.mfa, s.authenticated_at, s.remember_me, s.created_at, s.last_seen_at,
              (EXISTS (SELECT 1 FROM user_totp tp WHERE tp.user_id = u.id AND tp.confirmed_at IS NOT NULL)
                OR EXISTS (SELECT 1 FROM webauthn_credentials wc WHERE wc.user_id = u.id)) AS mfa_enabled
         FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'`,
  params: [t.bytea, t.timestamptz],
  row: {
    session_id: t.uuid,
    user_id: t.uuid,
    email: t.text,
    name: t.text,
    email_confirmed: t.bool,
    issued_at: t.timestamptz,
    memberships: t.json.of<OperatorMembership[]>(),
    auth_method: t.text.of<SessionAuthMethod>(),
    mfa: t.bool,
    authenticated_at: t.timestamptz,
    remember_me: t.bool,
    created_at: t.timestamptz,
    last_seen_at: t.timestamptz,
    mfa_enabled: t.bool,
  },
});

const sessionUser = (r: StatementRow<typeof LIVE_SESSION_USER>): SessionUser => ({
  sessionId: r.session_id,
  userId: r.user_id,
  email: r.email,
  name: r.name,
  emailConfirmed: r.email_confirmed,
  issuedAt: r.issued_at,
  lastSeenAt: r.last_seen_at,
  memberships: r.memberships,
  auth: { method: r.auth_method, mfa: r.mfa, authenticatedAt: r.authenticated_at, rememberMe: r.remember_me, createdAt: r.created_at },
  mfaEnabled: r.mfa_enabled,
});

/** Of the given session ids, those still live (unexpired, their user active). */
const LIVE_SESSION_IDS = statement({
  label: 'live_user_session_ids',
  text: `SELECT s.id FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ANY($1::uuid[]) AND s.expires_at > $2 AND u.status = 'active'`,
  params: [t.uuidArray, t.timestamptz],
  row: { id: t.uuid },
});

const DELETE_SESSION_RETURNING_CLIENT = statement({
  label: 'delete_user_session_returning_client',
  text: `DELETE FROM user_sessions WHERE id = $1 RETURNING user_agent, ip`,
  params: [t.uuid],
  row: { user_agent: t.text.null, ip: t.text.null },
});

const INSERT_SESSION_RETURNING_ID = statement({
  label: 'insert_user_session_returning_id',
  text: `INSERT INTO user_sessions (user_id, token_hash, issued_at, expires_at, user_agent, ip, created_at, last_seen_at,
                                    authenticated_at, auth_method, mfa, remember_me)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $3, $8, $9, $10, $11)
         RETURNING id`,
  params: SESSION_PARAMS,
  row: { id: t.uuid },
});

/** Deletes the sessions of a token hash; each with the workspaces its account is an active member of (its session.end events go there). */
const DELETE_SESSIONS_BY_TOKEN_HASH = statement({
  label: 'delete_user_sessions_by_token_hash',
  text: `DELETE FROM user_sessions s WHERE s.token_hash = $1
         RETURNING s.id, COALESCE((SELECT array_agg(m.workspace_id ORDER BY m.inserted_at, m.workspace_id) FROM memberships m
                                    WHERE m.user_id = s.user_id AND m.status = 'active'), '{}'::uuid[]) AS workspace_ids`,
  params: [t.bytea],
  row: { id: t.uuid, workspace_ids: t.uuidArray },
});

const DELETE_SESSION = statement({
  label: 'delete_user_session',
  text: `DELETE FROM user_sessions WHERE id = $1`,
  params: [t.uuid],
});

const DELETE_SESSIONS_OF_USER = statement({
  label: 'delete_user_sessions_of_user',
  text: `DELETE FROM user_sessions WHERE user_id = $1`,
  params: [t.uuid],
});

/** A re-check (or a second factor just enrolled) renews the session's authentication; `mfa` only ever turns on. */
const MARK_AUTHENTICATED = statement({
  label: 'mark_user_session_authenticated',
  text: `UPDATE user_sessions SET authenticated_at = $2, mfa = mfa OR $3 WHERE id = $1 AND expires_at > $2`,
  params: [t.uuid, t.timestamptz, t.bool],
});

/** Batched last_seen_at (SessionsService.resolve): never moves backwards (another node may have written a newer sighting). */
const TOUCH_LAST_SEEN = statement({
  label: 'touch_user_sessions_last_seen',
  text: `UPDATE user_sessions s SET last_seen_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
        WHERE s.id = v.id AND s.last_seen_at < v.at`,
  params: [t.uuidArray, t.timestamptzArray],
});

/** A session as the account's list shows it (API.md Part 3 "Sessions"). */
export interface AccountSessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
  auth_method: SessionAuthMethod;
  mfa: boolean;
  remember_me: boolean;
}

/** The account's live sessions, newest log-in first. */
const LIST_ACCOUNT_SESSIONS = statement({
  label: 'list_account_sessions',
  text: `SELECT id, created_at, last_seen_at, ip, user_agent, auth_method, mfa, remember_me FROM user_sessions
          WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, id DESC`,
  params: [t.uuid, t.timestamptz],
  row: {
    id: t.uuid,
    created_at: t.timestamptz,
    last_seen_at: t.timestamptz,
    ip: t.text.null,
    user_agent: t.text.null,
    auth_method: t.text.of<SessionAuthMethod>(),
    mfa: t.bool,
    remember_me: t.bool,
  },
});

/**
 * Ends live sessions of an account: all of them, only the one `$3` names (unless null), all but
 * the one `$4` names (unless null). Every node hears each end with the commit (its sockets close
 * whatever Redis does: "How to end credentials on every node").
 */
const END_ACCOUNT_SESSIONS = statement({
  label: 'end_account_sessions',
  text: `WITH ended AS (
           DELETE FROM user_sessions s
            WHERE s.user_id = $1 AND s.expires_at > $2 AND ($3::uuid IS NULL OR s.id = $3::uuid) AND ($4::uuid IS NULL OR s.id <> $4::uuid)
           RETURNING s.id)
         SELECT e.id, ${notifyCredentialEventSql.sessionEnded('e.id')} AS notified FROM ended e`,
  params: [t.uuid, t.timestamptz, t.uuid.null, t.uuid.null],
  row: { id: t.uuid, notified: t.void },
});

/**
 * A member of the workspace (any membership status) with its role and the workspaces the account
 * is an active member of, its membership row share-locked until the transaction ends (a role
 * change waits).
 */
const WORKSPACE_MEMBER = statement({
  label: 'workspace_member_for_sessions',
  text: `SELECT m.role, u.email,
                COALESCE((SELECT array_agg(o.workspace_id ORDER BY o.inserted_at, o.workspace_id) FROM memberships o
                           WHERE o.user_id = m.user_id AND o.status = 'active'), '{}'::uuid[]) AS workspace_ids
           FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.workspace_id = $1 AND m.user_id = $2
            FOR SHARE OF m`,
  params: [t.uuid, t.uuid],
  row: { role: t.text.of<OperatorRole>(), email: t.text, workspace_ids: t.uuidArray },
});

/** SQL for operator sessions (user_sessions). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  /** See LIVE_SESSION_USER. */
  async findLiveSessionUser(tokenHash: Buffer, now: Date): Promise<SessionUser | undefined> {
    const row = await this.db.maybe(LIVE_SESSION_USER, [tokenHash, now]);
    return row && sessionUser(row);
  }

  /** Of the given session ids, those still live (unexpired, their user active). */
  async liveSessionIds(ids: string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.rows(LIVE_SESSION_IDS, [ids, now]);
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes a session and returns its client details, or undefined when it was already gone. */
  deleteReturningClient(tx: Tx, sessionId: string): Promise<{ user_agent: string | null; ip: string | null } | undefined> {
    return tx.maybe(DELETE_SESSION_RETURNING_CLIENT, [sessionId]);
  }

  /** A log-in's or a reissue's insert, in its transaction; returns the new session's id. */
  async insertSessionReturningId(tx: Tx, s: NewSession): Promise<string> {
    return (await tx.one(INSERT_SESSION_RETURNING_ID, values(s))).id;
  }

  /** See DELETE_SESSIONS_BY_TOKEN_HASH. */
  deleteByTokenHash(tx: Tx, tokenHash: Buffer): Promise<{ id: string; workspace_ids: string[] }[]> {
    return tx.rows(DELETE_SESSIONS_BY_TOKEN_HASH, [tokenHash]);
  }

  /** Whether the session was there to delete. */
  async deleteById(tx: Tx, sessionId: string): Promise<boolean> {
    return (await tx.run(DELETE_SESSION, [sessionId])) > 0;
  }

  /** See MARK_AUTHENTICATED: whether the session was there (live) to mark. */
  async markAuthenticated(tx: Tx, sessionId: string, at: Date, mfa: boolean): Promise<boolean> {
    return (await tx.run(MARK_AUTHENTICATED, [sessionId, at, mfa])) > 0;
  }

  /** One statement for every session seen since the last flush; returns the rows written. */
  async touchLastSeen(uses: LastUses): Promise<number> {
    if (uses.size === 0) return 0;
    return this.db.run(TOUCH_LAST_SEEN, lastUseParams(uses));
  }

  listOfAccount(userId: string, now: Date): Promise<AccountSessionRow[]> {
    return this.db.rows(LIST_ACCOUNT_SESSIONS, [userId, now]);
  }

  /** See END_ACCOUNT_SESSIONS: the ids of the sessions ended. */
  async endOfAccount(tx: Tx, userId: string, now: Date, which: { only?: string; except?: string }): Promise<string[]> {
    const rows = await tx.rows(END_ACCOUNT_SESSIONS, [userId, now, which.only ?? null, which.except ?? null]);
    return rows.map((r) => r.id);
  }

  /** See WORKSPACE_MEMBER. */
  memberOfWorkspace(
    tx: Tx,
    workspaceId: string,
    userId: string,
  ): Promise<{ role: OperatorRole; email: string; workspace_ids: string[] } | undefined> {
    return tx.maybe(WORKSPACE_MEMBER, [workspaceId, userId]);
  }

  /** In `q`'s transaction (a password reset, a SCIM suspension), or on its own. */
  async deleteAllOfUser(q: Queryable, userId: string): Promise<void> {
    await q.run(DELETE_SESSIONS_OF_USER, [userId]);
  }
}
