/**
 * Processes the benchmarks measure: the bare baselines (node:http, NestJS) and the service's
 * production build (dist/main.js), each on a free port of 127.0.0.1, started and awaited healthy.
 */
import { ChildProcess, fork, spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

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

