/**
 * The websocket at /socket with 5,000 concurrent authenticated sockets on one node: memory per
 * socket (RSS and heap of the server process, after GC, divided by the socket count), the time to
 * connect them all, and the delay from creating an agent command (POST) to its arrival on the
 * agent's socket, p50 and p99 over 250 commands; then the time to connect them all again after
 * closing them (a reconnect storm, with the same socket tokens).
 *
 * Baseline, measured in the same run on the same machine: a bare `ws` server on node:http (no
 * authentication, no database, no Redis) accepting the same number of sockets, and pushing a
 * frame to one of them per POST. Ratios are service / baseline. For scale, a third variant
 * (`bare+commit`, left out with BENCH_SOCKETS_FLOOR=0) is the same bare server committing one
 * row to Postgres before each push: what durability alone costs a command, which the service's
 * command must have before its 201 and its push; issue 58 judges the service's delivery against it.
 *
 * The run alternates them in rounds (BENCH_ROUNDS, default 2), ABBA: baseline then service, then
 * service then baseline, so the host's drift within the run weighs on both alike; the targets are
 * judged on the means over the rounds. BENCH_SOCKETS_COMPARE=<another checkout> adds that
 * checkout's service (its src/, booted by this bench, on this run's database) as a third variant
 * in every round (ABC, CBA): the way to compare two versions of the service, since figures from
 * different runs are not comparable on a shared host. The checkout needs a node_modules.
 *
 * Each server runs in its own child process (so its memory is its own); this process holds the
 * client sockets. The service is set up (agents, keys, socket tokens, an operator session) by one
 * process and measured, cold like the baseline, on a fresh one per round. The service child boots
 * the real AppModule (as main.ts does) against the database and Redis db that bench/run.sh made
 * for this run (BENCH_DB, BENCH_REDIS_DB: `BENCH_DB=agentnet_bench_sockets BENCH_REDIS_DB=12 npm
 * run bench:sockets` shares no state with anyone). Only 127.0.0.1 is used.
 *
 * Also printed: the server's CPU time per 1,000 sockets connected and per command, which the
 * host's load disturbs less than the wall-clock figures.
 *
 * BENCH_PROFILE_DIR=<dir> writes a CPU profile of each server child under the connect storm and
 * another under the command loop (`connect-<variant>-<round>.cpuprofile`, `commands-...`),
 * sampled every 200 us; `bench/support/profile-summary.ts` reads them. Profiling slows the
 * service: a profiled run's figures are not its figures.
 *
 *   npm run bench:sockets        (BENCH_SOCKETS, BENCH_COMMANDS override the counts)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { BenchChild, serveRequests } from './support/child';
import { registerWorkspace, sessionCookie } from './support/workspace';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 250);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const COMPARE_ROOT = process.env.BENCH_SOCKETS_COMPARE ? path.resolve(process.env.BENCH_SOCKETS_COMPARE) : undefined;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined;
/** BENCH_SOCKETS_FLOOR=0 leaves out the floor variant: the bare server that commits a row per command. */
const WITH_COMMIT_FLOOR = process.env.BENCH_SOCKETS_FLOOR !== '0';
const COMMIT_FLOOR = 'bare+commit';
const WARMUP_COMMANDS = 20;
const CONNECT_CONCURRENCY = 200;
const MINT_CONCURRENCY = 32;
const HOST = '127.0.0.1';
const HERE = path.join(__dirname, '..');

/**
 * The targets, judged on the means over the rounds: connecting all sockets <= 1.5 x bare ws
 * (issue 23); command delivery p50 <= 2.5 x and p99 <= 3 x `bare+commit` (issue 58, restating
 * issue 23's p50 and p99 <= 2 x bare ws: against the floor that makes a row durable first).
 */
const TARGETS = { connect: 1.5, p50: 2.5, p99: 3 } as const;

interface Memory {
  rss: number;
  heapUsed: number;
}

type ChildCommand =
  | { type: 'memory' }
  | { type: 'cpu' }
  | { type: 'setup'; workspaceId: string; agents: number }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string }
  | { type: 'exit' };

// ---------------------------------------------------------------------------------------------
// child processes

function memoryAfterGc(): Memory {
  const gc = (global as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** CPU time this process has used (user and system), in microseconds. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU profiles of this process between profile-start and profile-stop (the inspector's sampler). */
function profiler(): (req: ChildCommand) => Promise<boolean> {
  let session: Session | undefined;
  return async (req) => {
    if (req.type === 'profile-start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      return true;
    }
    if (req.type === 'profile-stop' && session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(req.file, JSON.stringify(profile));
      session.disconnect();
      session = undefined;
      return true;
    }
    return false;
  };
}

/**
 * A bare ws server: sockets at /socket?i=<n>; POST /push?i=<n> writes one frame to socket n.
 * With BENCH_BARE_COMMIT set, the POST first inserts one row into a table of its own in this
 * run's database and waits for its commit (the durability every command of the service has:
 * `synchronous_commit` as the server sets it), on one dedicated connection.
 */
async function baselineServer(): Promise<void> {
  const sockets = new Map<number, WebSocket>();
  let commit: ((socket: number) => Promise<unknown>) | undefined;
  if (process.env.BENCH_BARE_COMMIT) {
    const db = new Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await db.connect();
    await db.query(
      `CREATE TABLE IF NOT EXISTS bench_bare_commands (id bigserial PRIMARY KEY, socket int NOT NULL, inserted_at timestamptz NOT NULL DEFAULT now())`,
    );
    commit = (socket) => db.query(`INSERT INTO bench_bare_commands (socket) VALUES ($1)`, [socket]);
  }
  const push = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const i = Number(url.searchParams.get('i'));
    const ws = sockets.get(i);
    if (req.method !== 'POST' || url.pathname !== '/push' || !ws) return res.writeHead(404).end();
    await commit?.(i);
    ws.send(JSON.stringify({ event: 'command', payload: { agent_command: { id: randomBytes(16).toString('hex') } } }));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    req.resume();
    req.on('end', () => void push(req, res, url));
  });
  const wss = new WebSocketServer({ server, path: '/socket', maxPayload: 65_536, perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const i = Number(new URL(req.url ?? '/', `http://${HOST}`).searchParams.get('i'));
    sockets.set(i, ws);
    ws.on('close', () => sockets.delete(i));
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const profile = profiler();
  serveRequests<ChildCommand>(async (req) => {
    if (req.type === 'memory') return memoryAfterGc();
    if (req.type === 'cpu') return cpuMicros();
    if (await profile(req)) return undefined;
    if (req.type === 'exit') setImmediate(() => process.exit(0));
    return undefined;
  }, null);
  process.send!({ type: 'listening', port: (server.address() as { port: number }).port });
}

/** The service of the checkout at BENCH_SERVICE_ROOT (this one by default), built as main.ts builds it. */
async function appServer(): Promise<void> {
  const root = process.env.BENCH_SERVICE_ROOT ?? HERE;
  const load = <T>(module: string): Promise<T> => import(path.join(root, 'src', module));
  // Nest and TypeORM from the checkout's own node_modules, as its src/ imports them: with this
  // checkout's copies, a compared checkout's modules were not the ones Nest knew (exit 1).
  const dependency = <T>(name: string): Promise<T> => import(require.resolve(name, { paths: [root] }));
  const { NestFactory } = await dependency<typeof import('@nestjs/core')>('@nestjs/core');
  const { AppModule } = await load<typeof import('../src/app.module')>('app.module');
  const { configureApp } = await load<typeof import('../src/bootstrap')>('bootstrap');
  const { loadConfig } = await load<typeof import('../src/core/config/app-config')>('core/config/app-config');
  const { ServiceAgentsService } = await load<typeof import('../src/agents/service-agents.service')>('agents/service-agents.service');
  const { ServiceExpressAdapter } = await load<typeof import('../src/core/common/http/service-express.adapter')>(
    'core/common/http/service-express.adapter',
  );
  loadConfig(process.env);
  const app = await NestFactory.create<import('@nestjs/platform-express').NestExpressApplication>(AppModule, new ServiceExpressAdapter(), {
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  await app.listen(0, HOST);
  const profile = profiler();
  serveRequests<ChildCommand>(async (req) => {
    if (req.type === 'memory') return memoryAfterGc();
    if (req.type === 'cpu') return cpuMicros();
    if (await profile(req)) return undefined;
    if (req.type === 'exit') {
      await app.close();
      setImmediate(() => process.exit(0));
      return undefined;
    }
    if (req.type !== 'setup') return undefined;
    // Agents with a key each (sockets:connect, agent_commands:read), through the services.
    const agents = app.get(ServiceAgentsService);
    // Loaded here, not with the modules above: a compared checkout (BENCH_SOCKETS_COMPARE) boots
    // its service and is never set up, so it need not have this module.
    const { CredentialIssuer } = await load<typeof import('../src/credentials/credential-issuer.service')>(
      'credentials/credential-issuer.service',
    );
    const credentials = app.get(CredentialIssuer);
    const { Db } = await load<typeof import('../src/core/database/db.service')>('core/database/db.service');
    return app.get(Db).transaction(async (m) => {
      const out: { agentId: string; key: string }[] = [];
      for (let i = 0; i < req.agents; i++) {
        const agent = await agents.create(m, req.workspaceId, `bench-${i}`);
        const key = await credentials.issueApiKey(m, { workspaceId: req.workspaceId, serviceAgentId: agent.id }, [
          'sockets:connect',
          'agent_commands:read',
        ]);
        out.push({ agentId: agent.id, key: key.key });
      }
      return out;
    });
  }, null);
  process.send!({ type: 'listening', port: (app.getHttpServer().address() as { port: number }).port });
}

// ---------------------------------------------------------------------------------------------
// driver

/** A child of this bench in `mode`, once it listens; its port. */
async function startChild(
  mode: 'baseline-server' | 'app-server',
  env: NodeJS.ProcessEnv,
): Promise<{ child: BenchChild<ChildCommand>; port: number }> {
  const { child, ready } = await BenchChild.start<ChildCommand, number>(__filename, mode, env, {
    execArgv: ['--expose-gc'],
    ready: (msg) => (msg.type === 'listening' ? (msg.port as number) : undefined),
  });
  return { child, port: ready };
}

/** Runs `fn` over 0..n-1 with at most `limit` in flight. */
async function pool(n: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

interface Fleet {
  clients: WebSocket[];
  connectMs: number;
  /** Resolvers for the next command frame on each socket. */
  waiters: Map<number, () => void>;
}

async function openSockets(urls: string[]): Promise<Fleet> {
  const clients: WebSocket[] = new Array(urls.length);
  const waiters = new Map<number, () => void>();
  const started = performance.now();
  await pool(urls.length, CONNECT_CONCURRENCY, async (i) => {
    const ws = new WebSocket(urls[i], { perMessageDeflate: false });
    ws.on('message', (data) => {
      if (!(data as Buffer).toString().startsWith('{"event":"command"')) return; // ws delivers a Buffer (binaryType 'nodebuffer')
      const waiter = waiters.get(i);
      if (waiter) {
        waiters.delete(i);
        waiter();
      }
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${i} refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    clients[i] = ws;
  });
  return { clients, connectMs: performance.now() - started, waiters };
}

async function closeSockets(fleet: Fleet): Promise<void> {
  await Promise.all(
    fleet.clients.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
}

/**
 * Delay from just before the POST to the arrival of the pushed frame on socket `target(i)`, and
 * the POST's own response time, both sorted.
 */
async function commandDelays(
  fleet: Fleet,
  target: (i: number) => number,
  post: (i: number, socket: number) => Promise<Response>,
): Promise<{ delays: number[]; responses: number[] }> {
  const delays: number[] = [];
  const responses: number[] = [];
  for (let i = 0; i < WARMUP_COMMANDS + COMMANDS; i++) {
    const socket = target(i);
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`command ${i} did not arrive`)), 5000);
      fleet.waiters.set(socket, () => {
        clearTimeout(timer);
        resolve(performance.now());
      });
    });
    const started = performance.now();
    const res = await post(i, socket);
    if (res.status !== 201) throw new Error(`POST ${i}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const responded = performance.now();
    const at = await arrived;
    if (i >= WARMUP_COMMANDS) {
      delays.push(at - started);
      responses.push(responded - started);
    }
  }
  const byValue = (a: number, b: number) => a - b;
  return { delays: delays.sort(byValue), responses: responses.sort(byValue) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Figures {
  connectMs: number;
  /** All sockets closed, then connected again with the same URLs. */
  reconnectMs: number;
  rssPerSocket: number;
  heapPerSocket: number;
  p50: number;
  p99: number;
  postP50: number;
  postP99: number;
  /** The server's CPU time (ms) per 1,000 sockets connected, and per command (or push). */
  cpuConnect: number;
  cpuCommand: number;
}

/** `cpu`: the server's CPU time (us) before and after connecting, then before and after the commands. */
function figures(
  fleet: Fleet,
  before: Memory,
  after: Memory,
  timings: { delays: number[]; responses: number[] },
  cpu: number[],
): Omit<Figures, 'reconnectMs'> {
  return {
    cpuConnect: (cpu[1] - cpu[0]) / 1000 / (SOCKETS / 1000),
    cpuCommand: (cpu[3] - cpu[2]) / 1000 / (WARMUP_COMMANDS + COMMANDS),
    connectMs: fleet.connectMs,
    rssPerSocket: (after.rss - before.rss) / SOCKETS,
    heapPerSocket: (after.heapUsed - before.heapUsed) / SOCKETS,
    p50: percentile(timings.delays, 50),
    p99: percentile(timings.delays, 99),
    postP50: percentile(timings.responses, 50),
    postP99: percentile(timings.responses, 99),
  };
}

/** Prints how long a setup or measuring phase took. */
async function phase<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  process.stdout.write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

async function measureBaseline(round: number, commit = false): Promise<Figures> {
  const { child, port } = await startChild('baseline-server', { ...process.env, BENCH_BARE_COMMIT: commit ? '1' : '' });
  try {
    const base = `http://${HOST}:${port}`;
    return await measureServer(
      child,
      Array.from({ length: SOCKETS }, (_, i) => `ws://${HOST}:${port}/socket?i=${i}`),
      (_i, socket) => fetch(`${base}/push?i=${socket}`, { method: 'POST' }),
      `${commit ? 'bare-commit' : 'bare'}-${round}`,
    );
  } finally {
    await child.stop();
  }
}

/**
 * The measurements of one server, cold: memory and CPU time around connecting `urls`, the
 * commands (`post`), then all sockets closed and connected again with the same URLs (a reconnect
 * storm: the same socket tokens, for the service). With BENCH_PROFILE_DIR, the connect and the
 * commands are profiled, in files named after them and `label`.
 */
async function measureServer(
  child: BenchChild<ChildCommand>,
  urls: string[],
  post: (i: number, socket: number) => Promise<Response>,
  label: string,
): Promise<Figures> {
  const profiled = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    if (!PROFILE_DIR) return fn();
    await child.request({ type: 'profile-start' });
    const result = await fn();
    await child.request({ type: 'profile-stop', file: path.join(PROFILE_DIR, `${name}-${label}.cpuprofile`) });
    return result;
  };
  const cpuNow = () => child.request<number>({ type: 'cpu' });
  const before = await child.request<Memory>({ type: 'memory' });
  const cpu = [await cpuNow()];
  const fleet = await phase(`connecting ${SOCKETS} sockets`, () => profiled('connect', () => openSockets(urls)));
  cpu.push(await cpuNow());
  const after = await child.request<Memory>({ type: 'memory' });
  cpu.push(await cpuNow());
  const timings = await phase(`${COMMANDS} commands`, () =>
    profiled('commands', () => commandDelays(fleet, (i) => (i * 7919) % SOCKETS, post)),
  );
  cpu.push(await cpuNow());
  await closeSockets(fleet);
  const again = await phase(`reconnecting ${SOCKETS} sockets`, () => openSockets(urls));
  await closeSockets(again);
  return { ...figures(fleet, before, after, timings, cpu), reconnectMs: again.connectMs };
}

/** The service's environment: this run's database and Redis db. */
function serviceEnv(root: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    BCRYPT_COST: '4',
    API_RATE_LIMIT: '100000000',
    MAIL_TRANSPORT: 'memory',
    BASE_URL: 'http://localhost:4000',
    BENCH_SERVICE_ROOT: root,
  };
}

/** What the service's rounds connect with: the agents, their socket tokens and an operator session. */
interface ServiceFixture {
  agents: { agentId: string; key: string }[];
  tokens: string[];
  cookie: string;
  mintMs: number;
  cleanUp: () => Promise<void>;
}

/** Registers a workspace, creates SOCKETS agents with a key each, mints a socket token for each and logs in. */
async function setUpService(): Promise<ServiceFixture> {
  const db = new Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await db.connect();
  let workspaceId: string | undefined;
  let userId: string | undefined;
  const cleanUp = async () => {
    if (workspaceId) await db.query(`DELETE FROM workspaces WHERE id = $1`, [workspaceId]);
    if (userId) await db.query(`DELETE FROM users WHERE id = $1`, [userId]);
    await db.end();
  };
  const { child, port } = await startChild('app-server', serviceEnv(HERE));
  const base = `http://${HOST}:${port}`;
  try {
    const registered = await registerWorkspace(base, `Bench ${randomBytes(3).toString('hex')}`);
    workspaceId = registered.workspaceId;
    userId = registered.userId;

    const agents = await phase(`creating ${SOCKETS} agents with a key each`, () =>
      child.request<{ agentId: string; key: string }[]>({ type: 'setup', workspaceId: workspaceId!, agents: SOCKETS }),
    );

    const tokens: string[] = new Array(SOCKETS);
    const mintStarted = performance.now();
    await phase(`minting ${SOCKETS} socket tokens`, () =>
      pool(SOCKETS, MINT_CONCURRENCY, async (i) => {
        const res = await fetch(`${base}/api/v1/socket_tokens`, { method: 'POST', headers: { 'x-agent-api-key': agents[i].key } });
        const body = (await res.json()) as { socket_token: string };
        if (res.status !== 200) throw new Error(`mint ${i}: ${res.status} ${JSON.stringify(body)}`);
        tokens[i] = body.socket_token;
      }),
    );
    const mintMs = performance.now() - mintStarted;

    const cookie = await sessionCookie(base, registered.email, registered.password);
    return { agents, tokens, cookie, mintMs, cleanUp };
  } catch (err) {
    await cleanUp();
    throw err;
  } finally {
    await child.stop();
  }
}

/**
 * One round of the service of the checkout at `root`: tokens and session live in the database,
 * so it is measured on a fresh process, cold like the baseline, and the memory that set-up
 * (5,000 HTTP requests) left behind does not hide the sockets' own.
 */
async function measureService(fixture: ServiceFixture, root: string, label: string): Promise<Figures> {
  const { child, port } = await startChild('app-server', serviceEnv(root));
  const base = `http://${HOST}:${port}`;
  try {
    return await measureServer(
      child,
      fixture.tokens.map((token) => `ws://${HOST}:${port}/socket?socket_token=${token}`),
      (i, socket) =>
        fetch(`${base}/api/v1/operator/agent_commands`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: fixture.cookie },
          body: JSON.stringify({ service_agent_id: fixture.agents[socket].agentId, name: 'bench', payload: { i } }),
        }),
      label,
    );
  } finally {
    await child.stop();
  }
}

interface Variant {
  name: string;
  measure: (round: number) => Promise<Figures>;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Before each measurement: the bench database vacuumed and analyzed, and no autovacuum worker
 * left on it (waited for, 30 s at most). The set-up and every service round leave work behind
 * (5,000 agents with keys and tokens, a round's commands, the credentials' last-used times written
 * at shutdown), and autovacuum took it up during whichever variant ran next: the service's connect
 * grew from round to round (1.35 to 1.80 s in one run) while the bare server beside it did not.
 * Every variant starts from the same settled database (bench/README.md finding 26).
 */
async function settleDatabase(): Promise<string> {
  const started = performance.now();
  const db = new Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await db.connect();
  try {
    await db.query('VACUUM (ANALYZE)');
    for (let waited = 0; waited < 30_000; waited += 200) {
      const busy = await db.query(
        `SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = current_database()`,
      );
      if (busy.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.end();
  }
  return `database settled in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL || !process.env.BENCH_REDIS_URL) {
    throw new Error('BENCH_DATABASE_URL and BENCH_REDIS_URL are required: run it as `npm run bench:sockets` (bench/run.sh sets them)');
  }
  // Bounded: set-up, then a minute at most per measurement.
  const deadlineMs = 120_000 + ROUNDS * (2 + (COMPARE_ROOT ? 1 : 0) + (WITH_COMMIT_FLOOR ? 1 : 0)) * 60_000;
  const deadline = setTimeout(() => {
    process.stderr.write(`bench:sockets exceeded ${deadlineMs / 1000} s\n`);
    process.exit(1);
  }, deadlineMs);
  deadline.unref();
  process.stdout.write(
    `bench:sockets: ${SOCKETS} sockets, ${COMMANDS} commands, ${ROUNDS} rounds (node ${process.version}, ${os.cpus().length} cores), ` +
      `${new Date().toISOString()}, load average ${loadAverage()}${PROFILE_DIR ? `; CPU profiles in ${PROFILE_DIR}` : ''}\n`,
  );
  process.stdout.write('set-up of the service...\n');
  const fixture = await setUpService();
  try {
    const variants: Variant[] = [
      { name: 'bare ws', measure: (round) => measureBaseline(round) },
      { name: 'service', measure: (round) => measureService(fixture, HERE, `service-${round}`) },
    ];
    if (WITH_COMMIT_FLOOR) variants.splice(1, 0, { name: COMMIT_FLOOR, measure: (round) => measureBaseline(round, true) });
    if (COMPARE_ROOT) variants.push({ name: 'compared', measure: (round) => measureService(fixture, COMPARE_ROOT, `compared-${round}`) });
    const results = new Map<string, Figures[]>(variants.map((v) => [v.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? variants : [...variants].reverse();
      for (const variant of order) {
        const settled = await settleDatabase();
        process.stdout.write(
          `round ${round}, ${variant.name} (${new Date().toISOString().slice(11, 19)}, load average ${loadAverage()}; ${settled})...\n`,
        );
        results.get(variant.name)!.push(await variant.measure(round));
      }
    }
    report(
      variants.map((v) => v.name),
      results,
      fixture.mintMs,
    );
  } finally {
    await fixture.cleanUp();
  }
}

function report(names: string[], results: Map<string, Figures[]>, mintMs: number): void {
  const kib = (bytes: number) => bytes / 1024;
  const rows: [string, (f: Figures) => number, number][] = [
    ['connect all sockets (s)', (f) => f.connectMs / 1000, 2],
    ['reconnect all, same tokens (s)', (f) => f.reconnectMs / 1000, 2],
    ['RSS per socket (KiB)', (f) => kib(f.rssPerSocket), 1],
    ['heap per socket (KiB)', (f) => kib(f.heapPerSocket), 1],
    ['command to arrival p50 (ms)', (f) => f.p50, 2],
    ['command to arrival p99 (ms)', (f) => f.p99, 2],
    ['POST response p50 (ms)', (f) => f.postP50, 2],
    ['POST response p99 (ms)', (f) => f.postP99, 2],
    ['server CPU / 1,000 sockets (ms)', (f) => f.cpuConnect, 1],
    ['server CPU / command (ms)', (f) => f.cpuCommand, 3],
  ];
  const baseline = results.get('bare ws')!;
  const others = names.filter((n) => n !== 'bare ws');
  const w = 14;
  const pad = (s: string) => s.padStart(w);
  process.stdout.write(`\nper round (${others.map((n) => `x = ${n} / bare ws of the same round`).join('; ')})\n`);
  process.stdout.write(
    `${'case'.padEnd(30)}${pad('round')}${names.map((n) => pad(n)).join('')}${others.map((n) => pad(`x ${n}`)).join('')}\n`,
  );
  for (const [label, value, digits] of rows) {
    baseline.forEach((b, r) => {
      const cells = names.map((n) => pad(value(results.get(n)![r]).toFixed(digits)));
      const ratios = others.map((n) => pad((value(results.get(n)![r]) / value(b)).toFixed(2)));
      process.stdout.write(`${label.padEnd(30)}${pad(String(r + 1))}${cells.join('')}${ratios.join('')}\n`);
    });
  }
  process.stdout.write(`\nmean of ${baseline.length} rounds\n`);
  process.stdout.write(`${'case'.padEnd(30)}${names.map((n) => pad(n)).join('')}${others.map((n) => pad(`x ${n}`)).join('')}\n`);
  for (const [label, value, digits] of rows) {
    const means = names.map((n) => mean(results.get(n)!.map(value)));
    const ratios = means.slice(1).map((m) => pad((m / means[0]).toFixed(2)));
    process.stdout.write(`${label.padEnd(30)}${means.map((m) => pad(m.toFixed(digits))).join('')}${ratios.join('')}\n`);
  }
  process.stdout.write(
    `\nminting ${SOCKETS} socket tokens (POST /api/v1/socket_tokens, ${MINT_CONCURRENCY} in flight): ${(mintMs / 1000).toFixed(2)} s\n`,
  );
  process.stdout.write(
    `commands: one at a time, each to one agent's socket; arrival is timed from just before the POST\n` +
      `(the baseline POST only writes a frame; the service's authenticates the session and stores the command;\n` +
      ` ${COMMIT_FLOOR}'s POST commits one row, then writes the frame)\n`,
  );
  const base = {
    connect: mean(baseline.map((f) => f.connectMs)),
    p50: mean(baseline.map((f) => f.p50)),
    p99: mean(baseline.map((f) => f.p99)),
  };
  const floor = results.get(COMMIT_FLOOR);
  const floorP50 = floor ? mean(floor.map((f) => f.p50)) : NaN;
  const floorP99 = floor ? mean(floor.map((f) => f.p99)) : NaN;
  for (const name of others.filter((n) => n !== COMMIT_FLOOR)) {
    const figs = results.get(name)!;
    const p50 = mean(figs.map((f) => f.p50));
    const p99 = mean(figs.map((f) => f.p99));
    const judged: [string, number, number, string][] = [
      [
        `connect ${SOCKETS} sockets <= ${TARGETS.connect}x bare ws (issue 23)`,
        mean(figs.map((f) => f.connectMs)) / base.connect,
        TARGETS.connect,
        '',
      ],
      [
        `command delivery p50 <= ${TARGETS.p50}x ${COMMIT_FLOOR} (issue 58)`,
        p50 / floorP50,
        TARGETS.p50,
        ` (${p50.toFixed(2)} / ${floorP50.toFixed(2)} ms)`,
      ],
      [
        `command delivery p99 <= ${TARGETS.p99}x ${COMMIT_FLOOR} (issue 58)`,
        p99 / floorP99,
        TARGETS.p99,
        ` (${p99.toFixed(2)} / ${floorP99.toFixed(2)} ms)`,
      ],
    ];
    process.stdout.write(`\ntargets, ${name}, means of ${figs.length} rounds:\n`);
    for (const [target, ratio, max, figures] of judged) {
      // without the floor (BENCH_SOCKETS_FLOOR=0) the delivery targets have nothing to be judged against
      const verdict = Number.isNaN(ratio)
        ? `not judged: ${COMMIT_FLOOR} left out (BENCH_SOCKETS_FLOOR=0)`
        : ratio <= max
          ? 'met'
          : 'not met';
      process.stdout.write(`  ${target}: ${Number.isNaN(ratio) ? '-' : `${ratio.toFixed(2)}x${figures}`}, ${verdict}\n`);
    }
    // for scale, issue 23's old yardstick: the delivery against the bare server, and the floor's own
    const against = `${name} against bare ws: ${(p50 / base.p50).toFixed(2)}x / ${(p99 / base.p99).toFixed(2)}x (p50 / p99)`;
    process.stdout.write(
      floor
        ? `  for scale: ${against}; ${COMMIT_FLOOR} against bare ws: ${(floorP50 / base.p50).toFixed(2)}x / ${(floorP99 / base.p99).toFixed(2)}x\n`
        : `  for scale: ${against}\n`,
    );
  }
  process.stdout.write(`\n${new Date().toISOString()}, load average at the end: ${loadAverage()}\n`);
}

const mode = process.argv[2];
const run = mode === 'baseline-server' ? baselineServer : mode === 'app-server' ? appServer : main;
run().catch((err: unknown) => {
  process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
