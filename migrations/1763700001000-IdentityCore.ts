import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tenancy core (users, workspaces, memberships, plans), service agents, machine credentials
 * (agk_ keys and access tokens) and the two machine resources of API.md (messages, tasks).
 */
export class IdentityCore1763700001000 implements MigrationInterface {
  name = 'IdentityCore1763700001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plans (
        slug text PRIMARY KEY,
        name text NOT NULL,
        max_service_agents integer,
        max_robots integer
      )`);
    await q.query(`
      INSERT INTO plans (slug, name, max_service_agents, max_robots) VALUES
        ('free', 'Free', 10, 25),
        ('team', 'Team', 100, 1000),
        ('enterprise', 'Enterprise', NULL, NULL)`);

    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        name text NOT NULL,
        confirmed_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_normalized CHECK (email = lower(btrim(email)))
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);

    await q.query(`
      CREATE TABLE workspaces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'paused', 'archived')),
        plan text NOT NULL DEFAULT 'free' REFERENCES plans (slug),
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX workspaces_slug_key ON workspaces (slug)`);

    await q.query(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX memberships_user_workspace_key ON memberships (user_id, workspace_id)`);
    await q.query(`CREATE INDEX memberships_workspace_idx ON memberships (workspace_id)`);

    await q.query(`
      CREATE TABLE service_agents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        slug text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
        hidden boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX service_agents_workspace_slug_key ON service_agents (workspace_id, slug)`);
    // at most one hidden workspace-key agent per workspace
    await q.query(`CREATE UNIQUE INDEX service_agents_one_hidden_key ON service_agents (workspace_id) WHERE hidden`);
    await q.query(`CREATE INDEX service_agents_list_idx ON service_agents (workspace_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE api_credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        prefix text NOT NULL,
        secret_hash bytea NOT NULL,
        scopes text[] NOT NULL,
        status text NOT NULL DEFAULT 'usable' CHECK (status IN ('usable', 'archived', 'revoked')),
        expires_at timestamptz,
        last_used_at timestamptz,
        archived_at timestamptz,
        revoked_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT api_credentials_secret_hash_len CHECK (octet_length(secret_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX api_credentials_prefix_key ON api_credentials (prefix)`);
    await q.query(`CREATE INDEX api_credentials_agent_idx ON api_credentials (service_agent_id, inserted_at DESC)`);
    await q.query(`CREATE INDEX api_credentials_workspace_idx ON api_credentials (workspace_id)`);

    await q.query(`
      CREATE TABLE access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        credential_id uuid NOT NULL REFERENCES api_credentials (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT access_tokens_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX access_tokens_token_hash_key ON access_tokens (token_hash)`);
    await q.query(`CREATE INDEX access_tokens_credential_idx ON access_tokens (credential_id)`);
    await q.query(`CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at)`);

    await q.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        body text NOT NULL,
        channel text,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX messages_list_idx ON messages (workspace_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        title text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX tasks_list_idx ON tasks (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX tasks_status_list_idx ON tasks (workspace_id, status, inserted_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'tasks',
      'messages',
      'access_tokens',
      'api_credentials',
      'service_agents',
      'memberships',
      'workspaces',
      'users',
      'plans',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
