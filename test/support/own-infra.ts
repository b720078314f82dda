import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runMigrations } from '../../src/core/database/migrate';
import { eventually } from './eventually';
import { pgBin } from './pg-bin';
import { freePort } from './spawned-app';

export const isRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
export const asPostgres = (cmd: string, args: string[]) =>
  (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];

function signalTree(pid: number, signal: NodeJS.Signals): void {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  process.kill(pid, signal);
  for (const child of children) process.kill(child, signal);
}

/**
 * A Redis server of the test's own, on a free port, that the test can pause (SIGSTOP), resume,
 * kill and start again on the same port.
 */
export class OwnRedis {
  port = 0;
  private child?: ChildProcess;

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  /** Starts the server (again, on its port); a no-op while it runs. */
  async start(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    if (!this.port) this.port = await freePort();
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await eventually(
      async () => {
        const { default: Redis } = await import('ioredis');
        // disconnectTimeout 0: a probe that never connected leaves no 2-second timer behind (jest would wait for it)
        const probe = new Redis({
          port: this.port,
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
          disconnectTimeout: 0,
        });
        try {
          await probe.connect();
          await probe.ping();
        } finally {
          probe.disconnect();
        }
      },
      { what: 'Redis to answer', intervalMs: 50 },
    );
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills the server at once (no shutdown), as a crash would. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGCONT');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, a free port, fsync off),
 * with the service's schema migrated, that the test can pause (every process SIGSTOPped), stop
 * (immediate shutdown, as a crash) and start again.
 */
export class OwnPostgres {
  port = 0;
  private dir = '';
  private readonly bin = pgBin();

  get url(): string {
    return `postgres://agentnet:agentnet@127.0.0.1:${this.port}/agentnet_faults`;
  }

  async create(): Promise<void> {
    this.port = await freePort();
    const parent = mkdtempSync(join(tmpdir(), 'ans-faults-'));
    this.dir = join(parent, 'pg');
    if (isRoot) chownSync(parent, ...postgresIds());
    execFileSync(
      ...asPostgres(join(this.bin, 'initdb'), ['-D', this.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']),
      {
        stdio: 'ignore',
      },
    );
    await this.start();
    const admin = new Client({ host: '127.0.0.1', port: this.port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE ROLE agentnet LOGIN PASSWORD 'agentnet'`);
    await admin.query(`CREATE DATABASE agentnet_faults OWNER agentnet`);
    await admin.end();
    const db = new Client({ host: '127.0.0.1', port: this.port, user: 'postgres', database: 'agentnet_faults' });
    await db.connect();
    await db.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto; CREATE EXTENSION IF NOT EXISTS citext;`);
    await db.end();
    await runMigrations(this.url);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
    execFileSync(
      ...asPostgres(join(this.bin, 'pg_ctl'), [
        '-D',
        this.dir,
        '-l',
        join(this.dir, 'server.log'),
        '-w',
        '-t',
        '30',
        'start',
        '-o',
        options,
      ]),
      {
        stdio: 'ignore',
      },
    );
  }

  /**
   * Immediate shutdown: connections drop, as in a crash (with fsync and synchronous commit off, the
   * last commits may be lost). `fast`: connections drop too, but what was committed stays.
   */
  stop(mode: 'immediate' | 'fast' = 'immediate'): void {
    this.resume();
    execFileSync(...asPostgres(join(this.bin, 'pg_ctl'), ['-D', this.dir, '-m', mode, 'stop']), { stdio: 'ignore' });
  }

  pause(): void {
    signalTree(this.postmasterPid(), 'SIGSTOP');
  }

  resume(): void {
    if (existsSync(join(this.dir, 'postmaster.pid'))) signalTree(this.postmasterPid(), 'SIGCONT');
  }

  async destroy(): Promise<void> {
    if (!this.dir) return;
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(join(this.dir, '..'), { recursive: true, force: true });
  }

  private postmasterPid(): number {
    return Number(readFileSync(join(this.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }
}

/** The postgres user's uid and gid (the owner, as root, of a cluster's directory). */
export function postgresIds(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return [id('-u'), id('-g')];
}
