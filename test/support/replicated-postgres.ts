import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { runMigrations } from '../../src/core/database/migrate';
import { eventually } from './eventually';
import { asPostgres, isRoot, postgresIds } from './own-infra';
import { pgBin } from './pg-bin';
import { freePort } from './spawned-app';

const DATABASE = 'agentnet_failover';

/**
 * A PostgreSQL primary and a streaming standby of the test's own (ADR 0276): the primary is
 * initdb'd and migrated, the standby made from it by `pg_basebackup -R` and started in hot
 * standby. With `synchronous` (the supported production setting), the primary has
 * `synchronous_standby_names = '*'` and `synchronous_commit = on`: a commit is acknowledged only
 * once the standby has it, so a write the service acknowledged survives the primary's loss.
 * fsync is off on both (the test kills processes, not the machine: written WAL survives).
 */
export class ReplicatedPostgres {
  primaryPort = 0;
  standbyPort = 0;
  private parent = '';
  private readonly bin = pgBin();

  constructor(private readonly synchronous = true) {}

  private get primaryDir(): string {
    return join(this.parent, 'primary');
  }

  private get standbyDir(): string {
    return join(this.parent, 'standby');
  }

  /** One server's URL. */
  urlOf(port: number): string {
    return `postgres://agentnet:agentnet@127.0.0.1:${port}/${DATABASE}`;
  }

  /** The service's DATABASE_URL: both servers, libpq's spelling of "the one that takes writes". */
  get url(): string {
    return `postgres://agentnet:agentnet@127.0.0.1:${this.primaryPort},127.0.0.1:${this.standbyPort}/${DATABASE}?target_session_attrs=read-write`;
  }

  async create(): Promise<void> {
    this.primaryPort = await freePort();
    this.standbyPort = await freePort();
    this.parent = mkdtempSync(join(tmpdir(), 'ans-failover-'));
    if (isRoot) chownSync(this.parent, ...postgresIds());
    this.pg('initdb', ['-D', this.primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    this.start(this.primaryDir, this.primaryPort, '-c wal_level=replica -c max_wal_senders=4 -c synchronous_commit=on');
    await this.onPrimary('postgres', `CREATE ROLE agentnet LOGIN PASSWORD 'agentnet'`, `CREATE DATABASE ${DATABASE} OWNER agentnet`);
    await this.onPrimary(DATABASE, `CREATE EXTENSION IF NOT EXISTS pgcrypto; CREATE EXTENSION IF NOT EXISTS citext;`);
    this.pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primaryPort),
      '-U',
      'postgres',
      '-D',
      this.standbyDir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
    ]);
    this.start(this.standbyDir, this.standbyPort, '');
    // synchronous from now on (a synchronous primary without its standby waits at every commit);
    // in the primary's own postgresql.auto.conf, so the standby, once promoted, is asynchronous
    if (this.synchronous) await this.onPrimary('postgres', `ALTER SYSTEM SET synchronous_standby_names = '*'`, 'SELECT pg_reload_conf()');
    await eventually(
      async () => {
        const c = new Client({ host: '127.0.0.1', port: this.primaryPort, user: 'postgres', database: 'postgres' });
        await c.connect();
        try {
          const { rows } = await c.query<{ sync_state: string }>(`SELECT sync_state FROM pg_stat_replication WHERE state = 'streaming'`);
          expect(rows.map((r) => r.sync_state)).toEqual([this.synchronous ? 'sync' : 'async']);
        } finally {
          await c.end();
        }
      },
      { what: 'the standby to stream', timeoutMs: 20_000, intervalMs: 100 },
    );
    await runMigrations(this.urlOf(this.primaryPort));
  }

  /**
   * The primary lost at once, as in a crash (immediate shutdown: its backends quit mid-statement).
   * Asynchronous, as the kill and the promotion below: the service under test may run in this
   * process, and must go on answering meanwhile.
   */
  async killPrimary(): Promise<void> {
    await this.pgAsync('pg_ctl', ['-D', this.primaryDir, '-m', 'immediate', 'stop']);
  }

  /** `pg_ctl promote`: the standby ends recovery and takes writes (waits until it does). */
  async promoteStandby(): Promise<void> {
    await this.pgAsync('pg_ctl', ['-D', this.standbyDir, '-w', '-t', '30', 'promote']);
  }

  async destroy(): Promise<void> {
    if (!this.parent) return;
    for (const dir of [this.primaryDir, this.standbyDir]) {
      try {
        this.pg('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // not running
      }
    }
    rmSync(this.parent, { recursive: true, force: true });
  }

  /** Runs statements on the primary as postgres, in `database`. */
  private async onPrimary(database: string, ...statements: string[]): Promise<void> {
    const c = new Client({ host: '127.0.0.1', port: this.primaryPort, user: 'postgres', database });
    c.on('error', () => undefined);
    await c.connect();
    try {
      for (const statement of statements) await c.query(statement);
    } finally {
      await c.end();
    }
  }

  private start(dir: string, port: number, extra: string): void {
    const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 ${extra}`;
    this.pg('pg_ctl', ['-D', dir, '-l', join(dir, '..', `${port}.log`), '-w', '-t', '30', 'start', '-o', options]);
  }

  private pg(command: string, args: string[]): void {
    execFileSync(...asPostgres(join(this.bin, command), args), { stdio: 'ignore' });
  }

  private async pgAsync(command: string, args: string[]): Promise<void> {
    await promisify(execFile)(...asPostgres(join(this.bin, command), args));
  }
}
