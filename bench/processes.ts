/**
 * Processes the benchmarks measure: the bare baselines (node:http, NestJS) and the service's
 * production build (dist/main.js), each on a free port of 127.0.0.1, started and awaited healthy.
 */
import { ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { join } from 'node:path';
import { reapOnExit, TS_REGISTER } from './support/child';

const ROOT = join(__dirname, '..');

/** The public URL the benchmarks' production service is told it has (its websocket origin too). */
export const BENCH_PUBLIC_URL = 'https://bench.example.com';

/**
 * The production build's environment for a benchmark (bench/run.sh sets BENCH_DATABASE_URL and
 * BENCH_REDIS_URL): production rules, an SMTP server nobody answers, and no machine rate limit.
 */
export function productionServiceEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_DATABASE_URL!,
    REDIS_URL: process.env.BENCH_REDIS_URL!,
    BASE_URL: BENCH_PUBLIC_URL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Required in production since the webhooks landed (the key of stored signing secrets).
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    METRICS_BEARER_TOKEN: 'bench-metrics-token-0123456789',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    API_RATE_LIMIT: '1000000000',
    BCRYPT_COST: '4',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
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

/** BENCH_BARE_FLAGS="--flag --flag": node flags for the bare baselines (node:http, NestJS). */
const BARE_FLAGS = (process.env.BENCH_BARE_FLAGS ?? '').split(' ').filter(Boolean);

/**
 * `entry` runs another build of the service (a copy of dist/ inside this checkout, so it resolves
 * the same node_modules) instead of dist/main.js; `execArgv` goes to its node (e.g. --cpu-prof).
 */
export async function startProcess(
  kind: 'node' | 'nest' | 'service' | 'service-stock-server',
  env: Record<string, string> = {},
  options: { entry?: string; execArgv?: string[] } = {},
) {
  const port = await freePort();
  let out = '';
  let child: ChildProcess;
  if (kind === 'node') {
    child = fork(join(__dirname, 'baselines', 'bare-node.js'), [], {
      env: { ...process.env, PORT: String(port) },
      execArgv: BARE_FLAGS,
      stdio: 'pipe',
    });
  } else if (kind === 'nest') {
    child = fork(join(__dirname, 'baselines', 'bare-nest.ts'), [], {
      env: { ...process.env, ...env, PORT: String(port) },
      execArgv: [...BARE_FLAGS, ...TS_REGISTER],
      stdio: 'pipe',
    });
  } else {
    const entry =
      options.entry ?? (kind === 'service' ? join(ROOT, 'dist', 'main.js') : join(__dirname, 'baselines', 'service-stock-server.js'));
    child = spawn(process.execPath, [...(options.execArgv ?? []), entry], {
      env: { PATH: process.env.PATH, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  reapOnExit(child);
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
