/**
 * A soak of the production build at half its measured capacity: does anything grow or slow down
 * over time that a 10-second case cannot show (a leak of memory, of database or Redis
 * connections, a latency that creeps up)?
 *
 * 1. Set-up: an enterprise workspace with its agk_ key and 1,000 messages, fleet tokens, and
 *    BENCH_SOAK_SOCKETS (300) robots claimed through a fleet token that holds a live socket each
 *    (agent_commands:read and sockets:connect: no events:read, so a socket receives its commands,
 *    not every event of the workspace; bench:simulator measures that fan-out).
 * 2. Capacity: the request mix in a closed loop of BENCH_CONNECTIONS (50) clients, warm-up then
 *    BENCH_DURATION s (harness.ts). The mix, by count: 74% authenticated reads
 *    (GET /api/v1/messages?limit=10, agk_ key), 25% message writes (POST /api/v1/messages), 1%
 *    enrollment claims (POST /api/v1/enrollments/claim, a new serial each).
 * 3. Soak: the same mix at BENCH_SOAK_LOAD (0.5) x that capacity, as an open loop (requests are
 *    sent on schedule whether or not earlier ones have answered; latency counts from the
 *    scheduled time, so a stall is not hidden), plus BENCH_SOAK_COMMANDS (10) operator commands
 *    a second (POST /api/v1/operator/agent_commands), round robin over the sockets, each timed from
 *    its POST to its arrival on the robot's socket; the robot answers it with command_result.
 *    Every ~10 s it samples the service's RSS and heap (its /metrics: process_resident_memory_bytes,
 *    nodejs_heap_size_used_bytes), the database's connections (pg_stat_activity), the Redis
 *    clients on the benchmark's db (CLIENT LIST; INFO's connected_clients is the whole server's,
 *    shared with other checkouts, and printed for information), the open sockets, and what
 *    Postgres did (WAL written, full-page images, checkpoints, autovacuum runs by table: printed
 *    per window beside its p99, so a slow minute can be told apart). Each second it also reads
 *    the service's memory, printed per window as heap used and committed and external memory
 *    (from /metrics), and what is resident in V8's heap pages, other anonymous memory and code
 *    (from /proc/<pid>/smaps, every 10 s). A control,
 *    a bare node:http server asked GET /health 20 times a second all along, gives the host's own
 *    p99 per window (other tenants of the machine), to tell their noise from the service's drift.
 *
 * Verdicts, comparing the last window (a minute) with the first window after the warm-up (the
 * first 2 minutes): heap used grew less than 10% (the lowest sample of each window, the trough
 * after a collection: a leak raises the troughs); RSS grew less than 10% (window medians, from the
 * first window after the warm-up whose committed heap is within 10% of the last's: V8 resizes its
 * heap in big steps, giving most of it back after a major collection and growing it again); Postgres and Redis connections flat (the last
 * window's lowest within 2, or 10%, of the first's: a leaked connection raises the lowest, a
 * burst only the highest); p99 stable (for the HTTP mix and for
 * command delivery, the median p99 of the last 3 windows within 1.5x of the median of the first
 * 3 after the warm-up; each kind's p99 per window is printed); no failure
 * (errors, non-2xx, requests the generator had to skip, sockets closed, commands not delivered).
 * Exits non-zero when one fails (with BENCH_SMOKE=1, only when the last fails). The last line
 * is issue 58's target, "the 10-minute soak flat": every verdict met, on a run of 10 minutes or
 * more (a shorter run says it is not judged). Writes bench/results/soak-*.json.
 *
 * Run through `npm run bench:soak` (bench/run.sh starts Postgres and Redis, builds, and gives the
 * run a fresh database). `npm run bench:soak -- --minutes 1` for a quick try: windows are then a
 * fifth of the run (at most a minute) and the warm-up one window (at most two).
 * Options (or env): --minutes (BENCH_SOAK_MINUTES, 10), --warmup-minutes (BENCH_SOAK_WARMUP_MINUTES),
 * --load (BENCH_SOAK_LOAD, 0.5), --rate (BENCH_SOAK_RATE: req/s, instead of --load x capacity), --sockets (BENCH_SOAK_SOCKETS, 300), --commands
 * (BENCH_SOAK_COMMANDS, commands per second, 10).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { Client } from 'pg';
import WebSocket from 'ws';
import {
  closedLoop,
  CONNECTIONS,
  DATABASE_URL,
  DURATION,
  json,
  METRICS_TOKEN,
  productionEnv,
  REDIS_URL,
  startProcess,
  WARMUP,
} from './harness';
import { BENCH_PUBLIC_URL } from './processes';
import { writeResults } from './support/results';
import { rssBaselineWindow } from './support/soak-baseline';
import { enterpriseWorkspace, seedMessages, sessionCookie } from './support/workspace';

/** One reading of the service's memory (bytes). */
interface MemorySample {
  rss: number;
  heap: number;
  heapTotal: number;
  external: number;
}

interface ResidentParts {
  v8Pages: number;
  otherAnon: number;
  file: number;
}

/**
 * Where a local process's resident memory is, in bytes, from /proc/<pid>/smaps (NaN where there is
 * no /proc): `v8Pages`, anonymous mappings of exactly V8's page size (256 KiB: the heap's regular
 * pages, which V8 maps one by one); `otherAnon`, every other anonymous mapping (malloc's arenas
 * and brk heap, V8's large objects, stacks); `file`, file-backed pages (the node binary's code as
 * it is touched). Read every 10 s, not every second: the kernel walks every mapping for it; read
 * off the event loop, which schedules the load.
 */
async function residentParts(pid: number | undefined): Promise<ResidentParts> {
  const parts: ResidentParts = { v8Pages: 0, otherAnon: 0, file: 0 };
  let kind: keyof ResidentParts = 'otherAnon';
  try {
    for (const line of (await readFile(`/proc/${pid}/smaps`, 'utf8')).split('\n')) {
      const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (mapping) {
        const bytes = parseInt(mapping[2], 16) - parseInt(mapping[1], 16);
        const name = mapping[3].trim();
        kind = name.startsWith('/') ? 'file' : name === '' && bytes === V8_PAGE_BYTES ? 'v8Pages' : 'otherAnon';
      } else if (line.startsWith('Rss:')) {
        parts[kind] += Number(line.split(/\s+/)[1]) * 1024;
      }
    }
    return parts;
  } catch {
    return { v8Pages: NaN, otherAnon: NaN, file: NaN };
  }
}

/** V8's regular heap page (kPageSize since V8 10), each its own mapping. */
const V8_PAGE_BYTES = 256 * 1024;

function option(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[env];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} / ${env}: not a positive number: ${raw}`);
  return value;
}

const MINUTES = option('minutes', 'BENCH_SOAK_MINUTES', 10);
const TOTAL_S = MINUTES * 60;
/** Windows of a minute (p99 per minute), or a fifth of a short run. */
const WINDOW_S = Math.min(60, TOTAL_S / 5);
const WINDOWS = Math.round(TOTAL_S / WINDOW_S);
/** The first 2 minutes (a fifth of a short run), in whole windows; at least two windows follow. */
const WARMUP_S = option('warmup-minutes', 'BENCH_SOAK_WARMUP_MINUTES', Math.min(2, MINUTES / 5)) * 60;
const WARMUP_WINDOWS = Math.min(WINDOWS - 2, Math.max(1, Math.round(WARMUP_S / WINDOW_S)));
const SAMPLE_S = Math.min(10, WINDOW_S / 3);
const MEMORY_SAMPLE_S = 1;
const LOAD = option('load', 'BENCH_SOAK_LOAD', 0.5);
/** --rate: the soak's request rate itself (req/s) instead of LOAD x capacity, to compare two runs at one rate. */
const FIXED_RATE = process.argv.includes('--rate') || process.env.BENCH_SOAK_RATE ? option('rate', 'BENCH_SOAK_RATE', 1) : undefined;
const SOCKETS = Math.round(option('sockets', 'BENCH_SOAK_SOCKETS', 300));
const COMMANDS_PER_S = option('commands', 'BENCH_SOAK_COMMANDS', 10);
/** Requests in flight beyond which the generator skips a request (and the soak fails). */
const MAX_IN_FLIGHT = 2000;
const ENROLLMENT_MAX_CLAIMS = 100_000;

const MEMORY_GROWTH_LIMIT = 0.1;
/** The committed heap has settled in a window whose median is within this share of the last window's, either way. */
const HEAP_SETTLED = 0.1;
const P99_LIMIT = 1.5;
/** Issue 58's target: a soak of this many minutes, every verdict met (a shorter run is not judged on it). */
const SOAK_TARGET_MINUTES = 10;
/** p99 stability compares the median p99 of this many windows at the end with this many right after the warm-up. */
const TREND_WINDOWS = 3;
const CONNECTION_SLACK = (first: number) => Math.max(2, Math.ceil(first * 0.1));

type Kind = 'read' | 'write' | 'claim' | 'command' | 'control';
const KINDS: Kind[] = ['read', 'write', 'claim', 'command', 'control'];
const KIND_LABEL: Record<Kind, string> = {
  read: 'GET /api/v1/messages?limit=10',
  write: 'POST /api/v1/messages',
  claim: 'POST /api/v1/enrollments/claim',
  command: 'command POST -> socket',
  control: 'control: bare node:http GET /health',
};
/** Requests a second to the control, a bare node:http server: the host's own noise, per window. */
const CONTROL_PER_S = 20;
/** The mix by count, in a fixed order of 100: 74 reads, 25 writes, 1 claim. */
const MIX: Kind[] = Array.from({ length: 100 }, (_, i) => (i === 50 ? 'claim' : i % 4 === 1 ? 'write' : 'read'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const mib = (bytes: number) => bytes / 1024 / 1024;

/** Latencies and failures per window of the soak. */
class Recorder {
  readonly latencies: Array<Record<Kind, number[]>> = [];
  readonly failures: number[] = [];
  readonly failureKinds = new Map<string, number>();
  constructor(private readonly start: number) {}
  private window(at: number): number {
    return Math.min(WINDOWS - 1, Math.max(0, Math.floor((at - this.start) / 1000 / WINDOW_S)));
  }
  ok(kind: Kind, at: number, ms: number): void {
    const w = this.window(at);
    this.latencies[w] ??= { read: [], write: [], claim: [], command: [], control: [] };
    this.latencies[w][kind].push(ms);
  }
  fail(what: string, at: number): void {
    const w = this.window(at);
    this.failures[w] = (this.failures[w] ?? 0) + 1;
    this.failureKinds.set(what, (this.failureKinds.get(what) ?? 0) + 1);
  }
}

interface Sample {
  t: number;
  rss: number;
  heap: number;
  /** The lowest heap used of the one-second samples since the previous row. */
  heapLow: number;
  pg: number;
  redisDb: number;
  redisServer: number;
  sockets: number;
  rps: number;
  /** Postgres's cumulative counters at this sample, for what it did in each window. */
  postgres: PostgresWork;
  /** Where the service's RSS is (residentParts). */
  resident: ResidentParts;
}

/** Cumulative counters of what Postgres did (its own statistics views): WAL, checkpoints, autovacuum. */
interface PostgresWork {
  walBytes: number;
  /** full-page images written to the WAL (the first change of a page after a checkpoint) */
  walFpi: number;
  checkpoints: number;
  checkpointBuffers: number;
  /** autovacuum runs so far (not autoanalyze: it writes next to no WAL), by table of the benchmark's database */
  autovacuums: Record<string, number>;
}

/** The statement reading the checkpointer's counters: pg_stat_checkpointer (PostgreSQL 17) or pg_stat_bgwriter (before it). */
async function checkpointerQuery(db: Client): Promise<string> {
  return (await db.query(`SELECT to_regclass('pg_catalog.pg_stat_checkpointer') IS NOT NULL AS v17`)).rows[0].v17
    ? `SELECT (num_timed + num_requested)::float8 AS n, buffers_written::float8 AS buffers FROM pg_stat_checkpointer`
    : `SELECT (checkpoints_timed + checkpoints_req)::float8 AS n, buffers_checkpoint::float8 AS buffers FROM pg_stat_bgwriter`;
}

/** PostgresWork now (`checkpointer`: checkpointerQuery's statement). */
async function postgresWork(db: Client, checkpointer: string): Promise<PostgresWork> {
  const [wal] = (await db.query(`SELECT wal_bytes::float8 AS bytes, wal_fpi::float8 AS fpi FROM pg_stat_wal`)).rows;
  const [cp] = (await db.query(checkpointer)).rows;
  const tables = (await db.query(`SELECT relname, autovacuum_count::int AS n FROM pg_stat_user_tables`)).rows;
  return {
    walBytes: wal.bytes,
    walFpi: wal.fpi,
    checkpoints: cp.n,
    checkpointBuffers: cp.buffers,
    autovacuums: Object.fromEntries(tables.map((t: { relname: string; n: number }) => [t.relname, t.n])),
  };
}

async function main(): Promise<void> {
  const control = await startProcess('node');
  const service = await startProcess('service', productionEnv()).catch(async (err) => {
    await control.stop();
    throw err;
  });
  const base = service.base;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let keepAliveRaces = 0;
  /**
   * One request on keep-alive connections; resolves with the status (the body is drained). A
   * request that meets a reset on a reused connection, before any answer, is sent once more on a
   * new one, as Node's documentation advises (and browsers and undici do): the server closed that
   * idle connection as the request went out, so the service never saw it. Counted and printed.
   */
  const send = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
    to = base,
    retried = false,
  ): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(to);
      let answered = false;
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path,
          agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          answered = true;
          res.on('error', reject);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.resume();
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!retried && !answered && req.reusedSocket && err.code === 'ECONNRESET') {
          keepAliveRaces++;
          resolve(send(method, path, headers, body, to, true));
        } else reject(err);
      });
      req.end(body);
    });

  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const redisDb = new URL(REDIS_URL).pathname.replace('/', '') || '0';
  const runId = randomBytes(4).toString('hex');
  const sockets: WebSocket[] = [];
  let closing = false;
  let unexpectedCloses = 0;
  try {
    // ---- set-up
    process.stderr.write(`set-up: workspace, ${SOCKETS} robots with a socket each\n`);
    const ws = await enterpriseWorkspace(base, db, 'Soak');
    const { apiKey: key } = ws;
    await seedMessages(db, ws, 1000, 'soak');
    const cookie = await sessionCookie(base, ws.email, ws.password);
    const enrollmentToken = async (body: object): Promise<string> =>
      (await json(base, '/api/v1/operator/enrollment_tokens', { method: 'POST', headers: { cookie }, json: body })).body.enrollment_token
        .token;
    // Claims of the load: a fleet token per 100,000 (its maximum), made as they are needed.
    const claimTokens: string[] = [];
    const claimToken = async (n: number): Promise<string> => {
      const i = Math.floor(n / ENROLLMENT_MAX_CLAIMS);
      while (claimTokens.length <= i) claimTokens.push(await enrollmentToken({ max_claims: ENROLLMENT_MAX_CLAIMS, expires_in: 86_400 }));
      return claimTokens[i];
    };
    await claimToken(0);
    const fleetToken = await enrollmentToken({
      max_claims: SOCKETS,
      expires_in: 86_400,
      scopes: ['agent_commands:read', 'sockets:connect'],
    });

    // Commands: sent at (ms) by nonce, and the robot each socket belongs to.
    const sentAt = new Map<string, number>();
    // eslint-disable-next-line prefer-const -- set when the soak starts; the socket handlers above read it before then
    let recorder: Recorder | undefined;
    const robots: string[] = [];
    const wsBase = base.replace(/^http/, 'ws');
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < SOCKETS) {
          const i = next++;
          const claim = await json(base, '/api/v1/enrollments/claim', {
            method: 'POST',
            json: { token: fleetToken, serial_number: `SOAK-SOCKET-${runId}-${i}` },
          });
          const minted = await json(base, '/api/v1/socket_tokens', {
            method: 'POST',
            headers: { authorization: `Bearer ${claim.body.access_token.token}` },
          });
          const ws = new WebSocket(`${wsBase}/socket?socket_token=${minted.body.socket_token}`, {
            headers: { origin: BENCH_PUBLIC_URL },
            perMessageDeflate: false,
          });
          await new Promise<void>((resolve, reject) => {
            ws.once('error', reject);
            ws.once('unexpected-response', (_req, res) => reject(new Error(`socket ${i}: upgrade refused ${res.statusCode}`)));
            ws.on('open', () => ws.send(JSON.stringify({ event: 'ready', ref: 'ready', payload: {} })));
            ws.on('message', (data) => {
              const frame = JSON.parse((data as Buffer).toString()); // ws delivers a Buffer (binaryType 'nodebuffer')
              if (frame.event === 'reply' && frame.ref === 'ready') resolve();
              else if (frame.event === 'command') {
                const command = frame.payload.agent_command;
                const nonce: string | undefined = command.payload?.nonce;
                const at = performance.now();
                const t0 = nonce === undefined ? undefined : sentAt.get(nonce);
                if (t0 !== undefined) {
                  sentAt.delete(nonce!);
                  recorder?.ok('command', at, at - t0);
                }
                ws.send(
                  JSON.stringify({
                    event: 'command_result',
                    ref: nonce,
                    payload: { command_id: command.id, status: 'succeeded', result: {} },
                  }),
                );
              } else if (frame.event === 'reply' && frame.status === 'error') {
                recorder?.fail(`socket reply: ${frame.payload?.reason}`, performance.now());
              }
            });
          });
          ws.on('close', () => {
            if (!closing) unexpectedCloses++;
          });
          sockets[i] = ws;
          robots[i] = claim.body.api_key.service_agent_id;
        }
      }),
    );

    // ---- the mix
    let claims = 0;
    let writes = 0;
    const machine = { authorization: `Bearer ${key}` };
    const machineJson = { ...machine, 'content-type': 'application/json' };
    const request = async (kind: Kind): Promise<number> => {
      if (kind === 'read') return send('GET', '/api/v1/messages?limit=10', machine);
      if (kind === 'write')
        return send('POST', '/api/v1/messages', machineJson, JSON.stringify({ body: `soak message ${writes++}`, channel: 'soak' }));
      const n = claims++;
      return send(
        'POST',
        '/api/v1/enrollments/claim',
        { 'content-type': 'application/json' },
        JSON.stringify({ token: await claimToken(n), serial_number: `SOAK-${runId}-${n}` }),
      );
    };

    process.stderr.write(`capacity: the mix, ${CONNECTIONS} clients in a closed loop, ${WARMUP} s warm-up + ${DURATION} s\n`);
    const capacity = await closedLoop('capacity (74% reads, 25% writes, 1% claims)', CONNECTIONS, (i) => request(MIX[i % MIX.length]));
    if (capacity.errors > 0 || capacity.non2xx > 0) throw new Error(`capacity run: ${capacity.errors} errors, ${capacity.non2xx} non-2xx`);
    const rate = FIXED_RATE ?? capacity.rps * LOAD;
    const rateLabel = FIXED_RATE
      ? `${(rate / capacity.rps).toFixed(2)} x ${capacity.rps.toFixed(0)}, fixed by --rate`
      : `${LOAD} x ${capacity.rps.toFixed(0)}`;

    // ---- the soak
    process.stderr.write(
      `soak: ${MINUTES} min at ${rate.toFixed(0)} req/s (${rateLabel}), ${COMMANDS_PER_S} commands/s over ${SOCKETS} sockets; ` +
        `windows of ${WINDOW_S} s, warm-up ${WARMUP_WINDOWS} window(s), a sample every ${SAMPLE_S} s\n`,
    );
    const start = performance.now();
    const rec = new Recorder(start);
    recorder = rec;
    const end = start + TOTAL_S * 1000;
    let completed = 0;
    let skipped = 0;

    /** Sends `issue(n)` at `perSecond`, on schedule, until the end; latency counts from the schedule. */
    const openLoop = async (perSecond: number, issue: (n: number, scheduled: number) => Promise<void>): Promise<void> => {
      let issued = 0;
      let inFlight = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const now = performance.now();
          // request n is due at start + n / perSecond
          const due = Math.min(Math.floor(((Math.min(now, end) - start) / 1000) * perSecond) + 1, Math.floor(TOTAL_S * perSecond));
          while (issued < due) {
            const n = issued++;
            const scheduled = start + (n / perSecond) * 1000;
            if (inFlight >= MAX_IN_FLIGHT) {
              skipped++;
              rec.fail('skipped: too many in flight', scheduled);
              continue;
            }
            inFlight++;
            void issue(n, scheduled).finally(() => inFlight--);
          }
          if (now >= end) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      while (inFlight > 0) await sleep(20);
    };

    const load = openLoop(rate, async (n, scheduled) => {
      const kind = MIX[n % MIX.length];
      try {
        const status = await request(kind);
        const at = performance.now();
        completed++;
        if (status >= 200 && status < 300) rec.ok(kind, at, at - scheduled);
        else rec.fail(`${KIND_LABEL[kind]}: ${status}`, at);
      } catch (err) {
        rec.fail(`${KIND_LABEL[kind]}: ${(err as Error).message}`, performance.now());
      }
    });
    const commands = openLoop(COMMANDS_PER_S, async (n) => {
      const nonce = randomUUID();
      sentAt.set(nonce, performance.now());
      try {
        const status = await send(
          'POST',
          '/api/v1/operator/agent_commands',
          { cookie, 'content-type': 'application/json' },
          JSON.stringify({ service_agent_id: robots[n % robots.length], name: 'soak.ping', payload: { nonce, n } }),
        );
        if (status !== 201) {
          sentAt.delete(nonce);
          rec.fail(`POST /api/v1/operator/agent_commands: ${status}`, performance.now());
        }
      } catch (err) {
        sentAt.delete(nonce);
        rec.fail(`POST /api/v1/operator/agent_commands: ${(err as Error).message}`, performance.now());
      }
    });

    const controls = openLoop(CONTROL_PER_S, async (_n, scheduled) => {
      try {
        const status = await send('GET', '/health', {}, undefined, control.base);
        const at = performance.now();
        if (status === 200) rec.ok('control', at, at - scheduled);
        else rec.fail(`control: ${status}`, at);
      } catch (err) {
        rec.fail(`control: ${(err as Error).message}`, performance.now());
      }
    });

    /**
     * The longest event-loop delay since the scrape before (prom-client's
     * nodejs_eventloop_lag_max_seconds, reset at each scrape), from every scrape: whether a slow
     * minute was the service's own event loop held up, or something it waited on.
     */
    const loopDelays: Array<{ t: number; maxMs: number }> = [];
    /** RSS, heap used and committed, and external memory (Buffers and the like), from the service's own /metrics. */
    const memory = async (): Promise<MemorySample> => {
      const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const gauge = (name: string) => {
        const m = new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(metrics);
        if (!m) throw new Error(`/metrics has no ${name}`);
        return Number(m[1]);
      };
      loopDelays.push({ t: (performance.now() - start) / 1000, maxMs: gauge('nodejs_eventloop_lag_max_seconds') * 1000 });
      return {
        rss: gauge('process_resident_memory_bytes'),
        heap: gauge('nodejs_heap_size_used_bytes'),
        heapTotal: gauge('nodejs_heap_size_total_bytes'),
        external: gauge('nodejs_external_memory_bytes'),
      };
    };
    // Memory every second as well: the heap is a saw tooth (tens of MiB between collections), and
    // its troughs, which a leak raises, need denser samples than the table's.
    const memorySamples: Array<{ t: number } & MemorySample> = [];
    const memorySampler = (async () => {
      for (let k = 0; start + k * MEMORY_SAMPLE_S * 1000 <= end; k++) {
        await sleep(Math.max(0, start + k * MEMORY_SAMPLE_S * 1000 - performance.now()));
        memorySamples.push({ t: (performance.now() - start) / 1000, ...(await memory()) });
      }
    })();

    const checkpointer = await checkpointerQuery(db);
    const samples: Sample[] = [];
    const sampler = (async () => {
      let lastCompleted = 0;
      let lastAt = start;
      for (let k = 0; ; k++) {
        const due = start + k * SAMPLE_S * 1000;
        if (due > end) break;
        await sleep(Math.max(0, due - performance.now()));
        const { rss, heap } = await memory();
        const since = (lastAt - start) / 1000;
        const heapLow = Math.min(heap, ...memorySamples.filter((m) => m.t >= since).map((m) => m.heap));
        const [{ count: pg }] = (await db.query(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database()`))
          .rows;
        const postgres = await postgresWork(db, checkpointer);
        const resident = await residentParts(service.child.pid);
        const info = await redis.info('clients');
        const clients = (await redis.call('CLIENT', 'LIST')) as string;
        const now = performance.now();
        const sample: Sample = {
          t: Math.round((now - start) / 1000),
          rss,
          heap,
          heapLow,
          pg,
          redisDb: clients.split('\n').filter((line) => new RegExp(`\\bdb=${redisDb}\\b`).test(line)).length,
          redisServer: Number(/connected_clients:(\d+)/.exec(info)?.[1] ?? NaN),
          sockets: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
          // completions since the previous row (none before the first)
          rps: k === 0 ? NaN : ((completed - lastCompleted) / (now - lastAt)) * 1000,
          postgres,
          resident,
        };
        lastCompleted = completed;
        lastAt = now;
        samples.push(sample);
        process.stderr.write(
          `  t=${sample.t}s rss ${mib(sample.rss).toFixed(1)} MiB, heap ${mib(sample.heap).toFixed(1)} MiB, pg ${sample.pg}, redis ${sample.redisDb} ` +
            `(server ${sample.redisServer}), sockets ${sample.sockets}, ${sample.rps.toFixed(0)} req/s, failures ${rec.failures.reduce((a, b) => a + (b ?? 0), 0)}\n`,
        );
      }
    })();
    await Promise.all([load, commands, controls, sampler, memorySampler]);
    // Commands still on their way get 10 s to arrive.
    const deadline = performance.now() + 10_000;
    while (sentAt.size > 0 && performance.now() < deadline) await sleep(50);
    const undelivered = sentAt.size;
    for (let i = 0; i < undelivered; i++) rec.fail('command not delivered within 10 s', end);
    const socketsOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;

    // ---- report
    /** The window a sample (of any kind: t in seconds from the start) falls in; the last one takes the tail. */
    const windowOf = (s: { t: number }) => Math.min(WINDOWS - 1, Math.floor(s.t / WINDOW_S));
    const inWindow = (w: number) => samples.filter((s) => windowOf(s) === w);
    const first = WARMUP_WINDOWS;
    const last = WINDOWS - 1;
    const minOf = (w: number, k: 'rss' | 'heap') => Math.min(...memorySamples.filter((m) => windowOf(m) === w).map((m) => m[k]));
    const maxOf = (w: number, k: 'pg' | 'redisDb') => Math.max(...inWindow(w).map((s) => s[k]));
    const lowOf = (w: number, k: 'pg' | 'redisDb') => Math.min(...inWindow(w).map((s) => s[k]));
    const kinds = KINDS;
    const sorted = Array.from(
      { length: WINDOWS },
      (_, w) =>
        Object.fromEntries(kinds.map((k) => [k, [...(rec.latencies[w]?.[k] ?? [])].sort((a, b) => a - b)])) as Record<Kind, number[]>,
    );
    const p99 = (w: number, k: Kind | 'http') =>
      percentile(
        k === 'http'
          ? (['read', 'write', 'claim'] as Kind[]).flatMap((x) => sorted[w]?.[x] ?? []).sort((a, b) => a - b)
          : (sorted[w]?.[k] ?? []),
        99,
      );
    const count = (w: number) => (['read', 'write', 'claim'] as Kind[]).reduce((n, k) => n + (sorted[w]?.[k].length ?? 0), 0);

    /** `failure`: the verdict a smoke run (BENCH_SMOKE=1) is judged on too; the others need a real run's length. */
    const verdicts: Array<{ verdict: string; measured: string; met: boolean; failure?: true }> = [];
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const medianOf = (w: number, f: (m: MemorySample) => number) => median(memorySamples.filter((m) => windowOf(m) === w).map(f)) ?? NaN;
    // RSS is judged from the first window after the warm-up whose committed heap is within
    // HEAP_SETTLED of the last window's (rssBaselineWindow: V8 resizes its heap in big steps, and
    // RSS with it), median against median. The heap's own verdict keeps the lowest samples, the
    // troughs after a collection, which a leak raises.
    const heapCommitted = Array.from({ length: WINDOWS }, (_, w) => medianOf(w, (m) => m.heapTotal));
    const rssFrom = rssBaselineWindow(heapCommitted, first, last, HEAP_SETTLED);
    {
      const a = medianOf(rssFrom, (m) => m.rss);
      const b = medianOf(last, (m) => m.rss);
      const passed =
        rssFrom > first
          ? `; windows ${first + 1}-${rssFrom} passed over, their committed heap more than ${HEAP_SETTLED * 100}% off the last's`
          : '';
      verdicts.push({
        verdict: `RSS growth after warm-up < ${MEMORY_GROWTH_LIMIT * 100}% (median of the one-second samples, from the first window whose heap has settled)`,
        measured: `window ${rssFrom + 1} -> ${last + 1}: ${mib(a).toFixed(1)} -> ${mib(b).toFixed(1)} MiB (${((b / a - 1) * 100).toFixed(1)}%)${passed}`,
        met: b / a - 1 < MEMORY_GROWTH_LIMIT,
      });
    }
    {
      const a = minOf(first, 'heap');
      const b = minOf(last, 'heap');
      verdicts.push({
        verdict: `heap used growth after warm-up < ${MEMORY_GROWTH_LIMIT * 100}% (lowest of the one-second samples, window ${first + 1} -> ${last + 1})`,
        measured: `${mib(a).toFixed(1)} -> ${mib(b).toFixed(1)} MiB (${((b / a - 1) * 100).toFixed(1)}%)`,
        met: b / a - 1 < MEMORY_GROWTH_LIMIT,
      });
    }
    for (const [k, label] of [
      ['pg', 'Postgres connections'],
      ['redisDb', `Redis clients on db ${redisDb}`],
    ] as const) {
      // A leaked connection never comes back, so it raises the window's lowest sample; a pool
      // that grows through a burst of slow statements and closes its idle connections afterwards
      // raises only the highest (10 -> 17 -> 11 within window 10 of a run, bench/README.md
      // finding 26), which is printed beside it.
      const a = lowOf(first, k);
      const b = lowOf(last, k);
      verdicts.push({
        verdict: `${label} flat (lowest sample, window ${first + 1} -> ${last + 1}, +${CONNECTION_SLACK(a)} at most)`,
        measured: `${a} -> ${b} (highest ${maxOf(first, k)} -> ${maxOf(last, k)})`,
        met: b - a <= CONNECTION_SLACK(a),
      });
    }
    // p99 of the HTTP mix as a whole (the claims, 1%, are a few a second: their own p99 is shown,
    // not judged) and of command delivery; the control's p99 tells how much the host moved.
    // Judged on the median p99 of the last TREND_WINDOWS windows against that of the first
    // TREND_WINDOWS after the warm-up: one minute's p99 swings 2x on this host with nothing
    // changing (bench/README.md finding 25), and a drift raises every late window, not one.
    const trend = Math.max(1, Math.min(TREND_WINDOWS, Math.floor((WINDOWS - WARMUP_WINDOWS) / 2)));
    const early = Array.from({ length: trend }, (_, i) => first + i);
    const late = Array.from({ length: trend }, (_, i) => last - trend + 1 + i);
    const span = (ws: number[]) => (ws.length === 1 ? `window ${ws[0] + 1}` : `windows ${ws[0] + 1}-${ws[ws.length - 1] + 1}`);
    const controlMoved = `; control ${median(early.map((w) => p99(w, 'control'))).toFixed(1)} -> ${median(late.map((w) => p99(w, 'control'))).toFixed(1)} ms`;
    for (const [k, label] of [
      ['http', 'HTTP requests (the mix)'],
      ['command', KIND_LABEL.command],
    ] as const) {
      const a = median(early.map((w) => p99(w, k)));
      const b = median(late.map((w) => p99(w, k)));
      const single = p99(last, k) / p99(first, k);
      verdicts.push({
        verdict: `p99 stable: ${label}, median of ${span(late)} <= ${P99_LIMIT} x median of ${span(early)}`,
        measured: `${a.toFixed(1)} -> ${b.toFixed(1)} ms (${(b / a).toFixed(2)}x; window ${last + 1} against window ${first + 1} alone ${single.toFixed(2)}x)${controlMoved}`,
        met: b <= P99_LIMIT * a,
      });
    }
    const failures = rec.failures.reduce((a, b) => a + (b ?? 0), 0);
    verdicts.push({
      verdict: 'no failure: errors, non-2xx, skipped requests, undelivered commands, sockets closed',
      measured: `${failures} failed${failures ? ` (${[...rec.failureKinds].map(([w, n]) => `${w}: ${n}`).join('; ')})` : ''}; ${socketsOpen} of ${SOCKETS} sockets open, ${unexpectedCloses} closed`,
      met: failures === 0 && socketsOpen === SOCKETS && unexpectedCloses === 0,
      failure: true,
    });

    const sampleTable = [
      '| t (s) | window | RSS MiB | heap used MiB | heap used, lowest since the last row | Postgres connections | Redis clients (db) | Redis clients (server) | sockets open | req/s |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...samples.map(
        (s) =>
          `| ${s.t} | ${windowOf(s) + 1}${windowOf(s) < WARMUP_WINDOWS ? ' (warm-up)' : ''} | ${mib(s.rss).toFixed(1)} | ${mib(s.heap).toFixed(1)} | ${mib(s.heapLow).toFixed(1)} | ${s.pg} | ${s.redisDb} | ${s.redisServer} | ${s.sockets} | ${Number.isNaN(s.rps) ? '' : s.rps.toFixed(0)} |`,
      ),
    ];
    // What Postgres did in each window (from the last sample before it to its own last), to tell
    // a slow minute of durable writes from a checkpoint, an autovacuum or a burst of WAL.
    const postgresIn = (w: number): string => {
      const before = samples.filter((x) => windowOf(x) < w).at(-1) ?? samples[0];
      const after = inWindow(w).at(-1);
      if (!before || !after) return ' | | ';
      const [a, b] = [before.postgres, after.postgres];
      const wal = b.walBytes - a.walBytes;
      const fpi = b.walFpi - a.walFpi;
      const vacuumed = Object.keys(b.autovacuums)
        .filter((t) => b.autovacuums[t] > (a.autovacuums[t] ?? 0))
        .sort();
      return ` ${mib(wal).toFixed(0)} (${fpi.toFixed(0)}) | ${(b.checkpoints - a.checkpoints).toFixed(0)} (${(b.checkpointBuffers - a.checkpointBuffers).toFixed(0)}) | ${vacuumed.join(', ')} `;
    };
    const windowTable = [
      `| window (${WINDOW_S} s) | HTTP req/s | HTTP p99 ms | ${kinds.map((k) => `${KIND_LABEL[k]} p50 / p99 ms`).join(' | ')} | service event-loop delay, longest ms | failures | Postgres: WAL MiB (full-page images) | checkpoints ended (buffers written) | autovacuum of |`,
      `|---|---:|---:|${kinds.map(() => '---:').join('|')}|---:|---:|---:|---:|---|`,
      ...Array.from({ length: WINDOWS }, (_, w) => {
        const cells = kinds.map((k) => `${percentile(sorted[w]?.[k] ?? [], 50).toFixed(1)} / ${p99(w, k).toFixed(1)}`);
        const loop = Math.max(0, ...loopDelays.filter((d) => windowOf(d) === w).map((d) => d.maxMs));
        return `| ${w + 1}${w < WARMUP_WINDOWS ? ' (warm-up)' : ''} | ${(count(w) / WINDOW_S).toFixed(0)} | ${p99(w, 'http').toFixed(1)} | ${cells.join(' | ')} | ${loop.toFixed(1)} | ${rec.failures[w] ?? 0} |${postgresIn(w)}|`;
      }),
    ];
    // Where RSS is, window by window (medians of the one-second samples): V8's committed heap and
    // external memory (Buffers, outside the heap), from /metrics; and from /proc, what is resident
    // in V8's heap pages, in other anonymous memory (malloc), and in file-backed pages (code).
    // Committed is not resident: V8 gives free pages' memory back (madvise) and they fill again as
    // it allocates, which RSS minus the committed heap read as native growth (finding 30).
    const residentCell = (w: number) => {
      const inW = inWindow(w);
      const part = (k: keyof ResidentParts) => mib(median(inW.map((x) => x.resident[k])) ?? NaN).toFixed(1);
      return `${part('v8Pages')} / ${part('otherAnon')} / ${part('file')}`;
    };
    const memoryTable = [
      '| window | RSS, lowest / median MiB | heap used, median | heap committed, median | external, median | resident: V8 heap pages / other anonymous / file-backed, median of the 10-s samples |',
      '|---|---:|---:|---:|---:|---:|',
      ...Array.from({ length: WINDOWS }, (_, w) => {
        const cell = (f: (m: MemorySample) => number) => mib(medianOf(w, f)).toFixed(1);
        return `| ${w + 1}${w < WARMUP_WINDOWS ? ' (warm-up)' : ''} | ${mib(minOf(w, 'rss')).toFixed(1)} / ${cell((m) => m.rss)} | ${cell((m) => m.heap)} | ${cell((m) => m.heapTotal)} | ${cell((m) => m.external)} | ${residentCell(w)} |`;
      }),
    ];
    const verdictTable = [
      '| verdict | measured | met |',
      '|---|---|---|',
      ...verdicts.map((v) => `| ${v.verdict} | ${v.measured} | ${v.met ? 'yes' : 'NO'} |`),
    ];
    const header =
      `node ${process.version}; ${MINUTES} min soak of the production build; capacity ${capacity.rps.toFixed(0)} req/s (closed loop, ${CONNECTIONS} clients, ` +
      `p99 ${capacity.p99} ms); soak at ${rateLabel} = ${rate.toFixed(0)} req/s (74% reads, 25% writes, 1% claims) + ${COMMANDS_PER_S} commands/s to ${SOCKETS} sockets; ` +
      `${claims} claims in all; ${keepAliveRaces} requests sent again after a reset on a reused keep-alive connection`;
    // Issue 58's target, "the 10-minute soak flat", is every verdict above on a run of 10 minutes or more.
    const unmet = verdicts.filter((v) => !v.met).length;
    const soakTarget =
      MINUTES < SOAK_TARGET_MINUTES
        ? `not judged: a ${MINUTES}-minute run, the target is ${SOAK_TARGET_MINUTES} minutes`
        : unmet === 0
          ? `met (all ${verdicts.length} verdicts met)`
          : `not met (${unmet} of ${verdicts.length} verdicts not met)`;
    process.stdout.write(
      `\n${header}\n\n${sampleTable.join('\n')}\n\n${windowTable.join('\n')}\n\n${memoryTable.join('\n')}\n\n${verdictTable.join('\n')}\n` +
        `\nissue 58's target, the ${SOAK_TARGET_MINUTES}-minute soak flat (every verdict above): ${soakTarget}\n`,
    );
    writeResults('soak', {
      at: new Date().toISOString(),
      node: process.version,
      minutes: MINUTES,
      windowSeconds: WINDOW_S,
      warmupWindows: WARMUP_WINDOWS,
      capacity,
      load: LOAD,
      rate,
      sockets: SOCKETS,
      commandsPerSecond: COMMANDS_PER_S,
      samples,
      memorySamples,
      windows: Array.from({ length: WINDOWS }, (_, w) => ({
        requests: count(w),
        httpP99: p99(w, 'http'),
        ...Object.fromEntries(
          kinds.map((k) => [k, { count: sorted[w]?.[k].length ?? 0, p50: percentile(sorted[w]?.[k] ?? [], 50), p99: p99(w, k) }]),
        ),
        failures: rec.failures[w] ?? 0,
      })),
      failureKinds: Object.fromEntries(rec.failureKinds),
      skipped,
      keepAliveRaces,
      verdicts,
      target: soakTarget,
    });
    // BENCH_SMOKE=1 (bench/smoke.sh, a run of seconds): too short to judge memory, connections or
    // p99, which are printed all the same; a request or a command that failed still fails it.
    const judged = process.env.BENCH_SMOKE === '1' ? verdicts.filter((v) => v.failure) : verdicts;
    if (judged.some((v) => !v.met)) process.exitCode = 1;
  } finally {
    closing = true;
    for (const ws of sockets) ws?.terminate();
    agent.destroy();
    redis.disconnect();
    await db.end();
    await service.stop();
    await control.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
