import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator API tokens (API.md Part 3 "Operator API tokens and IP allowlists"; ADRs 0258 to 0261):
 * `aot_<prefix>.<secret>` bearer tokens of a workspace, with a role (admin or member), an optional
 * expiry and an optional list of allowed CIDRs (canonical text, validated by the service). Only the
 * SHA-256 of the secret is stored; the prefix is the lookup key. A revoked token keeps its row
 * (audit events name it) and is never listed again. `created_by` is the person who minted it: the
 * columns that name who made a change (created_by of a robot, an enrollment token) name them when
 * a change is made with the token, and a deleted account takes its tokens with it (ADR 0259).
 */
export class OperatorApiTokens1763700053000 implements MigrationInterface {
  name = 'OperatorApiTokens1763700053000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL,
        prefix text NOT NULL,
        secret_hash bytea NOT NULL,
        allowed_ips text[] NOT NULL DEFAULT '{}',
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT api_tokens_role_check CHECK (role IN ('admin', 'member')),
        CONSTRAINT api_tokens_name_check CHECK (length(name) BETWEEN 1 AND 120),
        CONSTRAINT api_tokens_allowed_ips_check CHECK (cardinality(allowed_ips) <= 20)
      )`);
    await q.query(`CREATE UNIQUE INDEX api_tokens_prefix_idx ON api_tokens (prefix)`);
    await q.query(`CREATE INDEX api_tokens_workspace_idx ON api_tokens (workspace_id, inserted_at DESC) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX api_tokens_created_by_idx ON api_tokens (created_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
  }
}
