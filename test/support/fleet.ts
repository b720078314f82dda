import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { claim, issueToken, preRegister } from '../enrollment-support';
import { addMembership, makeOperator, type Operator } from './console';
import { eventually } from './eventually';
import { db } from './operator';
import type { TestApp } from './test-app';

/** Helpers of the fleet-operations suites (gateway, approvals, violations, OTA, batches, data requests). */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Domain events of a workspace of one type, oldest first, as stored in the outbox. */
export async function eventsOf(t: TestApp, workspaceId: string, type: string): Promise<{ id: string; data: any }[]> {
  return db(t).query(`SELECT id, data FROM domain_events WHERE workspace_id = $1 AND type = $2 ORDER BY inserted_at, id`, [
    workspaceId,
    type,
  ]);
}

/** Another operator (with a workspace of their own) given `role` in `owner`'s workspace. */
export async function colleague(t: TestApp, owner: Operator, role: 'admin' | 'member'): Promise<Operator> {
  const op = await makeOperator(t);
  await addMembership(t, op.reg.email, owner.reg.workspaceId, role);
  return op;
}

/** Rows of a table, as the service left them (for asserting what a request wrote). */
export const rowsOf = (t: TestApp, sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);

export interface EnrolledRobot {
  robotId: string;
  serial: string;
  serviceAgentId: string;
  credentialId: string;
  apiKey: string;
  accessToken: string;
}

/**
 * A robot as a device gets one: pre-registered by the operator, then claimed with a fleet token
 * (so its agent has the device scopes, or `scopes` when given). The operator's workspace needs room
 * for it (makeFleetOwner gives a team plan).
 */
export async function enrollRobot(
  t: TestApp,
  owner: Operator,
  options: { scopes?: string[]; cohortId?: string } = {},
): Promise<EnrolledRobot> {
  const serial = `SN-${randomBytes(5).toString('hex')}`;
  const robot = await preRegister(t, owner, serial);
  const token = await issueToken(t, owner, {
    max_claims: 2,
    ...(options.scopes ? { scopes: options.scopes } : {}),
    ...(options.cohortId ? { cohort_id: options.cohortId } : {}),
  });
  const res = await claim(t, { token: token.token, serial_number: serial });
  if (res.status !== 201) throw new Error(`claim: ${res.status} ${res.text}`);
  return {
    robotId: robot.id,
    serial,
    serviceAgentId: res.body.service_agent.id,
    credentialId: res.body.api_key.credential_id,
    apiKey: res.body.api_key.key,
    accessToken: res.body.access_token.token,
  };
}

/**
 * `n` active robots written straight into the workspace (as many claims would leave them), each
 * bound to an agent of its own unless `agents` is false (then pending). Fast enough for 10,000.
 */
export async function insertRobots(
  t: TestApp,
  workspaceId: string,
  n: number,
  options: { agents?: boolean; cohortId?: string } = {},
): Promise<{ robotIds: string[]; agentIds: string[] }> {
  const tag = randomBytes(4).toString('hex');
  const withAgents = options.agents ?? true;
  const rows: { robot_id: string; agent_id: string | null }[] = await db(t).query(
    `WITH g AS (SELECT n FROM generate_series(1, $2::int) n),
          a AS (INSERT INTO service_agents (workspace_id, name, slug, scopes)
                SELECT $1, 'Robot ' || n, 'robot-' || $3 || '-' || n, '{}' FROM g WHERE $4 RETURNING id, slug),
          numbered AS (SELECT id, split_part(slug, '-', 3)::int AS n FROM a)
     INSERT INTO robots (workspace_id, serial_number, status, service_agent_id, cohort_id, claimed_at)
     SELECT $1, 'SN-' || $3 || '-' || g.n, CASE WHEN $4 THEN 'active' ELSE 'pending' END, numbered.id, $5, CASE WHEN $4 THEN now() END
       FROM g LEFT JOIN numbered ON numbered.n = g.n
     RETURNING id AS robot_id, service_agent_id AS agent_id`,
    [workspaceId, n, tag, withAgents, options.cohortId ?? null],
  );
  return { robotIds: rows.map((r) => r.robot_id), agentIds: rows.flatMap((r) => (r.agent_id ? [r.agent_id] : [])) };
}

/**
 * The backend waiting on a lock that backend `pid` holds, once there is one. Asked through the
 * app's pool, never on the holding connection: inside a transaction Postgres answers
 * pg_stat_activity from a snapshot taken at its first read, so a poll on the holder (which sits in
 * its BEGIN) would see "nobody waits" forever if its first look came before the waiter.
 */
export function waiterOn(t: TestApp, pid: number, what: string, timeoutMs = 20_000): Promise<number> {
  return eventually(
    async () => {
      const rows: { pid: number }[] = await rowsOf(t, `SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [pid]);
      if (rows.length === 0) throw new Error('nobody waits yet');
      return rows[0].pid;
    },
    { timeoutMs, what },
  );
}
