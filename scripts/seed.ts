/**
 * `npm run seed`: a demo workspace to look around in, made through the service's own HTTP API
 * with the SDK's clients (so every row passes the service's rules, quotas, events and audit log,
 * and nothing is written around them). With the service running:
 *
 *   npm run seed                                   # against http://localhost:4000
 *   AGENT_NETWORK_URL=http://127.0.0.1:4001 DEMO_EMAIL=me@example.com DEMO_PASSWORD=... npm run seed
 *
 * It signs the demo account up (or logs in to it when it exists), and fills its workspace with two
 * service agents with keys, five robots (three claimed into a cohort, two pending), traces with
 * spans and a command waiting for its robot; the changes record their domain events themselves.
 * Run again, it adds only what is missing: a key is printed once, when it is issued. It acts with
 * an operator API token of its own that lives an hour and is revoked when it is done.
 */
import { agentClient, claim, HttpClient, MemoryCredentialStore, operatorClient, pages, ProblemError } from '../sdk/src';
import { logInCookie } from '../sdk/src/simulator/operator';
import type { components, OperatorClient } from '../sdk/src';

type Schemas = components['schemas'];

export const DEMO = {
  email: 'demo@example.com',
  password: 'demo-password-1234',
  workspace: 'Demo fleet',
  agents: ['demo-planner', 'demo-vision'],
  cohort: 'demo line 1',
  robots: [
    { serial: 'DEMO-001', name: 'Picker 1', claimed: true },
    { serial: 'DEMO-002', name: 'Picker 2', claimed: true },
    { serial: 'DEMO-003', name: 'Sorter 1', claimed: true },
    { serial: 'DEMO-004', name: 'Sorter 2', claimed: false },
    { serial: 'DEMO-005', name: 'Spare', claimed: false },
  ],
  /** trace_id is unique in a workspace: the demo's own ids tell which traces are there already. */
  traces: [
    { trace_id: 'de000000000000000000000000000001', name: 'plan route', status: 'ok' as const, duration_ms: 182 },
    { trace_id: 'de000000000000000000000000000002', name: 'detect parcels', status: 'ok' as const, duration_ms: 94 },
    { trace_id: 'de000000000000000000000000000003', name: 'plan route', status: 'error' as const, duration_ms: 1207 },
  ],
  command: 'demo.ping',
};

export interface SeedOptions {
  baseUrl: string;
  email: string;
  password: string;
  log: (line: string) => void;
}

export interface SeedResult {
  registered: boolean;
  /** Keys issued by this run (printed once), by agent name. */
  keys: Record<string, string>;
  created: { agents: number; robots: number; claimed: number; traces: number; commands: number };
}

const isProblem = (err: unknown, status: number, field?: string): err is ProblemError =>
  err instanceof ProblemError && err.status === status && (field === undefined || Boolean(err.errors?.[field]));

export async function seed(options: SeedOptions): Promise<SeedResult> {
  const { baseUrl, email, password, log } = options;
  const http = new HttpClient({ baseUrl });
  const created = { agents: 0, robots: 0, claimed: 0, traces: 0, commands: 0 };
  const keys: Record<string, string> = {};

  // 1. The demo account: signed up, or found (the address is taken) and logged in to.
  let registered = false;
  try {
    const body: Schemas['RegisterDto'] = { email, password, workspace_name: DEMO.workspace, agent_name: 'demo-ops' };
    const res = await http.request<Schemas['RegisterResponseDto']>({ method: 'post', path: '/api/v1/register', body });
    registered = true;
    keys['workspace primary key'] = res.body.api_key.key;
  } catch (err) {
    if (!isProblem(err, 422, 'email')) throw err;
  }
  const cookie = await logInCookie({ baseUrl, email, password });

  // 2. An operator API token for this run: a person's session mints it, the SDK's OperatorClient uses it.
  const minted = await http.request<Schemas['IssuedApiTokenEnvelopeDto']>({
    method: 'post',
    path: '/api/v1/operator/api_tokens',
    headers: { cookie },
    body: { name: `seed ${new Date().toISOString()}`, role: 'admin', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
  });
  const operator = operatorClient({ baseUrl, apiToken: minted.body.api_token.token, userAgent: 'agent-network-seed' });
  try {
    await fill(operator, baseUrl, keys, created);
    return { registered, keys, created };
  } finally {
    await http.request({ method: 'delete', path: `/api/v1/operator/api_tokens/${minted.body.api_token.id}`, headers: { cookie } });
    log(`seeded ${baseUrl} for ${email}`);
  }
}

async function fill(
  operator: OperatorClient,
  baseUrl: string,
  keys: Record<string, string>,
  created: SeedResult['created'],
): Promise<void> {
  // The cohort, found again by its name.
  let cohort = (await operator.listCohorts({ limit: 500 })).cohorts.find((c) => c.name === DEMO.cohort);
  if (!cohort) cohort = await operator.createCohort({ name: DEMO.cohort });

  // The service agents; a new one gets a key, printed once.
  const agents = new Map<string, Schemas['ServiceAgentDto']>();
  // (no total: the workspace's agents fit one page of 500, which its plan keeps them within)
  for (const agent of (await operator.listServiceAgents({ limit: 500 })).service_agents) agents.set(agent.name, agent);
  for (const name of DEMO.agents) {
    if (agents.has(name)) continue;
    const agent = await operator.createServiceAgent({ name });
    agents.set(name, agent);
    keys[name] = (await operator.issueApiKey(agent.id)).key;
    created.agents++;
  }

  // The robots: each pre-registered with its name (a serial already there is left as it is); the
  // ones meant to be claimed and still pending claim one fleet token into the cohort.
  for (const robot of DEMO.robots) {
    try {
      await operator.preRegisterRobot({ serial_number: robot.serial, name: robot.name });
      created.robots++;
    } catch (err) {
      if (!isProblem(err, 422, 'serial_number')) throw err;
    }
  }
  const robots = new Map<string, Schemas['RobotDto']>();
  for await (const page of pages((p) => operator.listRobots({ ...p, limit: 100 }))) {
    for (const robot of page.robots) robots.set(robot.serial_number, robot);
  }
  const toClaim = DEMO.robots.filter((r) => r.claimed && robots.get(r.serial)?.status === 'pending').map((r) => r.serial);
  if (toClaim.length > 0) {
    const token = await operator.createEnrollmentToken({
      max_claims: toClaim.length,
      expires_in: 600,
      serial_allowlist: toClaim,
      cohort_id: cohort.id,
      default_tags: ['demo'],
    });
    for (const serial of toClaim) {
      const { response } = await claim({
        baseUrl,
        token: token.token,
        serialNumber: serial,
        agent: { firmware: '4.2.0', model: 'demo' },
        store: new MemoryCredentialStore(),
      });
      if (response?.robot) robots.set(serial, response.robot);
      created.claimed++;
    }
  }

  // Traces of the first agent, with spans; only those not there yet (by their demo trace_id), sent
  // with a key of its own that lives for this run only.
  const present = new Set<string>();
  for await (const page of pages((p) => operator.request('get', '/api/v1/operator/traces', { params: { query: { ...p, limit: 100 } } }))) {
    for (const trace of page.traces) present.add(trace.trace_id);
  }
  const missing = DEMO.traces.filter((trace) => !present.has(trace.trace_id));
  if (missing.length > 0) {
    const planner = agents.get(DEMO.agents[0])!;
    const key = await operator.issueApiKey(planner.id, { scopes: ['traces:write'] });
    try {
      const agent = agentClient({ baseUrl, apiKey: key.key, auth: 'api_key' });
      for (const [n, trace] of missing.entries()) {
        const started = new Date(Date.now() - (n + 1) * 60_000);
        const at = (ms: number) => new Date(started.getTime() + ms).toISOString();
        await agent.request('post', '/api/v1/traces', {
          body: {
            ...trace,
            started_at: started.toISOString(),
            attributes: { demo: true },
            spans: [
              { span_id: 'root', name: trace.name, started_at: at(0), duration_ms: trace.duration_ms, status: trace.status },
              {
                span_id: 'load',
                parent_span_id: 'root',
                name: 'load map',
                started_at: at(5),
                duration_ms: Math.round(trace.duration_ms / 3),
              },
            ],
          },
        });
        created.traces++;
      }
    } finally {
      await operator.revokeApiKey(key.credential_id);
    }
  }

  // A command for the first robot, pending until it connects.
  const first = robots.get(DEMO.robots[0].serial);
  if (first?.service_agent_id) {
    const commands = (await operator.listAgentCommands({ limit: 100 })).agent_commands;
    if (!commands.some((c) => c.name === DEMO.command && c.service_agent_id === first.service_agent_id)) {
      await operator.createAgentCommand({ service_agent_id: first.service_agent_id, name: DEMO.command, payload: { from: 'seed' } });
      created.commands++;
    }
  }
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const baseUrl = env.AGENT_NETWORK_URL ?? 'http://localhost:4000';
  const email = env.DEMO_EMAIL ?? DEMO.email;
  const password = env.DEMO_PASSWORD ?? DEMO.password;
  const lines: string[] = [];
  try {
    const result = await seed({ baseUrl, email, password, log: (line) => lines.push(line) });
    const { agents, robots, claimed, traces, commands } = result.created;
    lines.push(
      `${result.registered ? 'signed up' : 'found'} the demo account; added ${agents} service agents, ${robots} robots ` +
        `(${claimed} claimed), ${traces} traces, ${commands} commands`,
      `log in at ${baseUrl}/users/log-in as ${email} with the password ${password}`,
      ...Object.entries(result.keys).map(([name, key]) => `${name}: ${key}   (shown this once)`),
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (err) {
    const hint =
      err instanceof ProblemError && err.detail === 'operator_log_in_failed'
        ? ` (the account exists with another password: set DEMO_PASSWORD, or DEMO_EMAIL for another account)`
        : err instanceof Error && /fetch failed|ECONNREFUSED/.test(`${err.message} ${String(err.cause)}`)
          ? ` (is the service running at ${baseUrl}? bash scripts/run.sh)`
          : '';
    process.stderr.write(`seed: ${err instanceof Error ? err.message : String(err)}${hint}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main().then((code) => (process.exitCode = code));
}
