import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fleet enrollment: cohorts, robots, enrollment tokens (age_<prefix>.<secret>, stored as prefix +
 * SHA-256 of the secret) and the record of every claim.
 *
 * Guarantees held by the schema itself, whatever the code does:
 * - claims_count never exceeds max_claims (CHECK);
 * - a serial number names at most one robot per workspace, and is claimed at most once per
 *   workspace (unique partial index on enrollment_claims): a serial can never be bound twice;
 * - an agent is bound to at most one robot;
 * - a robot's or token's cohort belongs to the same workspace (composite foreign keys).
 */
export class FleetEnrollment1763700004000 implements MigrationInterface {
  name = 'FleetEnrollment1763700004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cohorts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cohorts_workspace_id_key UNIQUE (workspace_id, id)
      )`);
    // names are unique per workspace, ignoring case
    await q.query(`CREATE UNIQUE INDEX cohorts_workspace_name_key ON cohorts (workspace_id, lower(name))`);
    await q.query(`CREATE INDEX cohorts_list_idx ON cohorts (workspace_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE robots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        serial_number text NOT NULL,
        name text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'retired')),
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        cohort_id uuid,
        tags text[] NOT NULL DEFAULT '{}',
        claimed_at timestamptz,
        retired_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT robots_cohort_fkey FOREIGN KEY (workspace_id, cohort_id) REFERENCES cohorts (workspace_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX robots_workspace_serial_key ON robots (workspace_id, serial_number)`);
    await q.query(`CREATE UNIQUE INDEX robots_service_agent_key ON robots (service_agent_id) WHERE service_agent_id IS NOT NULL`);
    await q.query(`CREATE INDEX robots_list_idx ON robots (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX robots_cohort_members_idx ON robots (cohort_id, inserted_at DESC, id DESC) WHERE cohort_id IS NOT NULL`);
    // QuotasService counts the robots that are not retired
    await q.query(`CREATE INDEX robots_quota_idx ON robots (workspace_id) WHERE status <> 'retired'`);

    await q.query(`
      CREATE TABLE enrollment_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        prefix text NOT NULL,
        secret_hash bytea NOT NULL,
        max_claims integer NOT NULL DEFAULT 1,
        claims_count integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        serial_allowlist text[] NOT NULL DEFAULT '{}',
        cohort_id uuid,
        default_tags text[] NOT NULL DEFAULT '{}',
        scopes text[] NOT NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT enrollment_tokens_secret_hash_len CHECK (octet_length(secret_hash) = 32),
        CONSTRAINT enrollment_tokens_max_claims_range CHECK (max_claims BETWEEN 1 AND 100000),
        CONSTRAINT enrollment_tokens_claims_count_range CHECK (claims_count BETWEEN 0 AND max_claims),
        CONSTRAINT enrollment_tokens_cohort_fkey FOREIGN KEY (workspace_id, cohort_id) REFERENCES cohorts (workspace_id, id)
      )`);
    await q.query(`CREATE UNIQUE INDEX enrollment_tokens_prefix_key ON enrollment_tokens (prefix)`);
    await q.query(`CREATE INDEX enrollment_tokens_list_idx ON enrollment_tokens (workspace_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE enrollment_claims (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        enrollment_token_id uuid NOT NULL REFERENCES enrollment_tokens (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        robot_id uuid REFERENCES robots (id) ON DELETE SET NULL,
        serial_number text,
        claimed_at timestamptz NOT NULL
      )`);
    // a serial is claimed at most once per workspace: double-binding is impossible at the database level
    await q.query(
      `CREATE UNIQUE INDEX enrollment_claims_serial_key ON enrollment_claims (workspace_id, serial_number) WHERE serial_number IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX enrollment_claims_service_agent_key ON enrollment_claims (service_agent_id)`);
    await q.query(`CREATE INDEX enrollment_claims_token_idx ON enrollment_claims (enrollment_token_id, claimed_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['enrollment_claims', 'enrollment_tokens', 'robots', 'cohorts']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
