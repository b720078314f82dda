import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SCIM 2.0 plane (API.md Part 2, "SCIM 2.0"):
 * - `scim_tokens`: a workspace's SCIM bearer tokens, stored as SHA-256, revoked by timestamp.
 * - `scim_users`: a SCIM User of one workspace, linked to one operator account (`users`); the
 *   SCIM attributes are kept as given. userName is unique per workspace case-insensitively, and an
 *   account is linked to at most one SCIM User per workspace.
 * - `scim_groups` and `scim_group_members`: groups as rows, membership as rows (never a JSON
 *   blob), an optional workspace role a group grants.
 * - `scim_sync_events`: every SCIM write and refused write.
 * - `users.password_hash` becomes optional (an account created by SCIM has none until its owner
 *   sets one through forgot-password), and `users.scim_workspace_id` names the workspace whose
 *   SCIM created, and therefore manages, the account.
 * - `memberships.status`: SCIM `active: false` suspends a membership without deleting it.
 */
export class ScimProvisioning1763700009000 implements MigrationInterface {
  name = 'ScimProvisioning1763700009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`);
    await q.query(`ALTER TABLE users ADD COLUMN scim_workspace_id uuid REFERENCES workspaces (id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE memberships ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended'))`);

    await q.query(`
      CREATE TABLE scim_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        token_hash bytea NOT NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        last_used_at timestamptz,
        revoked_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT scim_tokens_token_hash_len CHECK (octet_length(token_hash) = 32)
      )`);
    await q.query(`CREATE UNIQUE INDEX scim_tokens_token_hash_key ON scim_tokens (token_hash)`);
    await q.query(`CREATE INDEX scim_tokens_list_idx ON scim_tokens (workspace_id, inserted_at DESC, id DESC) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE scim_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        user_name text NOT NULL,
        external_id text,
        display_name text,
        name jsonb NOT NULL DEFAULT '{}'::jsonb,
        emails jsonb NOT NULL DEFAULT '[]'::jsonb,
        enterprise jsonb,
        active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT scim_users_user_name_present CHECK (length(user_name) > 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX scim_users_user_name_key ON scim_users (workspace_id, lower(user_name))`);
    await q.query(`CREATE UNIQUE INDEX scim_users_account_key ON scim_users (workspace_id, user_id)`);
    await q.query(`CREATE INDEX scim_users_list_idx ON scim_users (workspace_id, inserted_at, id)`);
    await q.query(`CREATE INDEX scim_users_external_id_idx ON scim_users (workspace_id, external_id)`);
    await q.query(`CREATE INDEX scim_users_user_idx ON scim_users (user_id)`);

    await q.query(`
      CREATE TABLE scim_groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        display_name text NOT NULL,
        external_id text,
        role text CHECK (role IN ('admin', 'member')),
        version integer NOT NULL DEFAULT 1,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT scim_groups_display_name_present CHECK (length(display_name) > 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX scim_groups_display_name_key ON scim_groups (workspace_id, lower(display_name))`);
    await q.query(`CREATE INDEX scim_groups_list_idx ON scim_groups (workspace_id, inserted_at, id)`);

    await q.query(`
      CREATE TABLE scim_group_members (
        group_id uuid NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
        scim_user_id uuid NOT NULL REFERENCES scim_users (id) ON DELETE CASCADE,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, scim_user_id)
      )`);
    await q.query(`CREATE INDEX scim_group_members_user_idx ON scim_group_members (scim_user_id)`);

    await q.query(`
      CREATE TABLE scim_sync_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        operation text NOT NULL CHECK (operation IN ('create', 'replace', 'patch', 'delete')),
        resource_type text NOT NULL CHECK (resource_type IN ('User', 'Group')),
        resource_id uuid,
        external_id text,
        status text NOT NULL CHECK (status IN ('success', 'failure')),
        status_code integer NOT NULL,
        detail text,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX scim_sync_events_list_idx ON scim_sync_events (workspace_id, inserted_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['scim_sync_events', 'scim_group_members', 'scim_groups', 'scim_users', 'scim_tokens']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`ALTER TABLE memberships DROP COLUMN IF EXISTS status`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS scim_workspace_id`);
    await q.query(`DELETE FROM users WHERE password_hash IS NULL`);
    await q.query(`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`);
  }
}
