/**
 * What the HTTP benchmarks share: the service's production build and the bare baselines as child
 * processes on free ports, and autocannon cases (warm-up, then a measured run).
 * Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50).
 */
import autocannon from 'autocannon';
import { ChildProcess, fork, spawn } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

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
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** One case of the layers section: which build variant it ran on. */
export interface LayerResult extends CaseResult {
  variant: string;
  case: string;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitHealthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export async function startProcess(kind: 'node' | 'nest' | 'service' | 'service-stock-server', env: Record<string, string> = {}) {
  const port = await freePort();
  let out = '';
  let child: ChildProcess;
  if (kind === 'node') {
    child = fork(join(__dirname, 'baselines', 'bare-node.js'), [], { env: { ...process.env, PORT: String(port) }, stdio: 'pipe' });
  } else if (kind === 'nest') {
    child = fork(join(__dirname, 'baselines', 'bare-nest.ts'), [], {
      env: { ...process.env, PORT: String(port) },
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      stdio: 'pipe',
    });
  } else {
    const entry = kind === 'service' ? join(ROOT, 'dist', 'main.js') : join(__dirname, 'baselines', 'service-stock-server.js');
    child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, ...env, PORT: String(port) } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20000)));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, () => out);
  return {
    base,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

export type Request = autocannon.Request;

export async function load(
  name: string,
  base: string,
  options: { path?: string; method?: string; headers?: Record<string, string>; body?: string; requests?: Request[]; timeout?: number },
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
  const r = await autocannon({ ...opts, duration: DURATION });
  const result: CaseResult = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
  process.stderr.write(`  ${name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}\n`);
  return result;
}

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


/** The environment of the service's production build under benchmark. */
export function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL,
    REDIS_URL,
    BASE_URL: 'https://bench.example.com',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    METRICS_BEARER_TOKEN: METRICS_TOKEN,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // The benchmark measures throughput, not the limiter refusing it: one credential far
    // exceeds 1000 requests per minute here.
    API_RATE_LIMIT: '1000000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...extra,
  };
}

/** Logs in with a JSON body; the Cookie header value of the new session. */
export async function sessionCookie(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/users/log-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}
