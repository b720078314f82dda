import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface RegisteredUser {
  id: string;
  email: string;
  name: string;
  confirmedAt: Date | null;
}

/** SQL for registration; it runs in the registration's transaction. */
@Injectable()
export class RegisterRepository {
  /** The new user, or undefined when the email is already taken. */
  async insertUserUnlessEmailTaken(
    m: EntityManager,
    email: string,
    passwordHash: string,
    name: string,
  ): Promise<RegisteredUser | undefined> {
    const users = await m.query(
      `INSERT INTO users (email, password_hash, name) VALUES ($1, $2, $3)
           ON CONFLICT (email) DO NOTHING
           RETURNING id, email, name, confirmed_at AS "confirmedAt"`,
      [email, passwordHash, name],
    );
    return users[0];
  }
}
