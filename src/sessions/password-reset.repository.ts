import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';

/**
 * Stores a link, or finds the one a retried job already stored under the same hash: returns the
 * user the stored hash belongs to.
 */
const INSERT_RESET_TOKEN = statement({
  label: 'insert_password_reset_token',
  text: `INSERT INTO password_reset_tokens (user_id, token_hash, sent_to, inserted_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token_hash) DO UPDATE SET token_hash = EXCLUDED.token_hash
       RETURNING user_id`,
  params: [t.uuid, t.bytea, t.text, t.timestamptz, t.timestamptz],
  row: { user_id: t.uuid },
});

/** Whether the link is unused, unexpired at `now`, and its active user still has the address it went to. */
const USABLE_RESET_TOKEN = statement({
  label: 'usable_password_reset_token',
  text: `SELECT 1 AS usable FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
          AND u.status = 'active' AND u.email = t.sent_to`,
  params: [t.bytea, t.timestamptz],
  row: { usable: t.int },
});

/** The user of a usable link (as USABLE_RESET_TOKEN), the link row locked until the transaction ends. */
const LOCK_USABLE_RESET_TOKEN = statement({
  label: 'lock_usable_password_reset_token',
  text: `SELECT t.user_id FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
            AND u.status = 'active' AND u.email = t.sent_to
          FOR UPDATE OF t`,
  params: [t.bytea, t.timestamptz],
  row: { user_id: t.uuid },
});

const DELETE_RESET_TOKENS_OF_USER = statement({
  label: 'delete_password_reset_tokens_of_user',
  text: `DELETE FROM password_reset_tokens WHERE user_id = $1`,
  params: [t.uuid],
});

/** SQL for password reset links (password_reset_tokens). */
@Injectable()
export class PasswordResetRepository {
  constructor(private readonly db: Db) {}

  /** See INSERT_RESET_TOKEN. */
  async insertToken(r: { userId: string; tokenHash: Buffer; sentTo: string; insertedAt: Date; expiresAt: Date }): Promise<string> {
    return (await this.db.one(INSERT_RESET_TOKEN, [r.userId, r.tokenHash, r.sentTo, r.insertedAt, r.expiresAt])).user_id;
  }

  /** Whether the link is unused, unexpired at `now`, and its active user still has the address it went to. */
  async isUsable(tokenHash: Buffer, now: Date): Promise<boolean> {
    return (await this.db.rows(USABLE_RESET_TOKEN, [tokenHash, now])).length > 0;
  }

  /** The user of a usable link (as isUsable), the link row locked until the transaction ends. */
  async lockUsableTokenUser(tx: Tx, tokenHash: Buffer, now: Date): Promise<string | undefined> {
    return (await tx.maybe(LOCK_USABLE_RESET_TOKEN, [tokenHash, now]))?.user_id;
  }

  async deleteAllOfUser(tx: Tx, userId: string): Promise<void> {
    await tx.run(DELETE_RESET_TOKENS_OF_USER, [userId]);
  }
}
