/**
 * What the HTTP benchmarks share: the service's production build and the bare baselines as child
 * processes on free ports, and autocannon cases (warm-up, then a measured run).
 * Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50).
 */
import autocannon from 'autocannon';
import { join } from 'node:path';
import { productionServiceEnv } from './processes';

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

export { freePort, startProcess, waitHealthy } from './processes';

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


/** The environment of the service's production build under benchmark (processes.ts), plus `extra`. */
export function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { ...productionServiceEnv(), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...extra };
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
