import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import type { OperatorMembership } from './operator-principal';

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
  /** The user's workspaces with their role, oldest membership first; suspended memberships (SCIM) are left out. */
  memberships: OperatorMembership[];
}

export interface NewSession {
  userId: string;
  tokenHash: Buffer;
  issuedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

const values = (s: NewSession) => [s.userId, s.tokenHash, s.issuedAt, s.expiresAt, s.userAgent, s.ip];

/** SQL for operator sessions (user_sessions). */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  async insertSession(s: NewSession): Promise<void> {
    await this.db.query(
      `INSERT INTO user_sessions (user_id, token_hash, issued_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
      values(s),
    );
  }

  /**
   * The session of a token hash, unexpired at `now`, with its user when that user is active, and
   * the user's memberships: all an operator request's authentication reads, in one statement
   * (PreparedSql: the first of every operator request and of an operator socket's upgrade).
   */
  async findLiveSessionUser(tokenHash: Buffer, now: Date): Promise<SessionUser | undefined> {
    const rows = await this.sql.rows<SessionUser>(
      'live_session_user',
      `SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.name, u.confirmed_at IS NOT NULL AS "emailConfirmed", s.issued_at AS "issuedAt",
              (SELECT COALESCE(json_agg(json_build_object('id', w.id, 'name', w.name, 'slug', w.slug, 'plan', w.plan,
                                                          'status', w.status, 'role', m.role) ORDER BY m.inserted_at ASC, w.id ASC), '[]'::json)
                 FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
                WHERE m.user_id = u.id AND m.status = 'active') AS memberships
         FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'`,
      [tokenHash, now],
    );
    return rows[0];
  }

  /** Of the given session ids, those still live (unexpired, their user active). */
  async liveSessionIds(ids: string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { id: string }[] = await this.db.query(
      `SELECT s.id FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ANY($1::uuid[]) AND s.expires_at > $2 AND u.status = 'active'`,
      [ids, now],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes a session and returns its client details, or undefined when it was already gone. */
  async deleteReturningClient(m: EntityManager, sessionId: string): Promise<{ user_agent: string | null; ip: string | null } | undefined> {
    const [deleted] = await m.query(`DELETE FROM user_sessions WHERE id = $1 RETURNING user_agent, ip`, [sessionId]);
    return deleted[0];
  }

  /** The reissue's insert, in its transaction; returns the new session's id. */
  async insertSessionReturningId(m: EntityManager, s: NewSession): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO user_sessions (user_id, token_hash, issued_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
      values(s),
    );
    return row.id;
  }

  /** Deletes the sessions of a token hash; returns their ids. */
  async deleteByTokenHash(tokenHash: Buffer): Promise<string[]> {
    const [rows] = await this.db.query(`DELETE FROM user_sessions WHERE token_hash = $1 RETURNING id`, [tokenHash]);
    return (rows as { id: string }[]).map((row) => row.id);
  }

  async deleteById(sessionId: string): Promise<void> {
    await this.db.query(`DELETE FROM user_sessions WHERE id = $1`, [sessionId]);
  }

  async deleteAllOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM user_sessions WHERE user_id = $1`, [userId]);
  }
}
