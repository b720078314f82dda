import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { eventually, StopWaiting } from './eventually';

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
  /** The port the app bound (PORT=0 lets it pick one); known once waitForHealth resolves. */
  port: number;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Newest modification time of the files under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Refuses a dist/ older than the sources: the suite would test yesterday's build. */
export function assertFreshBuild(): void {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` first (scripts/test.sh does)`);
  const root = join(__dirname, '..', '..');
  const sources = Math.max(newestMtime(join(root, 'src')), newestMtime(join(root, 'migrations')));
  if (statSync(MAIN_JS).mtimeMs < sources) {
    throw new Error(`dist/ is older than src/ or migrations/: run \`npm run build\` first (scripts/test.sh does)`);
  }
}

const LISTENING = /^listening on :(\d+) /;

/**
 * Runs the production build (`node dist/main.js`) as its own process, the way it is deployed,
 * on the port in `env.PORT` or, by default, one the app picks itself (PORT=0), read back from its
 * start-up log line, with `nodeArgs` (flags of node) before the script. scripts/test.sh builds
 * before the suites run.
 */
export function spawnApp(env: Record<string, string | undefined>, nodeArgs: string[] = []): SpawnedApp {
  assertFreshBuild();
  const child = spawn(process.execPath, [...nodeArgs, MAIN_JS], {
    // ENV_FILE='': a developer's .env never leaks into a test's app
    env: { PATH: process.env.PATH, PORT: '0', ENV_FILE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const app: SpawnedApp = {
    child,
    port: 0,
    baseUrl: '',
    stdout: () => out,
    stderr: () => err,
    exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))),
  };
  // Complete lines only, each read once: a chunk may end in the middle of a JSON line.
  let pending = '';
  child.stdout.on('data', (d: Buffer) => {
    const text = d.toString();
    out += text;
    if (app.port !== 0) return;
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      let msg: unknown;
      try {
        msg = (JSON.parse(line) as { msg?: unknown }).msg;
      } catch {
        continue;
      }
      const port = typeof msg === 'string' ? LISTENING.exec(msg)?.[1] : undefined;
      if (port) {
        app.port = Number(port);
        app.baseUrl = `http://127.0.0.1:${port}`;
      }
    }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return app;
}

/** Waits until the app has said which port it listens on and answers GET /health. */
export async function waitForHealth(app: SpawnedApp, timeoutMs = 20000): Promise<void> {
  await eventually(
    async () => {
      if (app.child.exitCode !== null) throw new StopWaiting(`app exited early:\n${app.stderr()}\n${app.stdout()}`);
      if (app.port === 0) throw new Error('not listening yet');
      const res = await fetch(`${app.baseUrl}/health`);
      if (!res.ok) throw new Error(`/health answered ${res.status}`);
    },
    { timeoutMs, what: `app to answer /health\n${app.stderr()}` },
  );
}

/** Env for a spawned instance on the test database and Redis. */
export async function testEnv(extra: Record<string, string | undefined> = {}): Promise<Record<string, string | undefined>> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    BCRYPT_COST: '4',
    METRICS_BEARER_TOKEN: process.env.METRICS_BEARER_TOKEN,
    LOG_LEVEL: 'info',
    ...extra,
  };
}
