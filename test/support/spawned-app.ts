import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

export const MAIN_JS = join(__dirname, '..', '..', 'dist', 'main.js');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SpawnedApp {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs the production build (`node dist/main.js`) as its own process, the way it is deployed.
 * scripts/test.sh builds before the suites run.
 */
export function spawnApp(env: Record<string, string | undefined>): SpawnedApp {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` first (scripts/test.sh does)`);
  const port = Number(env.PORT ?? 0);
  const child = spawn(process.execPath, [MAIN_JS], {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited };
}

export async function waitForHealth(app: SpawnedApp, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`app exited early:\n${app.stderr()}\n${app.stdout()}`);
    try {
      const res = await fetch(`${app.baseUrl}/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`app did not become healthy:\n${app.stderr()}`);
}

/** Env for a spawned instance on the test database and Redis. */
export async function testEnv(extra: Record<string, string | undefined> = {}): Promise<Record<string, string | undefined>> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    BCRYPT_COST: '4',
    METRICS_BEARER_TOKEN: process.env.METRICS_BEARER_TOKEN,
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...extra,
  };
}
