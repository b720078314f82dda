/**
 * Webhook fan-out and delivery: 10,000 domain events fanned out to 3 subscriptions of one
 * workspace, delivered to a local receiver (30,000 signed POSTs), printing deliveries per second
 * and the lag from the event (its outbox `inserted_at`, which is also the body's `created`) to its
 * arrival at the receiver, p50 and p99; then the lag at a steady 100 events a second.
 *
 * Baseline, measured in the same run on the same machine: a bare sender that POSTs the same
 * 30,000 bodies, signed the same way, to the same receiver with the same concurrency (no
 * database, no queue, no retry bookkeeping). Ratios are service / baseline.
 *
 * The receiver runs in this process; the sender and the service each in a child process. The
 * service boots the real AppModule (as main.ts does) on a database of its own
 * (`agentnet_bench_webhooks`, created and migrated here, dropped at the end) and the Redis db in
 * REDIS_URL (flushed), with QUEUE_WEBHOOKS_CONCURRENCY = BENCH_CONCURRENCY (default 16, the
 * shipped default). Only 127.0.0.1 is used.
 *
 *   npm run bench:webhooks     (BENCH_EVENTS, BENCH_CONCURRENCY override)
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { BenchChild, serveRequests } from './support/child';
import type { AddressInfo } from 'node:net';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const SUBSCRIPTIONS = 3;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PACED_EVENTS = Number(process.env.BENCH_PACED_EVENTS ?? 1000);
const PACED_RATE = 100; // events a second
const HOST = '127.0.0.1';
const DB_NAME = 'agentnet_bench_webhooks';
const DEADLINE_MS = 600_000;

type ChildRequest =
  | { type: 'baseline'; url: string; count: number; concurrency: number }
  | { type: 'setup'; urls: string[] }
  | { type: 'emit'; count: number; perTransaction: number; intervalMs: number }
  | { type: 'exit' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------
// children

/** The bare sender: the same bodies and signatures, POSTed with a keep-alive agent, `concurrency` at a time. */
async function baselineChild(): Promise<void> {
  serveRequests<ChildRequest>(async (req) => {
    if (req.type === 'exit') return setImmediate(() => process.exit(0));
    if (req.type !== 'baseline') throw new Error(`baseline: unexpected ${req.type}`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const key = randomBytes(32);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: req.concurrency }, async () => {
        while (next < req.count) {
          const i = next++;
          const id = randomUUID();
          const body = JSON.stringify({ id: randomUUID(), type: 'robot.claimed', created: new Date().toISOString(), data: { i } });
          const ts = Math.floor(Date.now() / 1000);
          const signature = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`;
          const t0 = performance.now();
          await new Promise<void>((resolve, reject) => {
            const r = http.request(
              req.url,
              {
                method: 'POST',
                agent,
                headers: {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(body),
                  'webhook-id': id,
                  'webhook-timestamp': String(ts),
                  'webhook-signature': signature,
                },
              },
              (res) => {
                res.resume();
                res.on('end', () => resolve());
              },
            );
            r.on('error', reject);
            r.end(body);
          });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    agent.destroy();
    return { ms: performance.now() - started, latencies };
  });
}

/** The service, built as main.ts builds it, with what the driver asks of it. */
async function serviceChild(): Promise<void> {
  const { NestFactory } = await import('@nestjs/core');
  const { Db } = await import('../src/core/database/db.service');
  const { AppModule } = await import('../src/app.module');
  const { configureApp } = await import('../src/bootstrap');
  const { ServiceExpressAdapter } = await import('../src/core/common/http/service-express.adapter');
  const { WorkspacesService } = await import('../src/identity');
  const { Outbox } = await import('../src/events');
  const { WebhookSubscriptionsService } = await import('../src/webhooks');
  const { runForRequest } = await import('../src/core/common/http/request-context');
  const { SYSTEM_ACTOR } = await import('../src/auth');
  const app = await NestFactory.create<import('@nestjs/platform-express').NestExpressApplication>(AppModule, new ServiceExpressAdapter(), {
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  await app.listen(0, HOST);
  const db = app.get(Db);
  let workspaceId = '';
  serveRequests<ChildRequest>(async (req) => {
    if (req.type === 'exit') {
      await app.close();
      return setImmediate(() => process.exit(0));
    }
    if (req.type === 'setup') {
      const workspace = await db.transaction((m) =>
        app.get(WorkspacesService).create(m, `bench-${randomBytes(3).toString('hex')}`, 'enterprise'),
      );
      workspaceId = workspace.id;
      const subscriptions = app.get(WebhookSubscriptionsService);
      const secrets: string[] = [];
      // The service audits every change with the actor of the request it runs for: the bench's
      // setup is that request, made by the system (as a job's would be).
      const asSystem = {
        principal: { kind: 'operator', actor: SYSTEM_ACTOR },
        headers: {},
        socket: {},
      } as unknown as import('express').Request;
      for (const url of req.urls) {
        const created = await runForRequest(asSystem, () => subscriptions.create(workspaceId, { url, event_types: ['robot.claimed'] }));
        secrets.push(created.secret);
      }
      return secrets;
    }
    if (req.type !== 'emit') throw new Error(`service: unexpected ${req.type}`);
    const outbox = app.get(Outbox);
    for (let done = 0; done < req.count; done += req.perTransaction) {
      const batch = Math.min(req.perTransaction, req.count - done);
      await db.transaction(async (m) => {
        for (let i = 0; i < batch; i++) await outbox.record(m, workspaceId, 'robot.claimed', { i: done + i });
      });
      if (req.intervalMs > 0) await new Promise((r) => setTimeout(r, req.intervalMs));
    }
    return undefined;
  });
}

// ---------------------------------------------------------------------------------------------
// driver

/** A child of this bench in `mode`, once it said it is ready. */
async function startChild(mode: 'baseline' | 'service', env: NodeJS.ProcessEnv): Promise<BenchChild<ChildRequest>> {
  const profile =
    process.env.BENCH_PROFILE_DIR && mode === 'service' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const { child } = await BenchChild.start<ChildRequest, true>(__filename, mode, env, {
    execArgv: profile,
    ready: (msg) => (msg.type === 'ready' ? true : undefined),
  });
  return child;
}

interface Arrival {
  path: string;
  webhookId: string;
  created: number;
  at: number;
}

/** The local receiver: answers 200 at once and notes when each delivery arrived. */
async function receiver(): Promise<{ url: (path: string) => string; arrivals: Arrival[]; close: () => Promise<void> }> {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created: string };
      arrivals.push({ path: req.url ?? '', webhookId: String(req.headers['webhook-id']), created: Date.parse(body.created), at });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://${HOST}:${port}${path}`,
    arrivals,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function until(what: string, check: () => boolean, deadline: number): Promise<void> {
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main(): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  const adminUrl = process.env.DATABASE_URL!;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${DB_NAME}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const { runMigrations } = await import('../src/core/database/migrate');
  await runMigrations(benchUrl.toString());
  const Redis = (await import('ioredis')).default;
  const redis = new Redis(process.env.REDIS_URL!);
  await redis.flushdb();
  await redis.quit();

  const rx = await receiver();
  const total = EVENTS * SUBSCRIPTIONS;
  const children: BenchChild<ChildRequest>[] = [];
  try {
    // baseline: the bare sender
    const bare = await startChild('baseline', { ...process.env });
    children.push(bare);
    const bareResult = await bare.request<{ ms: number; latencies: number[] }>({
      type: 'baseline',
      url: rx.url('/baseline'),
      count: total,
      concurrency: CONCURRENCY,
    });
    await bare.stop();
    const bareLatency = sortedOf(bareResult.latencies);
    const bareRate = total / (bareResult.ms / 1000);

    // the service
    const service = await startChild('service', {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: benchUrl.toString(),
      LOG_LEVEL: 'silent',
      WEBHOOK_URL_POLICY: 'any',
      QUEUE_WEBHOOKS_CONCURRENCY: String(CONCURRENCY),
      BCRYPT_COST: '4',
    });
    children.push(service);
    const paths = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `/s${i}`);
    await service.request<string[]>({ type: 'setup', urls: paths.map(rx.url) });

    const before = rx.arrivals.length;
    const started = Date.now();
    await service.request({ type: 'emit', count: EVENTS, perTransaction: 100, intervalMs: 0 });
    const committed = Date.now();
    await until(`${total} deliveries`, () => rx.arrivals.length - before >= total, deadline);
    const burst = rx.arrivals.slice(before);
    const elapsed = Math.max(...burst.map((a) => a.at)) - started;
    const rate = total / (elapsed / 1000);
    const burstLag = sortedOf(burst.map((a) => a.at - a.created));
    const distinct = new Set(burst.map((a) => a.webhookId)).size;

    const pacedBefore = rx.arrivals.length;
    await service.request({ type: 'emit', count: PACED_EVENTS, perTransaction: 1, intervalMs: 1000 / PACED_RATE });
    await until(
      `${PACED_EVENTS * SUBSCRIPTIONS} paced deliveries`,
      () => rx.arrivals.length - pacedBefore >= PACED_EVENTS * SUBSCRIPTIONS,
      deadline,
    );
    const pacedLag = sortedOf(rx.arrivals.slice(pacedBefore).map((a) => a.at - a.created));
    await service.stop();

    const row = (name: string, value: string, base: string, ratio: string) => console.log(`| ${name} | ${value} | ${base} | ${ratio} |`);
    console.log(
      `\nWebhook delivery, ${EVENTS} events x ${SUBSCRIPTIONS} subscriptions = ${total} deliveries, concurrency ${CONCURRENCY} (node ${process.version})`,
    );
    console.log('| measure | service | baseline (bare signed POSTs) | service / baseline |');
    console.log('|---|---:|---:|---:|');
    row('deliveries per second (burst)', rate.toFixed(0), bareRate.toFixed(0), (rate / bareRate).toFixed(2));
    row(
      'lag p50, ms (burst: event to arrival; baseline: request)',
      String(percentile(burstLag, 50)),
      percentile(bareLatency, 50).toFixed(1),
      '',
    );
    row('lag p99, ms (burst)', String(percentile(burstLag, 99)), percentile(bareLatency, 99).toFixed(1), '');
    row(
      `lag p50, ms (steady ${PACED_RATE} events/s)`,
      String(percentile(pacedLag, 50)),
      percentile(bareLatency, 50).toFixed(1),
      (percentile(pacedLag, 50) / percentile(bareLatency, 50)).toFixed(1),
    );
    row(
      `lag p99, ms (steady ${PACED_RATE} events/s)`,
      String(percentile(pacedLag, 99)),
      percentile(bareLatency, 99).toFixed(1),
      (percentile(pacedLag, 99) / percentile(bareLatency, 99)).toFixed(1),
    );
    console.log(
      `\nevents committed in ${committed - started} ms; ${distinct} distinct webhook-ids for ${burst.length} burst deliveries (duplicates: ${burst.length - distinct})`,
    );
  } finally {
    for (const child of children) if (child.proc.exitCode === null) child.proc.kill('SIGKILL');
    await rx.close();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

const mode = process.argv[2];
if (mode === 'baseline') void baselineChild();
else if (mode === 'service') void serviceChild();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
