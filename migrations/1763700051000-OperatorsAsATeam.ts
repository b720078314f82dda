import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators as a team (API.md Part 3 "Members and invitations", "Sessions", "Second factor"):
 *
 * - `invitations`: a single-use link (its SHA-256 only) valid 7 days, for one address and role in
 *   one workspace; at most one pending invitation per workspace and address (a new one replaces
 *   it: the service marks the old one `replaced` in the same transaction).
 * - `user_sessions` learns how and when the session was authenticated (`auth_method`, `mfa`,
 *   `authenticated_at`: "recent authentication" is measured from it), whether it came with
 *   remember-me, when it was created (a reissue keeps it) and when it was last seen (written in
 *   batches, at most once a minute per session, never a write per request).
 * - `workspaces.require_mfa`, the owner's policy.
 * - `user_totp`: the TOTP seed sealed with SECRETS_ENCRYPTION_KEY (SecretBox), pending until
 *   `confirmed_at`; `last_step` is the last time step accepted, so an UPDATE ... WHERE
 *   last_step < $step accepts each code once whichever node sees it.
 * - `user_recovery_codes`: SHA-256 of each code, `used_at` once used.
 * - `webauthn_credentials`: passkeys as a second factor (the public key and the signature counter).
 */
export class OperatorsAsATeam1763700051000 implements MigrationInterface {
  name = 'OperatorsAsATeam1763700051000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        token_hash bytea NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invitations_email_normalized CHECK (email = lower(btrim(email)) AND length(email) BETWEEN 3 AND 320),
        CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'admin', 'member')),
        CONSTRAINT invitations_status_check CHECK (status IN ('pending', 'accepted', 'revoked', 'replaced')),
        CONSTRAINT invitations_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash)`);
    await q.query(`CREATE UNIQUE INDEX invitations_pending_key ON invitations (workspace_id, email) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX invitations_list_idx ON invitations (workspace_id, inserted_at, id)`);

    await q.query(`
      ALTER TABLE user_sessions
        ADD COLUMN created_at timestamptz,
        ADD COLUMN last_seen_at timestamptz,
        ADD COLUMN authenticated_at timestamptz,
        ADD COLUMN auth_method text NOT NULL DEFAULT 'password',
        ADD COLUMN mfa boolean NOT NULL DEFAULT false,
        ADD COLUMN remember_me boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT user_sessions_auth_method_check CHECK (auth_method IN ('password', 'sso', 'invitation', 'reset'))`);
    await q.query(`UPDATE user_sessions SET created_at = issued_at, last_seen_at = issued_at, authenticated_at = issued_at`);
    await q.query(`
      ALTER TABLE user_sessions
        ALTER COLUMN created_at SET NOT NULL,
        ALTER COLUMN last_seen_at SET NOT NULL,
        ALTER COLUMN authenticated_at SET NOT NULL,
        ALTER COLUMN auth_method DROP DEFAULT`);

    await q.query(`ALTER TABLE workspaces ADD COLUMN require_mfa boolean NOT NULL DEFAULT false`);

    await q.query(`
      CREATE TABLE user_totp (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed text NOT NULL,
        confirmed_at timestamptz,
        last_step bigint NOT NULL DEFAULT 0,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE user_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        used_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_recovery_codes_hash_len CHECK (octet_length(code_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX user_recovery_codes_key ON user_recovery_codes (user_id, code_hash)`);
    await q.query(`
      CREATE TABLE webauthn_credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        credential_id bytea NOT NULL,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        inserted_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        CONSTRAINT webauthn_credentials_name_len CHECK (length(name) BETWEEN 1 AND 100)
      )`);
    await q.query(`CREATE UNIQUE INDEX webauthn_credentials_credential_id_key ON webauthn_credentials (credential_id)`);
    await q.query(`CREATE INDEX webauthn_credentials_user_idx ON webauthn_credentials (user_id, inserted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webauthn_credentials`);
    await q.query(`DROP TABLE user_recovery_codes`);
    await q.query(`DROP TABLE user_totp`);
    await q.query(`ALTER TABLE workspaces DROP COLUMN require_mfa`);
    await q.query(`
      ALTER TABLE user_sessions
        DROP CONSTRAINT user_sessions_auth_method_check,
        DROP COLUMN remember_me, DROP COLUMN mfa, DROP COLUMN auth_method,
        DROP COLUMN authenticated_at, DROP COLUMN last_seen_at, DROP COLUMN created_at`);
    await q.query(`DROP TABLE invitations`);
  }
}
