import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';

/** The account of an email in any state, with its password hash (login checks both). */
const ACCOUNT_FOR_LOGIN = statement({
  label: 'operator_account_for_login',
  text: `SELECT id, password_hash, status FROM users WHERE email = $1`,
  params: [t.text],
  row: { id: t.uuid, password_hash: t.text.null, status: t.text },
});

const ACTIVE_ACCOUNT_BY_EMAIL = statement({
  label: 'operator_active_account_by_email',
  text: `SELECT id, email FROM users WHERE email = $1 AND status = 'active'`,
  params: [t.text],
  row: { id: t.uuid, email: t.text },
});

/** Sets the password; an unconfirmed account becomes confirmed at `now`. */
const UPDATE_PASSWORD = statement({
  label: 'operator_update_password',
  text: `UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3), updated_at = now() WHERE id = $1`,
  params: [t.uuid, t.text, t.timestamptz],
});

/** SQL for the operator accounts sessions sign in: users and their memberships. */
@Injectable()
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  /** The account of an email in any state, with its password hash (login checks both). */
  findByEmailForLogin(email: string): Promise<{ id: string; password_hash: string | null; status: string } | undefined> {
    return this.db.maybe(ACCOUNT_FOR_LOGIN, [email]);
  }

  findActiveByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db.maybe(ACTIVE_ACCOUNT_BY_EMAIL, [email]);
  }

  /** Sets the password; an unconfirmed account becomes confirmed at `now`. */
  async updatePassword(tx: Tx, userId: string, passwordHash: string, now: Date): Promise<void> {
    await tx.run(UPDATE_PASSWORD, [userId, passwordHash, now]);
  }
}
