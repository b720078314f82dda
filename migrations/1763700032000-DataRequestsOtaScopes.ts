import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data requests (exports and erasures of what the service holds about a subject) with the export
 * document kept in parts until its download expires, and indexes for reading one agent's
 * messages, tasks and commands; and the OTA machine scopes API.md adds.
 *
 * Agents that could carry every machine scope keep being able to: their allowed scopes gain
 * `ota_updates:read` and `ota_updates:write`. Existing keys keep the scopes they were issued with.
 */
export class DataRequestsOtaScopes1763700032000 implements MigrationInterface {
  name = 'DataRequestsOtaScopes1763700032000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE data_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('export', 'erasure')),
        subject_type text NOT NULL CHECK (subject_type IN ('user', 'service_agent', 'robot')),
        subject_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
        error text,
        requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
        download_expires_at timestamptz,
        completed_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX data_requests_list_idx ON data_requests (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX data_requests_subject_idx ON data_requests (workspace_id, subject_id)`);
    // the sweep that re-enqueues requests whose job was never queued (Redis down)
    await q.query(`CREATE INDEX data_requests_unfinished_idx ON data_requests (updated_at) WHERE status IN ('pending', 'processing')`);

    await q.query(`
      CREATE TABLE data_request_export_parts (
        data_request_id uuid NOT NULL REFERENCES data_requests (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        section text NOT NULL,
        items jsonb NOT NULL,
        PRIMARY KEY (data_request_id, seq)
      )`);

    // exports and erasures read a subject agent's rows
    await q.query(`CREATE INDEX messages_service_agent_idx ON messages (service_agent_id, id)`);
    await q.query(`CREATE INDEX tasks_service_agent_idx ON tasks (service_agent_id, id)`);
    await q.query(`CREATE INDEX agent_commands_service_agent_idx ON agent_commands (service_agent_id, id)`);

    await q.query(`
      UPDATE service_agents SET scopes = scopes || ARRAY['ota_updates:read', 'ota_updates:write']
       WHERE scopes @> ARRAY[
         'traces:write','eval_runs:read','eval_runs:write','eval_suites:read','eval_suites:write','gateway:check',
         'replays:write','workflow_targets:read','workflow_targets:write','agent_commands:read','events:read',
         'sockets:connect','messages:read','messages:write','tasks:read','tasks:write']
         AND NOT scopes @> ARRAY['ota_updates:read']`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE service_agents SET scopes = array_remove(array_remove(scopes, 'ota_updates:read'), 'ota_updates:write')`);
    for (const index of ['messages_service_agent_idx', 'tasks_service_agent_idx', 'agent_commands_service_agent_idx']) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
    for (const table of ['data_request_export_parts', 'data_requests']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
