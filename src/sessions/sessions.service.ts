import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { SessionEvents } from '../core/redis/redis-keys';
import { EventBus } from '../core/redis/event-bus.service';
import { SESSION_REISSUE_AFTER_MS, SESSION_TTL_MS } from './session.constants';

export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  issuedAt: Date;
}

/**
 * Server-side operator sessions. The browser holds a random token; the row holds only its
 * SHA-256, the user, and when it was issued. A session lives 14 days; one used after 7 days is
 * reissued (new token, old row deleted).
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async create(userId: string, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db.query(
      `INSERT INTO user_sessions (user_id, token_hash, issued_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
      [userId, sha256(token), new Date(now), new Date(now + SESSION_TTL_MS), meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
    );
    return token;
  }

  /** The active user of a live session token, or undefined (unknown, expired, or user suspended). */
  async resolve(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token.length > 100) return undefined;
    const rows = await this.db.query(
      `SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.name, s.issued_at AS "issuedAt"
         FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'`,
      [sha256(token), this.clock.date()],
    );
    return rows[0];
  }

  needsReissue(session: SessionUser): boolean {
    return this.clock.now() - new Date(session.issuedAt).getTime() > SESSION_REISSUE_AFTER_MS;
  }

  /**
   * Replaces an old session with a fresh one. Only the request that deletes the old row issues a
   * new token; a concurrent one gets undefined and carries on with the session it validated.
   */
  async reissue(session: SessionUser): Promise<{ token: string; session: SessionUser } | undefined> {
    return this.db.transaction(async (m) => {
      const [deleted] = await m.query(`DELETE FROM user_sessions WHERE id = $1 RETURNING user_agent, ip`, [session.sessionId]);
      if (deleted.length === 0) return undefined;
      const token = randomToken(32);
      const now = this.clock.now();
      const [row] = await m.query(
        `INSERT INTO user_sessions (user_id, token_hash, issued_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
        [session.userId, sha256(token), new Date(now), new Date(now + SESSION_TTL_MS), deleted[0].user_agent, deleted[0].ip],
      );
      return { token, session: { ...session, sessionId: row.id, issuedAt: new Date(now) } };
    });
  }

  /** Ends the session a token belongs to, if any (a new login replacing an old session). */
  async end(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    const [rows] = await this.db.query(`DELETE FROM user_sessions WHERE token_hash = $1 RETURNING id`, [sha256(token)]);
    for (const row of rows as { id: string }[]) await this.publishSessionEnded(row.id);
  }

  /** Log-out: deletes the session; live sockets of that session are closed on every node. */
  async endById(sessionId: string): Promise<void> {
    await this.db.query(`DELETE FROM user_sessions WHERE id = $1`, [sessionId]);
    await this.publishSessionEnded(sessionId);
  }

  /** Password reset: every session of the user ends, and their sockets close on every node. */
  async endAllForUser(userId: string, m = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM user_sessions WHERE user_id = $1`, [userId]);
  }

  async publishUserSessionsRevoked(userId: string): Promise<void> {
    await this.events.publish({ type: SessionEvents.userSessionsRevoked, userId });
  }

  private async publishSessionEnded(sessionId: string): Promise<void> {
    await this.events.publish({ type: SessionEvents.sessionEnded, sessionId });
  }
}
