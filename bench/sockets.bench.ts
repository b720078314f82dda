/**
 * The websocket at /socket with 5,000 concurrent authenticated sockets on one node: memory per
 * socket (RSS and heap of the server process, after GC, divided by the socket count), the time to
 * connect them all, and the delay from creating an agent command (POST) to its arrival on the
 * agent's socket, p50 and p99 over 250 commands.
 *
 * Baseline, measured in the same run on the same machine: a bare `ws` server on node:http (no
 * authentication, no database, no Redis) accepting the same number of sockets, and pushing a
 * frame to one of them per POST. Ratios are service / baseline.
 *
 * Each server runs in its own child process (so its memory is its own); this process holds the
 * client sockets. The service is set up (agents, keys, socket tokens, an operator session) by one
 * process and measured, cold like the baseline, on a fresh one. The service child boots the real AppModule (as main.ts does) against the
 * database and Redis in DATABASE_URL / REDIS_URL, which `npm run bench:sockets` takes from
 * scripts/infra.sh (agentnet_dev, Redis db 3); migrations are applied first and the benchmark's
 * workspace is deleted at the end. Only 127.0.0.1 is used. Bounded to 170 s.
 *
 *   npm run bench:sockets        (BENCH_SOCKETS, BENCH_COMMANDS override the counts)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { BenchChild, serveRequests } from './support/child';
import WebSocket, { WebSocketServer } from 'ws';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 250);
const WARMUP_COMMANDS = 20;
const CONNECT_CONCURRENCY = 200;
const MINT_CONCURRENCY = 32;
const DEADLINE_MS = 170_000;
const HOST = '127.0.0.1';

interface Memory {
  rss: number;
  heapUsed: number;
}

type ChildCommand = { type: 'memory' } | { type: 'setup'; workspaceId: string; agents: number } | { type: 'exit' };

// ---------------------------------------------------------------------------------------------
// child processes

function memoryAfterGc(): Memory {
  const gc = (global as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}


/** A bare ws server: sockets at /socket?i=<n>; POST /push?i=<n> writes one frame to socket n. */
async function baselineServer(): Promise<void> {
  const sockets = new Map<number, WebSocket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    req.resume();
    req.on('end', () => {
      const ws = sockets.get(Number(url.searchParams.get('i')));
      if (req.method !== 'POST' || url.pathname !== '/push' || !ws) return res.writeHead(404).end();
      ws.send(JSON.stringify({ event: 'command', payload: { agent_command: { id: randomBytes(16).toString('hex') } } }));
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const wss = new WebSocketServer({ server, path: '/socket', maxPayload: 65_536, perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const i = Number(new URL(req.url ?? '/', `http://${HOST}`).searchParams.get('i'));
    sockets.set(i, ws);
    ws.on('close', () => sockets.delete(i));
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  serveRequests<ChildCommand>(async (req) => {
    if (req.type === 'memory') return memoryAfterGc();
    if (req.type === 'exit') setImmediate(() => process.exit(0));
    return undefined;
  }, null);
  process.send!({ type: 'listening', port: (server.address() as { port: number }).port });
}

/** The service, built as main.ts builds it. */
async function appServer(): Promise<void> {
  const { NestFactory } = await import('@nestjs/core');
  const { DataSource } = await import('typeorm');
  const { AppModule } = await import('../src/app.module');
  const { configureApp } = await import('../src/bootstrap');
  const { loadConfig } = await import('../src/core/config/app-config');
  const { ServiceAgentsService } = await import('../src/agents/service-agents.service');
  const { MachineCredentialsService } = await import('../src/credentials/machine-credentials.service');
  loadConfig(process.env);
  const { ServiceExpressAdapter } = await import('../src/core/common/http/service-express.adapter');
  const app = await NestFactory.create<import('@nestjs/platform-express').NestExpressApplication>(AppModule, new ServiceExpressAdapter(), {
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  await app.listen(0, HOST);
  serveRequests<ChildCommand>(async (req) => {
    if (req.type === 'memory') return memoryAfterGc();
    if (req.type === 'exit') {
      await app.close();
      setImmediate(() => process.exit(0));
      return undefined;
    }
    // Agents with a key each (sockets:connect, agent_commands:read), through the services.
    const agents = app.get(ServiceAgentsService);
    const credentials = app.get(MachineCredentialsService);
    return app.get(DataSource).transaction(async (m) => {
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
async function startChild(mode: 'baseline-server' | 'app-server', env: NodeJS.ProcessEnv): Promise<{ child: BenchChild<ChildCommand>; port: number }> {
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
      if (!data.toString().startsWith('{"event":"command"')) return;
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
  rssPerSocket: number;
  heapPerSocket: number;
  p50: number;
  p99: number;
  postP50: number;
  postP99: number;
}

function figures(fleet: Fleet, before: Memory, after: Memory, timings: { delays: number[]; responses: number[] }): Figures {
  return {
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

async function measureBaseline(): Promise<Figures> {
  const { child, port } = await startChild('baseline-server', { ...process.env });
  try {
    const base = `http://${HOST}:${port}`;
    const before = await child.request<Memory>({ type: 'memory' });
    const fleet = await phase(`connecting ${SOCKETS} sockets`, () =>
      openSockets(Array.from({ length: SOCKETS }, (_, i) => `ws://${HOST}:${port}/socket?i=${i}`)),
    );
    const after = await child.request<Memory>({ type: 'memory' });
    const timings = await phase(`${COMMANDS} pushes`, () =>
      commandDelays(
        fleet,
        (i) => (i * 7919) % SOCKETS,
        (_i, socket) => fetch(`${base}/push?i=${socket}`, { method: 'POST' }),
      ),
    );
    await closeSockets(fleet);
    return figures(fleet, before, after, timings);
  } finally {
    await child.stop();
  }
}

async function measureService(): Promise<Figures & { mintMs: number }> {
  const databaseUrl = process.env.DATABASE_URL!;
  const { runMigrations } = await import('../src/core/database/migrate');
  await runMigrations(databaseUrl);
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    BCRYPT_COST: '4',
    API_RATE_LIMIT: '100000000',
    MAIL_TRANSPORT: 'memory',
    BASE_URL: 'http://localhost:4000',
  };
  let { child, port } = await startChild('app-server', env);
  let base = `http://${HOST}:${port}`;
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  let workspaceId: string | undefined;
  let userId: string | undefined;
  try {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    const password = 'bench password 0123456789';
    const reg = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, agent_name: 'Bench', workspace_name: `Bench ${randomBytes(3).toString('hex')}` }),
    });
    const registered = (await reg.json()) as { workspace: { id: string }; user: { id: string } };
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(registered)}`);
    workspaceId = registered.workspace.id;
    userId = registered.user.id;

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

    const login = await fetch(`${base}/users/log-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('_agent_ops_key='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`log-in: ${login.status}`);

    // Tokens and session live in the database: measure on a fresh process, cold like the baseline,
    // so the memory that set-up (5,000 HTTP requests) left behind does not hide the sockets' own.
    await child.stop();
    ({ child, port } = await startChild('app-server', env));
    base = `http://${HOST}:${port}`;

    const before = await child.request<Memory>({ type: 'memory' });
    const fleet = await phase(`connecting ${SOCKETS} sockets`, () =>
      openSockets(tokens.map((token) => `ws://${HOST}:${port}/socket?socket_token=${token}`)),
    );
    const after = await child.request<Memory>({ type: 'memory' });
    const timings = await phase(`${COMMANDS} commands`, () =>
      commandDelays(
        fleet,
        (i) => (i * 7919) % SOCKETS,
        (i, socket) =>
          fetch(`${base}/api/v1/operator/agent_commands`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ service_agent_id: agents[socket].agentId, name: 'bench', payload: { i } }),
          }),
      ),
    );
    await closeSockets(fleet);
    return { ...figures(fleet, before, after, timings), mintMs };
  } finally {
    await child.stop();
    if (workspaceId) await db.query(`DELETE FROM workspaces WHERE id = $1`, [workspaceId]);
    if (userId) await db.query(`DELETE FROM users WHERE id = $1`, [userId]);
    await db.end();
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('DATABASE_URL and REDIS_URL are required (npm run bench:sockets sets them)');
  }
  const deadline = setTimeout(() => {
    process.stderr.write(`bench:sockets exceeded ${DEADLINE_MS / 1000} s\n`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  process.stdout.write(`bench:sockets: ${SOCKETS} sockets, ${COMMANDS} commands (node ${process.version}, ${os.cpus().length} cores)\n`);
  process.stdout.write('baseline: bare ws server...\n');
  const baseline = await measureBaseline();
  process.stdout.write('service: /socket with socket tokens...\n');
  const service = await measureService();

  const kib = (bytes: number) => bytes / 1024;
  const rows: [string, number, number, number][] = [
    ['connect all sockets (s)', baseline.connectMs / 1000, service.connectMs / 1000, 2],
    ['RSS per socket (KiB)', kib(baseline.rssPerSocket), kib(service.rssPerSocket), 1],
    ['heap per socket (KiB)', kib(baseline.heapPerSocket), kib(service.heapPerSocket), 1],
    ['command to arrival p50 (ms)', baseline.p50, service.p50, 2],
    ['command to arrival p99 (ms)', baseline.p99, service.p99, 2],
    ['POST response p50 (ms)', baseline.postP50, service.postP50, 2],
    ['POST response p99 (ms)', baseline.postP99, service.postP99, 2],
  ];
  const pad = (s: string, n: number) => s.padStart(n);
  process.stdout.write(`\n${'case'.padEnd(30)}${pad('bare ws', 12)}${pad('service', 12)}${pad('x baseline', 12)}\n`);
  for (const [label, b, s, digits] of rows) {
    process.stdout.write(`${label.padEnd(30)}${pad(b.toFixed(digits), 12)}${pad(s.toFixed(digits), 12)}${pad((s / b).toFixed(2), 12)}\n`);
  }
  const mintS = (service.mintMs / 1000).toFixed(2);
  process.stdout.write(`\nminting ${SOCKETS} socket tokens (POST /api/v1/socket_tokens, ${MINT_CONCURRENCY} in flight): ${mintS} s\n`);
  process.stdout.write(
    `service: ${((SOCKETS * service.rssPerSocket) / 1024 / 1024).toFixed(1)} MiB RSS for ${SOCKETS} sockets; ` +
      `commands: one at a time, each to one agent's socket; arrival is timed from just before the POST\n` +
      `(the baseline POST only writes a frame; the service's authenticates the session and stores the command)\n` +
      `load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
  );
}

const mode = process.argv[2];
const run = mode === 'baseline-server' ? baselineServer : mode === 'app-server' ? appServer : main;
run().catch((err: unknown) => {
  process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
