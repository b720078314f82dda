import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch operations with one row per target (each target's outcome), and OTA updates.
 *
 * Guarantees held by the schema:
 * - a target appears once per operation, at one position (the order targets are applied in);
 * - an operation keeps the chunk size it was created with, whichever node runs its chunks;
 * - counters never go negative, and what they count never exceeds the total;
 * - a robot has at most one open OTA update (pending, downloading or installing).
 */
export class OtaUpdatesBatchOperations1763700031000 implements MigrationInterface {
  name = 'OtaUpdatesBatchOperations1763700031000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE batch_operations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        action text NOT NULL
          CHECK (action IN ('retire_robots', 'tag_robots', 'send_agent_command', 'create_ota_update', 'revoke_api_keys')),
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
        total integer NOT NULL CHECK (total BETWEEN 0 AND 10000),
        succeeded integer NOT NULL DEFAULT 0 CHECK (succeeded >= 0),
        failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
        skipped integer NOT NULL DEFAULT 0 CHECK (skipped >= 0),
        chunk_size integer NOT NULL CHECK (chunk_size BETWEEN 1 AND 1000),
        chunks_done integer NOT NULL DEFAULT 0,
        cohort_id uuid REFERENCES cohorts (id) ON DELETE SET NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        error text,
        started_at timestamptz,
        finished_at timestamptz,
        cancelled_at timestamptz,
        cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT batch_operations_counted_le_total CHECK (succeeded + failed + skipped <= total)
      )`);
    await q.query(`CREATE INDEX batch_operations_list_idx ON batch_operations (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX batch_operations_status_list_idx ON batch_operations (workspace_id, status, inserted_at DESC, id DESC)`);
    // the sweep that re-enqueues operations whose next chunk was never queued (Redis down)
    await q.query(`CREATE INDEX batch_operations_unfinished_idx ON batch_operations (updated_at) WHERE status IN ('queued', 'running')`);

    await q.query(`
      CREATE TABLE batch_operation_targets (
        batch_operation_id uuid NOT NULL REFERENCES batch_operations (id) ON DELETE CASCADE,
        position integer NOT NULL,
        target_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'skipped')),
        error text,
        updated_at timestamptz,
        PRIMARY KEY (batch_operation_id, position)
      )`);
    await q.query(`CREATE UNIQUE INDEX batch_operation_targets_target_key ON batch_operation_targets (batch_operation_id, target_id)`);
    // the next chunk: the pending targets in order
    await q.query(
      `CREATE INDEX batch_operation_targets_pending_idx ON batch_operation_targets (batch_operation_id, position) WHERE status = 'pending'`,
    );

    await q.query(`
      CREATE TABLE ota_updates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        robot_id uuid NOT NULL REFERENCES robots (id) ON DELETE CASCADE,
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        update_type text NOT NULL CHECK (update_type IN ('firmware', 'software', 'config')),
        version text NOT NULL,
        artifact_url text NOT NULL,
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'downloading', 'installing', 'succeeded', 'failed', 'cancelled')),
        detail text,
        agent_command_id uuid REFERENCES agent_commands (id) ON DELETE SET NULL,
        batch_operation_id uuid REFERENCES batch_operations (id) ON DELETE SET NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        finished_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX ota_updates_one_open_key ON ota_updates (robot_id)
        WHERE status IN ('pending', 'downloading', 'installing')`);
    await q.query(`CREATE INDEX ota_updates_list_idx ON ota_updates (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ota_updates_status_list_idx ON ota_updates (workspace_id, status, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ota_updates_robot_list_idx ON ota_updates (robot_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ota_updates_agent_idx ON ota_updates (service_agent_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['ota_updates', 'batch_operation_targets', 'batch_operations']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
