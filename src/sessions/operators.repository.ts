import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { OperatorMembership } from './operator-principal';

/** SQL for the operator accounts sessions sign in: users and their memberships. */
@Injectable()
export class OperatorsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The account of an email in any state, with its password hash (login checks both). */
  async findByEmailForLogin(email: string): Promise<{ id: string; password_hash: string | null; status: string } | undefined> {
    const rows = await this.db.query(`SELECT id, password_hash, status FROM users WHERE email = $1`, [email]);
    return rows[0];
  }

  async findActiveByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    const users: { id: string; email: string }[] = await this.db.query(
      `SELECT id, email FROM users WHERE email = $1 AND status = 'active'`,
      [email],
    );
    return users[0];
  }

  /** Sets the password; an unconfirmed account becomes confirmed at `now`. */
  async updatePassword(m: EntityManager, userId: string, passwordHash: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3), updated_at = now() WHERE id = $1`,
      [userId, passwordHash, now],
    );
  }

  /** The user's workspaces with their role, oldest membership first; suspended memberships (SCIM) are left out. */
  async findMemberships(userId: string): Promise<OperatorMembership[]> {
    return this.db.query(
      `SELECT w.id, w.name, w.slug, w.plan, w.status, m.role FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
        WHERE m.user_id = $1 AND m.status = 'active' ORDER BY m.inserted_at ASC, w.id ASC`,
      [userId],
    );
  }
}
