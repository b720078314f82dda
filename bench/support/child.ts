import { ChildProcess, fork } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';

/** Runs a .ts file in a child without ts-node (bench/support/register.js says why). */
export const TS_REGISTER = ['-r', join(__dirname, 'register.js')];

const alive = new Set<ChildProcess>();
let reaping = false;

/**
 * Kills `child` when this bench exits, however it exits. A bench stopped by a signal sent to it
 * alone (a `timeout`, a `kill`) used to leave its services running, still polling the bench
 * database and listening on the bench Redis db, and the next run on this host measured its
 * service beside them (bench/README.md finding 26).
 */
export function reapOnExit(child: ChildProcess): ChildProcess {
  alive.add(child);
  child.once('exit', () => alive.delete(child));
  if (!reaping) {
    reaping = true;
    process.once('exit', () => alive.forEach((c) => c.kill('SIGKILL')));
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        alive.forEach((c) => c.kill('SIGTERM'));
        process.exit(128 + constants.signals[signal]); // the shell's code for death by that signal
      });
    }
  }
  return child;
}

/** What a bench child process answers to a request: the result, or the error's stack. */
interface Answer {
  id?: number;
  ok?: boolean;
  result?: unknown;
  error?: string;
}

/**
 * A benchmark's child process (this same bench file, forked with a mode argument), driven over
 * IPC: `request` sends `{ ...req, id }` and resolves with the child's answer; `stop` sends
 * `{ type: 'exit' }` and kills the child if it has not exited within 15 s. The child announces
 * itself with a message `ready` recognises, whose value `start` returns.
 */
export class BenchChild<Req extends { type: string }> {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private output = '';

  private constructor(readonly proc: ChildProcess) {
    proc.stdout?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-10_000)));
    proc.stderr?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-10_000)));
    proc.on('message', (msg: Answer) => {
      const waiter = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id!);
      if (msg.ok) waiter.resolve(msg.result);
      else waiter.reject(new Error(msg.error));
    });
  }

  static async start<Req extends { type: string }, R>(
    file: string,
    mode: string,
    env: NodeJS.ProcessEnv,
    options: { execArgv?: string[]; ready: (msg: Record<string, unknown>) => R | undefined },
  ): Promise<{ child: BenchChild<Req>; ready: R }> {
    const proc = reapOnExit(
      fork(file, [mode], { env, execArgv: [...(options.execArgv ?? []), ...TS_REGISTER], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }),
    );
    const child = new BenchChild<Req>(proc);
    const ready = await new Promise<R>((resolve, reject) => {
      proc.on('message', (msg: Record<string, unknown>) => {
        const value = options.ready(msg);
        if (value !== undefined) resolve(value);
      });
      proc.once('exit', (code) => reject(new Error(`${mode} exited with ${code}:\n${child.output}`)));
    });
    return { child, ready };
  }

  request<T>(req: Req): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject });
      this.proc.send({ ...req, id });
    });
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const exited = new Promise((resolve) => this.proc.once('exit', resolve));
    this.request({ type: 'exit' } as Req).catch(() => undefined);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** In a child: answers each request with `handle`'s result (or its error), then says it is ready (unless `ready` is null: the caller will). */
export function serveRequests<Req>(
  handle: (req: Req) => Promise<unknown>,
  ready: Record<string, unknown> | null = { type: 'ready' },
): void {
  process.on('message', (req: Req & { id: number }) => {
    handle(req).then(
      (result) => process.send!({ id: req.id, ok: true, result }),
      (err: unknown) => process.send!({ id: req.id, ok: false, error: String((err as Error)?.stack ?? err) }),
    );
  });
  if (ready) process.send!(ready);
}
