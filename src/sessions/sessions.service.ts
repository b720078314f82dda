import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { LastUseBatch } from '../core/database/last-use-batch';
import { EventBus } from '../core/redis/event-bus.service';
import { SessionEvents } from '../core/redis/redis-keys';
import { accountActor, accountTarget, type AuditedAccount, MemberAudit } from './member-audit';
import { OperatorsRepository } from './operators.repository';
import {
  RECENT_AUTH_MS,
  SESSION_REISSUE_AFTER_MS,
  SESSION_SEEN_FLUSH_MS,
  SESSION_SEEN_WRITE_AFTER_MS,
  SESSION_TTL_MS,
  type SessionAuthMethod,
} from './session.constants';
import { type SessionAuth, SessionsRepository, SessionUser } from './sessions.repository';
import type { AuditActor } from '../auth';

/**
 * Server-side operator sessions. The browser holds a random token; the row holds only its
 * SHA-256, the user, and when it was issued. A session lives 14 days; one used after 7 days is
 * reissued (new token, old row deleted). When it was last seen is written in batches (ADR 0246).
 */
@Injectable()
export class SessionsService implements OnModuleInit, OnApplicationShutdown {
  /** Sessions seen since the last flush (tests flush it without waiting). */
  private readonly lastSeen: LastUseBatch;

  constructor(
    private readonly db: Db,
    private readonly repo: SessionsRepository,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly audit: MemberAudit,
    private readonly operators: OperatorsRepository,
  ) {
    this.lastSeen = new LastUseBatch('last_seen_at', (uses) => this.repo.touchLastSeen(uses));
  }

  onModuleInit(): void {
    this.lastSeen.start(SESSION_SEEN_FLUSH_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.lastSeen.stop();
  }

  /**
   * A new session of the user in the caller's transaction (a log-in, with its audit events): its
   * token and id. `how` says how it was authenticated (now).
   */
  async start(
    tx: Tx,
    userId: string,
    meta: { userAgent?: string; ip?: string },
    how: { method: SessionAuthMethod; mfa: boolean; rememberMe: boolean },
  ): Promise<{ token: string; sessionId: string }> {
    const token = randomToken(32);
    const now = this.clock.now();
    const sessionId = await this.repo.insertSessionReturningId(tx, {
      userId,
      tokenHash: sha256(token),
      issuedAt: new Date(now),
      expiresAt: new Date(now + SESSION_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      auth: { ...how, authenticatedAt: new Date(now), createdAt: new Date(now) },
    });
    return { token, sessionId };
  }

  /**
   * A log-in: a new session of the account (by password; `mfa` when a second factor completed it)
   * and its `member.login` event in each of the account's workspaces, in the caller's transaction.
   */
  async logIn(
    tx: Tx,
    account: AuditedAccount,
    client: { ip?: string; userAgent?: string; rememberMe: boolean },
    secondFactor?: string,
  ): Promise<{ token: string; sessionId: string }> {
    const started = await this.start(
      tx,
      account.id,
      { ip: client.ip, userAgent: client.userAgent },
      { method: 'password', mfa: secondFactor !== undefined, rememberMe: client.rememberMe },
    );
    await this.audit.record(tx, account.workspaceIds, {
      action: 'member.login',
      target: accountTarget(account),
      changes: { session_id: [null, started.sessionId], ...(secondFactor ? { second_factor: [null, secondFactor] } : {}) },
      actor: accountActor(account),
    });
    return started;
  }

  /**
   * A sign-in through single sign-on (API.md Part 3): a new session of the account with
   * `auth_method: sso` and its `member.login` event in each of the account's active workspaces
   * (read in the caller's transaction, so a membership it just created counts), naming the connection.
   */
  async logInBySso(
    tx: Tx,
    userId: string,
    client: { ip?: string; userAgent?: string },
    connectionId: string,
  ): Promise<{ token: string; sessionId: string; actor: AuditActor }> {
    const account = await this.operators.auditedAccount(tx, userId);
    if (!account) throw new Error(`account ${userId} vanished inside its sign-in`);
    const started = await this.start(tx, userId, client, { method: 'sso', mfa: false, rememberMe: false });
    await this.audit.record(tx, account.workspaceIds, {
      action: 'member.login',
      target: accountTarget(account),
      changes: { session_id: [null, started.sessionId], auth_method: [null, 'sso'], sso_connection_id: [null, connectionId] },
      actor: accountActor(account),
    });
    return { ...started, actor: accountActor(account) };
  }

  /**
   * The active user of a live session token, or undefined (unknown, expired, or user suspended).
   * A session whose stored last_seen_at is SESSION_SEEN_WRITE_AFTER_MS old is marked seen now,
   * for the next batch; a fresher one writes nothing.
   */
  async resolve(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token.length > 100) return undefined;
    const session = await this.repo.findLiveSessionUser(sha256(token), this.clock.date());
    const now = this.clock.now();
    if (session && now - session.lastSeenAt.getTime() >= SESSION_SEEN_WRITE_AFTER_MS) this.lastSeen.mark(session.sessionId, now);
    return session;
  }

  /** Which of these sessions are still live: sockets re-check theirs while cross-node events may be missed. */
  liveSessionIds(ids: string[]): Promise<Set<string>> {
    return this.repo.liveSessionIds(ids, this.clock.date());
  }

  /** API.md Part 3 "recent authentication": the last password, SSO or second-factor check is at most 10 minutes old. */
  recentlyAuthenticated(auth: SessionAuth): boolean {
    return this.clock.now() - auth.authenticatedAt.getTime() <= RECENT_AUTH_MS;
  }

  /**
   * A password or second-factor check just passed on this session (a re-check, or a factor just
   * enrolled): "recent authentication" starts again now, and `mfa` turns on when a factor was
   * checked. In the caller's transaction, with its audit event. False when the session is gone.
   */
  markAuthenticated(tx: Tx, sessionId: string, mfa: boolean): Promise<boolean> {
    return this.repo.markAuthenticated(tx, sessionId, this.clock.date(), mfa);
  }

  needsReissue(session: SessionUser): boolean {
    return this.clock.now() - new Date(session.issuedAt).getTime() > SESSION_REISSUE_AFTER_MS;
  }

  /**
   * Replaces an old session with a fresh one. Only the request that deletes the old row issues a
   * new token; a concurrent one gets undefined and carries on with the session it validated.
   */
  async reissue(session: SessionUser): Promise<{ token: string; session: SessionUser } | undefined> {
    return this.db.transaction(async (tx) => {
      const client = await this.repo.deleteReturningClient(tx, session.sessionId);
      if (!client) return undefined;
      const token = randomToken(32);
      const now = this.clock.now();
      const sessionId = await this.repo.insertSessionReturningId(tx, {
        userId: session.userId,
        tokenHash: sha256(token),
        issuedAt: new Date(now),
        expiresAt: new Date(now + SESSION_TTL_MS),
        userAgent: client.user_agent,
        ip: client.ip,
        auth: session.auth,
      });
      return { token, session: { ...session, sessionId, issuedAt: new Date(now), lastSeenAt: new Date(now) } };
    });
  }

  /**
   * Ends the session a token belongs to, if any: a new log-in replacing the browser's old session.
   * Each session ended is a `session.end` event, by `actor` (the account now logging in), in the
   * workspaces of the account whose session it was (ADR 0240).
   */
  async end(token: string | undefined, actor: AuditActor): Promise<void> {
    if (!token || token.length > 100) return;
    const ended = await this.db.transaction(async (tx) => {
      const rows = await this.repo.deleteByTokenHash(tx, sha256(token));
      for (const row of rows) {
        await this.audit.record(tx, row.workspace_ids, { action: 'session.end', target: { type: 'session', id: row.id }, actor });
      }
      return rows;
    });
    for (const row of ended) await this.publishSessionEnded(row.id);
  }

  /**
   * Log-out: deletes the session, with a `member.logout` event in each workspace of the account
   * (ADR 0240); live sockets of that session are closed on every node. A session already gone
   * (a concurrent log-out) writes nothing.
   */
  async logOut(session: SessionUser): Promise<void> {
    const account = { id: session.userId, email: session.email };
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.deleteById(tx, session.sessionId))) return;
      await this.audit.record(
        tx,
        session.memberships.map((m) => m.id),
        {
          action: 'member.logout',
          target: accountTarget(account),
          changes: { session_id: [session.sessionId, null] },
          actor: accountActor(account),
        },
      );
    });
    await this.publishSessionEnded(session.sessionId);
  }

  /** Password reset: every session of the user ends, and their sockets close on every node. */
  async endAllForUser(userId: string, q: Queryable = this.db): Promise<void> {
    await this.repo.deleteAllOfUser(q, userId);
  }

  async publishUserSessionsRevoked(userId: string): Promise<void> {
    await this.events.publish({ type: SessionEvents.userSessionsRevoked, userId });
  }

  /** After the commit that ended it: this node's sockets at once, the others' over the bus (and by the commit's notification). */
  async publishSessionEnded(sessionId: string): Promise<void> {
    await this.events.publish({ type: SessionEvents.sessionEnded, sessionId });
  }
}
