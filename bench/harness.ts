/**
 * What the HTTP benchmarks share: the service's production build and the bare baselines as child
 * processes on free ports, and autocannon cases (warm-up, then a measured run).
 * Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50).
 */
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { productionServiceEnv } from './processes';
import { reapOnExit } from './support/child';

export const ROOT = join(__dirname, '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DATABASE_URL = process.env.BENCH_DATABASE_URL!;
export const REDIS_URL = process.env.BENCH_REDIS_URL!;
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface CaseResult {
  name: string;
  /** req/s of the bare NestJS baseline measured just before this case (targeted cases only). */
  adjacentBaseline?: number;
  /** hashes/s of the bare bcrypt loop measured just before this case (the register cases). */
  adjacentBcrypt?: number;
  /** Concurrent clients, when not CONNECTIONS. */
  clients?: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** How many answers of each status other than 2xx, when there were any (autocannon cases). */
  non2xxStatuses?: Record<string, number>;
  requests: number;
  /** CPU µs per answered request, when the case was measured with a CpuProbe. */
  cpu?: CpuPerRequest;
}

/** CPU time per request of each side of a case, in µs (see CpuProbe). */
export interface CpuPerRequest {
  /** the server process (every thread of it) */
  server: number;
  /** the server's Postgres backends (none for the bare baselines) */
  postgres: number;
  /** this process: autocannon, the load generator */
  generator: number;
  /** WAL the cluster wrote per request, in bytes, when the probe reads the WAL position */
  walBytes?: number;
}

/**
 * Which processes a case's CPU is charged to: the server's pid and its Postgres backends' pids
 * (read when the measured run starts and when it ends; a backend seen only once is charged what
 * it used while seen). CPU times come from /proc/<pid>/stat (Linux; whole-process, all threads).
 */
export interface CpuProbe {
  serverPid: number;
  postgresPids?: () => Promise<number[]>;
  /**
   * The cluster's WAL insert position (`pg_current_wal_lsn()`): the WAL written during the case,
   * per request, is a measure of the rows, index entries and locks a request writes that the
   * host's load does not disturb. Cluster-wide: the bench's database should be the busy one.
   */
  walLsn?: () => Promise<string>;
}

/** A WAL position (`X/Y`, hexadecimal) as a byte offset. */
const lsnBytes = (lsn: string): bigint => {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in µs, or undefined when it is gone (or not on Linux). */
export function cpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The whole host's busy CPU time in µs (user, nice, system, irq, softirq, steal: every CPU, every process), from /proc/stat. */
export function hostBusyMicros(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return ((f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) * 1e6) / CLOCK_TICKS;
}

async function cpuSnapshot(probe: CpuProbe): Promise<{ server: number; postgres: Map<number, number>; generator: number; wal?: bigint }> {
  const postgres = new Map<number, number>();
  for (const pid of (await probe.postgresPids?.()) ?? []) {
    const t = cpuMicros(pid);
    if (t !== undefined) postgres.set(pid, t);
  }
  const wal = probe.walLsn ? lsnBytes(await probe.walLsn()) : undefined;
  const usage = process.cpuUsage();
  return { server: cpuMicros(probe.serverPid) ?? NaN, postgres, generator: usage.user + usage.system, wal };
}

function cpuPerRequest(
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  after: Awaited<ReturnType<typeof cpuSnapshot>>,
  requests: number,
): CpuPerRequest {
  let postgres = 0;
  for (const [pid, t] of after.postgres) postgres += t - (before.postgres.get(pid) ?? 0);
  const per = (us: number) => Math.round((us / Math.max(1, requests)) * 10) / 10;
  return {
    server: per(after.server - before.server),
    postgres: per(postgres),
    generator: per(after.generator - before.generator),
    ...(before.wal !== undefined && after.wal !== undefined ? { walBytes: per(Number(after.wal - before.wal)) } : {}),
  };
}

/** One case of the layers section: which build variant it ran on. */
export interface LayerResult extends CaseResult {
  variant: string;
  case: string;
}

export { freePort, startProcess, waitHealthy } from './processes';

export type Request = autocannon.Request;

export async function load(
  name: string,
  base: string,
  options: { path?: string; method?: string; headers?: Record<string, string>; body?: string; requests?: Request[]; timeout?: number },
  cpu?: CpuProbe,
): Promise<CaseResult> {
  const method = (options.method ?? 'GET') as NonNullable<autocannon.Options['method']>;
  const opts: autocannon.Options = {
    url: base,
    connections: CONNECTIONS,
    method,
    timeout: options.timeout ?? 10,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    requests: options.requests ?? [{ path: options.path ?? '/', method }],
  };
  await autocannon({ ...opts, duration: WARMUP });
  const before = cpu ? await cpuSnapshot(cpu) : undefined;
  const r = await autocannon({ ...opts, duration: DURATION });
  const after = cpu ? await cpuSnapshot(cpu) : undefined;
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .filter(([status, s]) => !status.startsWith('2') && (s.count ?? 0) > 0)
    .map(([status, s]) => [status, s.count ?? 0] as const);
  const result: CaseResult = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(statuses.length > 0 ? { non2xxStatuses: Object.fromEntries(statuses) } : {}),
    requests: r.requests.total,
    ...(before && after ? { cpu: cpuPerRequest(before, after, r.requests.total) } : {}),
  };
  const walText = result.cpu?.walBytes !== undefined ? `, WAL bytes/request ${result.cpu.walBytes}` : '';
  // which statuses, so that a run's failures say what they were (a 503 of a saturated pool, a 401, ...)
  const statusText = statuses.length > 0 ? ` (${statuses.map(([status, n]) => `${status}: ${n}`).join(', ')})` : '';
  const cpuText = result.cpu
    ? `, CPU µs/request: server ${result.cpu.server}, Postgres ${result.cpu.postgres}, generator ${result.cpu.generator}${walText}`
    : '';
  process.stderr.write(
    `  ${name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}${statusText}${cpuText}\n`,
  );
  return result;
}

/**
 * A closed loop of `clients` clients, each sending its next request when its last one answered
 * (what `clients` users waiting for their answers send): warm-up, then the completions of the
 * measured window give req/s and latency. The clients then stop and the requests still in flight
 * are awaited, so the next case starts on an idle server (autocannon abandons them, and a slow
 * route such as bcrypt would work through them while the next case runs). `send` resolves with
 * the status, or rejects on a network error.
 */
export async function closedLoop(
  name: string,
  clients: number,
  send: (i: number) => Promise<number>,
  options: { warmup?: number; duration?: number } = {},
): Promise<CaseResult> {
  const warmup = options.warmup ?? WARMUP;
  const duration = options.duration ?? DURATION;
  const from = performance.now() + warmup * 1000;
  const to = from + duration * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < to) {
        const t0 = performance.now();
        let status: number;
        try {
          status = await send(n++);
        } catch {
          status = 0;
        }
        const t1 = performance.now();
        if (t1 < from || t1 > to) continue;
        if (status === 0) errors++;
        else if (status < 200 || status >= 300) non2xx++;
        else latencies.push(t1 - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN);
  const result: CaseResult = {
    name,
    clients,
    rps: latencies.length / duration,
    p50: at(50),
    p99: at(99),
    errors,
    non2xx,
    requests: latencies.length + errors + non2xx,
  };
  process.stderr.write(
    `  ${name}: ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${errors}, non-2xx ${non2xx}\n`,
  );
  return result;
}

/**
 * The bare bcrypt baseline (baselines/bare-bcrypt.js) in a process of its own: `parallel` hashes
 * at `cost` always in flight on a thread pool of `uvThreads`, warm-up then DURATION s.
 */
export async function bareBcrypt(name: string, cost: number, parallel: number, uvThreads: number, password: string): Promise<CaseResult> {
  const child = reapOnExit(
    fork(join(__dirname, 'baselines', 'bare-bcrypt.js'), [], {
      env: {
        PATH: process.env.PATH,
        UV_THREADPOOL_SIZE: String(uvThreads),
        COST: String(cost),
        PARALLEL: String(parallel),
        WARMUP_S: String(WARMUP),
        DURATION_S: String(DURATION),
        PASSWORD: password,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const figures = await new Promise<{ hashesPerSecond: number; hashes: number; p50: number; p99: number }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare bcrypt exited with ${code}`)));
  });
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  const result: CaseResult = {
    name,
    clients: parallel,
    rps: figures.hashesPerSecond,
    p50: Math.round(figures.p50),
    p99: Math.round(figures.p99),
    errors: 0,
    non2xx: 0,
    requests: figures.hashes,
  };
  process.stderr.write(`  ${name}: ${result.rps.toFixed(1)} hashes/s, p50 ${result.p50} ms, p99 ${result.p99} ms\n`);
  return result;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench helper: callers reach into the JSON body they asked for
export async function json(base: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return { status: res.status, headers: res.headers, body: text ? safeJson(text) : undefined };
}
export const safeJson = (t: string) => {
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
};

/** The environment of the service's production build under benchmark (processes.ts), plus `extra`. */
export function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { ...productionServiceEnv(), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...extra, ...benchServiceEnv() };
}

/**
 * BENCH_SERVICE_ENV="NAME=value,NAME=value": settings for the service under test, for an A/B of
 * one setting (e.g. QUEUE_WEBHOOKS_CONCURRENCY=0) without editing the benchmark.
 */
function benchServiceEnv(): Record<string, string> {
  const pairs = (process.env.BENCH_SERVICE_ENV ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1)]));
}
