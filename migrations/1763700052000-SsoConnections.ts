import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on with OpenID Connect (API.md Part 3 "Single sign-on"):
 *
 * - `sso_connections`: one OpenID provider of a workspace; the client secret sealed with
 *   SECRETS_ENCRYPTION_KEY (SecretBox, bound to the connection's id), never stored in clear.
 * - `sso_connection_domains`: the connection's domains, one row each. The primary key makes a
 *   domain belong to one connection across every workspace (409 `domain_taken`).
 * - `sso_identities`: which account a provider's subject (`sub`) signed in as, linked at its first
 *   sign-in; an account has at most one subject per connection (ADR 0254).
 */
export class SsoConnections1763700052000 implements MigrationInterface {
  name = 'SsoConnections1763700052000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sso_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name text NOT NULL,
        issuer text NOT NULL,
        client_id text NOT NULL,
        client_secret_sealed text NOT NULL,
        enforce boolean NOT NULL DEFAULT false,
        jit_provisioning boolean NOT NULL DEFAULT false,
        default_role text NOT NULL DEFAULT 'member',
        email_claim_fallback text,
        status text NOT NULL DEFAULT 'active',
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sso_connections_default_role_check CHECK (default_role IN ('admin', 'member')),
        CONSTRAINT sso_connections_status_check CHECK (status IN ('active', 'disabled')),
        CONSTRAINT sso_connections_email_claim_fallback_check CHECK (email_claim_fallback IN ('preferred_username', 'upn'))
      )`);
    await q.query(`CREATE INDEX sso_connections_workspace_idx ON sso_connections (workspace_id, inserted_at, id)`);
    await q.query(`
      CREATE TABLE sso_connection_domains (
        domain text PRIMARY KEY,
        connection_id uuid NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        CONSTRAINT sso_connection_domains_normalized CHECK (domain = lower(domain) AND length(domain) BETWEEN 1 AND 253)
      )`);
    await q.query(`CREATE INDEX sso_connection_domains_connection_idx ON sso_connection_domains (connection_id)`);
    await q.query(`
      CREATE TABLE sso_identities (
        connection_id uuid NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, subject),
        CONSTRAINT sso_identities_one_subject_per_account UNIQUE (connection_id, user_id)
      )`);
    await q.query(`CREATE INDEX sso_identities_user_idx ON sso_identities (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sso_identities`);
    await q.query(`DROP TABLE sso_connection_domains`);
    await q.query(`DROP TABLE sso_connections`);
  }
}
