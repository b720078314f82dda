import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The marketplace plane (API.md Part 2, "Partners and engagements"): partners and their mpk_
 * keys (several during a rotation's grace period), engagements (a workspace's grant to a
 * partner), the short-lived engagement tokens a partner mints under one, and the events its
 * runtime posts into the engagement's workspace.
 */
export class Partners1763700010000 implements MigrationInterface {
  name = 'Partners1763700010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partners (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        scopes text[] NOT NULL,
        suspended_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX partners_list_idx ON partners (inserted_at DESC, id DESC)`);
    // A key stops at expires_at (null: while it is the partner's current key). Rotation sets the
    // old key's expires_at to now plus the grace period.
    await q.query(`
      CREATE TABLE partner_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        prefix text NOT NULL UNIQUE,
        secret_hash bytea NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX partner_keys_partner_idx ON partner_keys (partner_id, inserted_at DESC)`);
    await q.query(`
      CREATE TABLE engagements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
        scopes text[] NOT NULL,
        granted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        revoked_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX engagements_list_idx ON engagements (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX engagements_partner_idx ON engagements (partner_id, inserted_at DESC, id DESC)`);
    // One live grant per (workspace, partner): a second grant while one is active is a 409.
    await q.query(`CREATE UNIQUE INDEX engagements_active_key ON engagements (workspace_id, partner_id) WHERE status = 'active'`);
    await q.query(`
      CREATE TABLE engagement_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        engagement_id uuid NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
        partner_key_id uuid NOT NULL REFERENCES partner_keys (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX engagement_tokens_expiry_idx ON engagement_tokens (engagement_id, expires_at)`);
    await q.query(`
      CREATE TABLE engagement_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        engagement_id uuid NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        inserted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX engagement_events_list_idx ON engagement_events (engagement_id, inserted_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE engagement_events`);
    await q.query(`DROP TABLE engagement_tokens`);
    await q.query(`DROP TABLE engagements`);
    await q.query(`DROP TABLE partner_keys`);
    await q.query(`DROP TABLE partners`);
  }
}
