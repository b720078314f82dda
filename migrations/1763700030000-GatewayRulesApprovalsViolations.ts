import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gateway rules and the approvals a `require_approval` decision creates (API.md, Domain
 * resources), and security violations.
 *
 * Guarantees held by the schema:
 * - an agent has at most one pending approval per action and resource (unique partial index), so
 *   concurrent checks of the same action share one approval;
 * - a violation's `dedupe_key` names what it is about (kind, credential or rule and action, time
 *   window); while a violation with that key is not resolved, repeats only count `occurrences`
 *   on it (unique partial index), however many nodes record them at once.
 */
export class GatewayRulesApprovalsViolations1763700030000 implements MigrationInterface {
  name = 'GatewayRulesApprovalsViolations1763700030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gateway_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        action text NOT NULL,
        effect text NOT NULL CHECK (effect IN ('allow', 'deny', 'require_approval')),
        priority integer NOT NULL,
        description text,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // evaluation order: ascending priority, ties oldest first
    await q.query(`CREATE INDEX gateway_rules_order_idx ON gateway_rules (workspace_id, priority, inserted_at, id)`);

    await q.query(`
      CREATE TABLE approvals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        service_agent_id uuid NOT NULL REFERENCES service_agents (id) ON DELETE CASCADE,
        credential_id uuid REFERENCES api_credentials (id) ON DELETE SET NULL,
        gateway_rule_id uuid REFERENCES gateway_rules (id) ON DELETE SET NULL,
        action text NOT NULL,
        resource text,
        context jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'expired')),
        decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz,
        expires_at timestamptz NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX approvals_list_idx ON approvals (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX approvals_status_list_idx ON approvals (workspace_id, status, inserted_at DESC, id DESC)`);
    await q.query(`
      CREATE UNIQUE INDEX approvals_one_pending_key ON approvals (workspace_id, service_agent_id, action, (coalesce(resource, '')))
        WHERE status = 'pending'`);
    // the expiry sweep: pending approvals past expires_at
    await q.query(`CREATE INDEX approvals_expiry_idx ON approvals (expires_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX approvals_agent_idx ON approvals (service_agent_id)`);

    await q.query(`
      CREATE TABLE security_violations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        kind text NOT NULL,
        severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved')),
        service_agent_id uuid REFERENCES service_agents (id) ON DELETE SET NULL,
        credential_id uuid REFERENCES api_credentials (id) ON DELETE SET NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key text NOT NULL,
        occurrences integer NOT NULL DEFAULT 1 CHECK (occurrences >= 1),
        last_seen_at timestamptz NOT NULL,
        acknowledged_at timestamptz,
        acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
        resolved_at timestamptz,
        resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX security_violations_list_idx ON security_violations (workspace_id, inserted_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX security_violations_status_list_idx ON security_violations (workspace_id, status, inserted_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX security_violations_severity_list_idx ON security_violations (workspace_id, severity, inserted_at DESC, id DESC)`,
    );
    await q.query(`
      CREATE UNIQUE INDEX security_violations_dedupe_key ON security_violations (workspace_id, dedupe_key)
        WHERE status <> 'resolved'`);
    await q.query(`CREATE INDEX security_violations_agent_idx ON security_violations (service_agent_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['security_violations', 'approvals', 'gateway_rules']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
