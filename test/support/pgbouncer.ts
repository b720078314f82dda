import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from './eventually';
import { freePort } from './spawned-app';

/** Where Debian puts it (/usr/sbin is not on every user's PATH); scripts/test.sh installs the package when missing. */
function pgbouncerBin(): string {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('pgbouncer is not installed: scripts/test.sh installs it (Debian package pgbouncer)');
  }
}

/** A value of pgbouncer.ini's [databases] line, single-quoted (a quote inside is doubled). */
const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

export interface PgBouncerOptions {
  /** The PostgreSQL the pooler leads to (a postgres:// URL): its host, port, database and user. */
  target: string;
  /** Server connections per database and user (pgbouncer's default_pool_size). */
  poolSize?: number;
  /** Run on every new server connection (pgbouncer's connect_query): how the service's timeouts are set behind it. */
  connectQuery?: string;
}

/**
 * A real PgBouncer (Debian's, 1.18 here) of the test's own, in transaction mode, on a free
 * loopback port in front of `target`, with `auth_type = trust` for the target's user on loopback.
 * PgBouncer refuses to run as root: as root it is started with `-u nobody` (the config files are
 * world-readable, its log and pid files in a directory nobody may write). `stop()` kills it.
 */
export class OwnPgBouncer {
  port = 0;
  private child?: ChildProcess;
  private dir = '';
  private targetUrl!: URL;

  /** The target's URL with the pooler's host and port: what DATABASE_URL is set to behind it. */
  get url(): string {
    const url = new URL(this.targetUrl.toString());
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** pgbouncer's log so far (for a failing test's message). */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Starts one and waits until it answers; one that does not is killed before the error is thrown. */
  static async start(options: PgBouncerOptions): Promise<OwnPgBouncer> {
    const bouncer = new OwnPgBouncer();
    try {
      await bouncer.launch(options);
    } catch (err) {
      await bouncer.stop();
      throw err;
    }
    return bouncer;
  }

  private async launch(options: PgBouncerOptions): Promise<void> {
    if (process.env.PGOPTIONS) {
      throw new Error('PGOPTIONS is set: pg sends it as the `options` startup parameter, which PgBouncer refuses (unset it)');
    }
    this.targetUrl = new URL(options.target);
    this.port = await freePort();
    this.dir = mkdtempSync(join(tmpdir(), 'ans-pgbouncer-'));
    chmodSync(this.dir, 0o777);
    const target = this.targetUrl;
    const database = decodeURIComponent(target.pathname.slice(1));
    const user = decodeURIComponent(target.username);
    const password = decodeURIComponent(target.password);
    const server = [
      `host=${target.hostname}`,
      `port=${target.port || '5432'}`,
      `dbname=${database}`,
      // the pooler logs in to PostgreSQL as the target's user, with its password if it has one
      `user=${user}`,
      ...(password ? [`password=${quoted(password)}`] : []),
      ...(options.connectQuery ? [`connect_query=${quoted(options.connectQuery)}`] : []),
    ].join(' ');
    writeFileSync(join(this.dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
    writeFileSync(
      join(this.dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${database} = ${server}`,
        '',
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(this.dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        `admin_users = ${user}`,
        `default_pool_size = ${options.poolSize ?? 10}`,
        'max_client_conn = 1000',
        `logfile = ${join(this.dir, 'pgbouncer.log')}`,
        `pidfile = ${join(this.dir, 'pgbouncer.pid')}`,
        'log_connections = 0',
        'log_disconnections = 0',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    const asRoot = process.getuid?.() === 0;
    const args = [...(asRoot ? ['-u', 'nobody'] : []), join(this.dir, 'pgbouncer.ini')];
    this.child = spawn(pgbouncerBin(), args, { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) =>
      this.child!.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}) at start:\n${this.log()}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      eventually(
        async () => {
          const probe = new Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
          await probe.connect();
          try {
            await probe.query('SELECT 1');
          } finally {
            await probe.end();
          }
        },
        { what: 'pgbouncer to answer', intervalMs: 50, timeoutMs: 10_000 },
      ),
    ]);
  }

  /** Transactions the pooler has carried to the target database so far (its admin console's SHOW STATS). */
  async transactions(): Promise<number> {
    const adminUrl = new URL(this.url);
    adminUrl.pathname = '/pgbouncer';
    const admin = new Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ database: string; total_xact_count: string }>('SHOW STATS');
      return Number(rows.find((r) => r.database === decodeURIComponent(this.targetUrl.pathname.slice(1)))?.total_xact_count ?? 0);
    } finally {
      await admin.end();
    }
  }

  /** Kills it (SIGINT: pgbouncer's immediate shutdown) and removes its files. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
