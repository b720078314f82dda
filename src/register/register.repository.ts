import { Injectable } from '@nestjs/common';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import type { Tx } from '../core/database/db.service';

export interface RegisteredUser {
  id: string;
  email: string;
  name: string;
  confirmed_at: Date | null;
}

const INSERT_USER_UNLESS_EMAIL_TAKEN = statement({
  label: 'register_insert_user',
  text: `INSERT INTO users (email, password_hash, name) VALUES ($1, $2, $3)
           ON CONFLICT (email) DO NOTHING
           RETURNING id, email, name, confirmed_at`,
  params: [t.text, t.text, t.text],
  row: { id: t.uuid, email: t.text, name: t.text, confirmed_at: t.timestamptz.null },
});

/** SQL for registration; it runs in the registration's transaction. */
@Injectable()
export class RegisterRepository {
  /** The new user, or undefined when the email is already taken. */
  insertUserUnlessEmailTaken(tx: Tx, email: string, passwordHash: string, name: string): Promise<RegisteredUser | undefined> {
    return tx.maybe(INSERT_USER_UNLESS_EMAIL_TAKEN, [email, passwordHash, name]);
  }
}
