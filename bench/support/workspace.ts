/**
 * The workspace a benchmark measures in, registered as a client would register it. No autocannon
 * here (unlike bench/harness.ts), so benches that drive their own load can use it too.
 */
import { randomBytes } from 'node:crypto';
import { LOGIN_PATH, SESSION_COOKIE } from '../../src/sessions/session.constants';
import type { Client } from 'pg';

export const BENCH_PASSWORD = 'bench password 0123456789';

export interface BenchWorkspace {
  email: string;
  password: string;
  workspaceId: string;
  /** its owner */
  userId: string;
  /** the service agent that registered it */
  agentId: string;
  /** its agk_ key and the access token register returned */
  apiKey: string;
  accessToken: string;
}

export interface Registration {
  /** defaults to a fresh bench-<hex>@example.com */
  email?: string;
  /** defaults to BENCH_PASSWORD */
  password?: string;
}

/** Registers a workspace named `name` (POST /api/v1/register), on the plan a sign-up gets. */
export async function registerWorkspace(
  base: string,
  name: string,
  { email = `bench-${randomBytes(6).toString('hex')}@example.com`, password = BENCH_PASSWORD }: Registration = {},
): Promise<BenchWorkspace> {
  const res = await fetch(`${base}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, agent_name: `${name} agent`, workspace_name: name }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    workspace: { id: string };
    user: { id: string };
    api_key: { key: string; service_agent_id: string };
    access_token: { token: string };
  };
  return {
    email,
    password,
    workspaceId: body.workspace.id,
    userId: body.user.id,
    agentId: body.api_key.service_agent_id,
    apiKey: body.api_key.key,
    accessToken: body.access_token.token,
  };
}

/**
 * registerWorkspace, then the enterprise plan, which has no quotas: a benchmark measures the
 * routes, not the free plan's limits.
 */
export async function enterpriseWorkspace(
  base: string,
  db: Client,
  name: string,
  registration: Registration = {},
): Promise<BenchWorkspace> {
  const ws = await registerWorkspace(base, name, registration);
  await db.query(`UPDATE workspaces SET plan = 'enterprise' WHERE id = $1`, [ws.workspaceId]);
  return ws;
}

/**
 * Confirms an account's email, as using a reset link mailed to it would: a platform admin (listed
 * in the service's PLATFORM_ADMIN_EMAILS) is one only with a confirmed email.
 */
export async function confirmEmail(db: Client, email: string): Promise<void> {
  await db.query(`UPDATE users SET confirmed_at = now() WHERE email = $1`, [email]);
}

/** Logs in with a JSON body; the Cookie header value of the new operator session. */
export async function sessionCookie(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`log-in: ${login.status}`);
  return cookie;
}

/** `n` more messages from the workspace's agent on `channel`, a millisecond apart, newest first. */
export async function seedMessages(
  db: Client,
  ws: Pick<BenchWorkspace, 'workspaceId' | 'agentId'>,
  n: number,
  channel = 'bench',
): Promise<void> {
  await db.query(
    `INSERT INTO messages (workspace_id, service_agent_id, body, channel, inserted_at)
     SELECT $1, $2, 'message ' || g, $4, now() - (g || ' milliseconds')::interval FROM generate_series(1, $3) g`,
    [ws.workspaceId, ws.agentId, n, channel],
  );
}
