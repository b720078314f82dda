import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

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
    await m.query(`UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3), updated_at = now() WHERE id = $1`, [
      userId,
      passwordHash,
      now,
    ]);
  }
}
