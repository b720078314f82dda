import { MigrationInterface, QueryRunner } from 'typeorm';

/** Operator browser sessions and password-reset links; both stored as SHA-256 of their token. */
export class OperatorSessions1763700002000 implements MigrationInterface {
  name = 'OperatorSessions1763700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        user_agent text,
        ip text,
        CONSTRAINT user_sessions_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX user_sessions_token_hash_key ON user_sessions (token_hash)`);
    await q.query(`CREATE INDEX user_sessions_user_idx ON user_sessions (user_id)`);
    await q.query(`CREATE INDEX user_sessions_expires_idx ON user_sessions (expires_at)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        sent_to text NOT NULL,
        inserted_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT password_reset_tokens_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX password_reset_tokens_token_hash_key ON password_reset_tokens (token_hash)`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS password_reset_tokens`);
    await q.query(`DROP TABLE IF EXISTS user_sessions`);
  }
}
