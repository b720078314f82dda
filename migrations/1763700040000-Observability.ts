import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Evaluation and observability (API.md Part 2, "Domain resources"): traces with their spans, eval
 * suites and runs, workflow targets and replays, and full-text search columns.
 *
 * - A trace's spans are stored with it, as one jsonb array (at most 1000), so a trace is written
 *   and read back whole in one statement.
 * - Search: a generated tsvector column and a GIN index on each searchable table (traces,
 *   messages, agent commands, domain events), with the 'simple' configuration (machine text:
 *   identifiers, codes, mixed languages; no stemming). The search reads candidates through the
 *   GIN index, so its cost follows the matches, not the table size.
 */
export class Observability1763700040000 implements MigrationInterface {
  name = 'Observability1763700040000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE traces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        trace_id text NOT NULL,
        name text NOT NULL,
        status text NOT NULL CHECK (status IN ('ok', 'error')),
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
        spans jsonb NOT NULL DEFAULT '[]'::jsonb,
        span_count integer NOT NULL DEFAULT 0,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', name || ' ' || trace_id), 'A')
          || setweight(jsonb_to_tsvector('simple', attributes, '["string"]'), 'B')
          || setweight(jsonb_to_tsvector('simple', jsonb_path_query_array(spans, '$[*].name'), '["string"]'), 'C')
        ) STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX traces_workspace_trace_id_key ON traces (workspace_id, trace_id)`);
    await q.query(`CREATE INDEX traces_list_idx ON traces (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX traces_status_list_idx ON traces (workspace_id, status, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX traces_agent_list_idx ON traces (workspace_id, service_agent_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX traces_search_idx ON traces USING gin (search)`);

    await q.query(`
      CREATE TABLE eval_suites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        cases jsonb NOT NULL DEFAULT '[]'::jsonb,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX eval_suites_list_idx ON eval_suites (workspace_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE eval_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        eval_suite_id uuid NOT NULL REFERENCES eval_suites (id) ON DELETE CASCADE,
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'passed', 'failed', 'errored')),
        score double precision CHECK (score >= 0 AND score <= 1),
        metrics jsonb NOT NULL DEFAULT '{}'::jsonb,
        started_at timestamptz,
        finished_at timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX eval_runs_list_idx ON eval_runs (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX eval_runs_status_list_idx ON eval_runs (workspace_id, status, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX eval_runs_suite_list_idx ON eval_runs (workspace_id, eval_suite_id, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE workflow_targets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        secret text NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX workflow_targets_list_idx ON workflow_targets (workspace_id, inserted_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );

    await q.query(`
      CREATE TABLE replays (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        trace_id uuid NOT NULL REFERENCES traces (id) ON DELETE CASCADE,
        workflow_target_id uuid NOT NULL REFERENCES workflow_targets (id) ON DELETE CASCADE,
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        last_error text,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX replays_list_idx ON replays (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX replays_status_list_idx ON replays (workspace_id, status, inserted_at DESC, id DESC)`);

    // Search columns on what already exists.
    await q.query(`
      ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(channel, '')), 'A') || setweight(to_tsvector('simple', body), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX messages_search_idx ON messages USING gin (search)`);
    await q.query(`
      ALTER TABLE agent_commands ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', name), 'A') || setweight(jsonb_to_tsvector('simple', payload, '["string"]'), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX agent_commands_search_idx ON agent_commands USING gin (search)`);
    await q.query(`
      ALTER TABLE domain_events ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', replace(type, '.', ' ')), 'A') || setweight(jsonb_to_tsvector('simple', data, '["string"]'), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX domain_events_search_idx ON domain_events USING gin (search)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['domain_events', 'agent_commands', 'messages']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS search`);
    }
    for (const table of ['replays', 'workflow_targets', 'eval_runs', 'eval_suites', 'traces']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
