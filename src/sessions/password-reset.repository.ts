import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** SQL for password reset links (password_reset_tokens). */
@Injectable()
export class PasswordResetRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stores a link, or finds the one a retried job already stored under the same hash: returns the
   * user the stored hash belongs to.
   */
  async insertToken(t: { userId: string; tokenHash: Buffer; sentTo: string; insertedAt: Date; expiresAt: Date }): Promise<string> {
    const [stored] = await this.db.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, sent_to, inserted_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token_hash) DO UPDATE SET token_hash = EXCLUDED.token_hash
       RETURNING user_id`,
      [t.userId, t.tokenHash, t.sentTo, t.insertedAt, t.expiresAt],
    );
    return stored.user_id;
  }

  /** Whether the link is unused, unexpired at `now`, and its active user still has the address it went to. */
  async isUsable(tokenHash: Buffer, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
          AND u.status = 'active' AND u.email = t.sent_to`,
      [tokenHash, now],
    );
    return rows.length > 0;
  }

  /** The user of a usable link (as isUsable), the link row locked until the transaction ends. */
  async lockUsableTokenUser(m: EntityManager, tokenHash: Buffer, now: Date): Promise<string | undefined> {
    const rows: { user_id: string }[] = await m.query(
      `SELECT t.user_id FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
            AND u.status = 'active' AND u.email = t.sent_to
          FOR UPDATE OF t`,
      [tokenHash, now],
    );
    return rows[0]?.user_id;
  }

  async deleteAllOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [userId]);
  }
}
