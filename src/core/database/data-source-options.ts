import { join } from 'node:path';
import { Client, type ClientConfig } from 'pg';
import { singleHostUrl, type Endpoint } from '../config/postgres-hosts';
import { closeWhenReadOnly, PrimaryHosts } from './primary-hosts';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import type { AppConfig } from '../config/app-config';
import type { DataSourceOptions } from 'typeorm';

/**
 * Compiled code lives in dist/ with migrations in dist/migrations; under ts-jest the sources are
 * read directly from src/ and migrations/.
 */
const runningFromSource = __filename.endsWith('.ts');
export const MIGRATIONS_GLOB = runningFromSource
  ? join(__dirname, '..', '..', '..', 'migrations', '*.ts')
  : join(__dirname, '..', '..', 'migrations', '*.js');

export const MIGRATIONS_TABLE = 'schema_migrations';

/** How the service's connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'agent-network-service';

/**
 * How long opening any of the service's database connections may take, and how long a request
 * waits for a pooled connection to come free: past it, the request answers 503
 * `database_unavailable` (ADR 0231).
 */
export const CONNECT_TIMEOUT_MS = 2500;

/**
 * How much longer than the server's statement_timeout the service waits for an answer before it
 * gives the connection up (ADR 0231): a live server has cancelled the statement by then, so only
 * a stalled server or network is waited out this long.
 */
export const ANSWER_GRACE_MS = 500;

/** How long a transaction may sit idle between statements before Postgres ends its session (and releases its locks). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** The bounds of the service's own connections, from DB_STATEMENT_TIMEOUT_MS. */
export interface ConnectionBounds {
  /** Postgres's statement_timeout and lock_timeout on every connection of the service. */
  statementTimeoutMs: number;
  /** How long the service waits for any answer on a connection before it destroys it. */
  answerTimeoutMs: number;
}

export function connectionBounds(config: Pick<AppConfig, 'dbStatementTimeoutMs'>): ConnectionBounds {
  return { statementTimeoutMs: config.dbStatementTimeoutMs, answerTimeoutMs: config.dbStatementTimeoutMs + ANSWER_GRACE_MS };
}

/**
 * The server-side bounds, sent as startup parameters: a statement (or a lock wait) that runs past
 * them is cancelled by Postgres itself (57014, 55P03), so a slow statement cannot hold a pooled
 * connection, nor its locks, for long; a transaction left idle is ended.
 */
export function serverTimeouts(
  bounds: ConnectionBounds,
): Pick<ClientConfig, 'statement_timeout' | 'lock_timeout' | 'idle_in_transaction_session_timeout'> {
  return {
    statement_timeout: bounds.statementTimeoutMs,
    lock_timeout: bounds.statementTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Whether DATABASE_URL leads to a pooler in transaction mode (DATABASE_POOLER, ADR 0274). Then
 * consecutive transactions of one client connection run on different server connections, so
 * nothing may outlive a transaction: statements are unnamed (a named one is parsed on one server
 * connection and bound on another), no timeout is a startup parameter (PgBouncer refuses those it
 * does not know; the pooler's connect_query sets them), the pipelined lanes are not opened (their
 * read groups rely on each connection having parsed their named statements, and they set
 * plan_cache_mode for their session), and LISTEN has a direct connection of its own.
 */
export const behindTransactionPooler = (config: Pick<AppConfig, 'databasePooler'>): boolean => config.databasePooler === 'transaction';

/** The server-side bounds as startup parameters where the connection takes them: none behind a transaction pooler. */
export function startupTimeouts(bounds: ConnectionBounds, config: Pick<AppConfig, 'databasePooler'>): ReturnType<typeof serverTimeouts> {
  return behindTransactionPooler(config) ? {} : serverTimeouts(bounds);
}

/** The settings serverTimeouts sets, in the unit pg_settings reports them in (ms). */
export function expectedServerSettings(bounds: ConnectionBounds): Record<string, number> {
  return {
    statement_timeout: bounds.statementTimeoutMs,
    lock_timeout: bounds.statementTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Why a connection was given up: Postgres did not answer within the answer timeout. Carries a
 * network error's code (ETIMEDOUT), so the request answers 503 `database_unavailable`.
 */
export class DatabaseStalledError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms?: number) {
    super(
      ms === undefined
        ? 'PostgreSQL is not answering: waiting for the connection attempt in progress'
        : `PostgreSQL did not answer within ${ms} ms; the connection was closed`,
    );
  }
}

/**
 * The service's connection attempts while PostgreSQL is not answering (ADR 0231). Once a
 * connection attempt has timed out or a connection was given up for want of an answer, and until
 * an attempt succeeds or a connection answers again, one attempt at a time goes ahead (the
 * probe) and every other fails at once with DatabaseStalledError: requests that need a new
 * connection answer 503 at once instead of after CONNECT_TIMEOUT_MS each, and when PostgreSQL
 * resumes it finds one or two connection requests queued, not one for each request of the stall
 * (seventy in a 7 s stall, which it took a second to get through before it served anyone). A
 * refused connection (PostgreSQL down) fails fast by itself and does not count. One gate is
 * shared by the pool and the pipelined lanes (the DataSource's `extra.gate`).
 */
interface Admitted {
  probe: boolean;
  at: number;
}

export class ConnectGate {
  private stalled = false;
  private probing = false;

  /** Whether an attempt may go ahead now; one that may must report how it ended (`settled`). */
  admit(): Admitted | DatabaseStalledError {
    if (!this.stalled) return { probe: false, at: performance.now() };
    if (this.probing) return new DatabaseStalledError();
    this.probing = true;
    return { probe: true, at: performance.now() };
  }

  /**
   * How an admitted attempt ended. A failure counts as a stall when it is a timeout, whoever's
   * timer ended it (pg's says "timeout expired", pg-pool's destroys the socket): by its message
   * or by how long it took.
   */
  settled(admitted: Admitted, err?: Error): void {
    if (admitted.probe) this.probing = false;
    if (!err) this.stalled = false;
    else if (
      err instanceof DatabaseStalledError ||
      /timeout/i.test(err.message) ||
      performance.now() - admitted.at >= CONNECT_TIMEOUT_MS - 100
    ) {
      this.stalled = true;
    }
  }

  /** Runs a connection attempt through the gate: refused at once while another probes, else reported as it ends. */
  async through<T>(attempt: () => Promise<T>): Promise<T> {
    const admitted = this.admit();
    if (admitted instanceof DatabaseStalledError) throw admitted;
    try {
      const result = await attempt();
      this.settled(admitted);
      return result;
    } catch (err) {
      this.settled(admitted, err as Error);
      throw err;
    }
  }

  /** A connection was given up: PostgreSQL did not answer. */
  stall(): void {
    this.stalled = true;
  }

  /** A connection answered: PostgreSQL is back. */
  answered(): void {
    this.stalled = false;
  }

  get isStalled(): boolean {
    return this.stalled;
  }
}

/** Destroys a pg Client's socket: its queries fail at once with `reason`, and it is never used again. */
export function destroyConnection(client: Client, reason: Error): void {
  (client as unknown as { connection: { stream: { destroy(err?: Error): void } } }).connection.stream.destroy(reason);
}

/**
 * The pool's connections: pg's Client with an 'error' listener from its birth. pg reports a
 * connection's failure as an 'error' event, and an 'error' event nobody listens to is thrown,
 * which ends the process. The pool listens while a connection is idle and TypeORM while a query
 * runner holds it, but TypeORM adds its listener a promise callback after the pool hands the
 * connection over: a Postgres shutdown whose FATAL came in the same read as a new connection's
 * ReadyForQuery fell in between and was thrown (seen in test/faults.e2e-spec.ts, once in a few
 * runs; it would have ended the service). This listener only keeps the process alive: pg has
 * already marked the connection unusable, so the statement sent on it next fails as
 * `database_unavailable` and the pool drops it when it comes back; whoever held it reports it.
 */
export class PooledClient extends Client {
  private readonly answerTimeoutMs?: number;
  private readonly gate?: ConnectGate;
  /** With a host list in DATABASE_URL: which server to connect to (ADR 0276). */
  private readonly hosts?: PrimaryHosts;
  private server?: Endpoint;
  private watchdog?: NodeJS.Timeout;
  /** Statements answered so far: the expired watchdog looks whether one came while it waited. */
  private answers = 0;

  constructor(config?: string | (ClientConfig & { answerTimeoutMs?: number; gate?: ConnectGate; hosts?: PrimaryHosts })) {
    super(config);
    this.on('error', keepAlive);
    this.answerTimeoutMs = typeof config === 'object' ? config.answerTimeoutMs : undefined;
    this.gate = typeof config === 'object' ? config.gate : undefined;
    this.hosts = typeof config === 'object' ? config.hosts : undefined;
    closeWhenReadOnly(this, this.serverLost);
    if (this.hosts) this.on('error', this.serverLost);
    // pg emits 'drain' once every query it was given is answered (pipeline mode included)
    if (this.answerTimeoutMs !== undefined) {
      this.on('drain', this.answered);
      this.on('end', this.disarm);
      // Ahead of pg's own listener, which runs the answered query's callback: pg-pool's releases
      // the connection there and hands it to the next waiting pool.query, whose statement pg sends
      // on at once without a 'drain' in between. Counted from this answer, that statement has the
      // whole answerTimeoutMs; counted from the first statement of the chain, a connection kept
      // busy that way by a saturated pool was given up after answerTimeoutMs while answering every
      // statement in a millisecond (503s under load, found by bench/http.bench.ts's operator section).
      this.connection.prependListener('readyForQuery', this.answeredOne);
    }
  }

  /**
   * Every statement is bounded: from the moment the connection is given work, or last answered a
   * statement, until it answers the next, at most answerTimeoutMs may pass (a live server cancels
   * a statement well before, at its statement_timeout). Past it the server or the network is
   * stalled, and the connection is destroyed, never handed back to the pool with a statement still
   * on it: the statements fail with DatabaseStalledError (503), and the pool opens a fresh
   * connection for the next checkout.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through unchanged
  override query(...args: any[]): any {
    if (this.answerTimeoutMs !== undefined && this.watchdog === undefined) this.watchdog = setTimeout(this.expired, this.answerTimeoutMs);
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }

  /** Connects through the gate (pg-pool connects with a callback; the promise form is served too). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, served unchanged
  override connect(...args: any[]): any {
    const callback = args[0] as ((err: Error | null, client?: Client) => void) | undefined;
    if (!this.gate && !this.hosts) return callback ? super.connect(callback) : super.connect();
    const connect = this.hosts ? () => this.connectToPrimary() : (): Promise<unknown> => super.connect();
    const attempt = this.gate ? this.gate.through(connect) : connect();
    if (!callback) return attempt;
    attempt.then(
      () => callback(null, this),
      (err: Error) => callback(err),
    );
    return undefined;
  }

  /** Connects to the server of the host list that takes writes (PrimaryHosts, ADR 0276). */
  private async connectToPrimary(): Promise<void> {
    this.server = await this.hosts!.connect(this, () => super.connect());
  }

  /** This connection failed or found its server read-only: the next connection looks for the primary again. */
  private readonly serverLost = (): void => this.hosts?.lost(this.server);

  private readonly disarm = (): void => {
    clearTimeout(this.watchdog);
    this.watchdog = undefined;
  };

  /** A statement was answered: whatever the connection has still to answer has the whole bound from now. */
  private readonly answeredOne = (): void => {
    this.answers++;
    this.watchdog?.refresh();
  };

  private readonly answered = (): void => {
    this.disarm();
    this.gate?.answered();
  };

  /**
   * The bound has passed by the clock, but the stall may have been this process's own (a long
   * garbage collection, a CPU-bound callback): timers run before the event loop reads the sockets,
   * so an answer that came in meanwhile is still unread. It is read in the poll phase that follows;
   * only if none came (no statement answered, the connection not drained) is the connection given up.
   */
  private readonly expired = (): void => {
    const watchdog = this.watchdog;
    const answers = this.answers;
    setImmediate(() => {
      if (this.watchdog === watchdog && this.answers === answers) this.abandon();
    });
  };

  private readonly abandon = (): void => {
    this.watchdog = undefined;
    this.gate?.stall();
    destroyConnection(this, new DatabaseStalledError(this.answerTimeoutMs));
  };
}
const keepAlive = (): void => undefined;

/**
 * Options shared by the app's DataSource and the `migrate` command. Never synchronize. With
 * `bounds` (the app's, not the migrations': a migration may rightly run for minutes), every
 * pooled connection has the server-side timeouts (sent at connect, except behind a transaction
 * pooler) and the answer watchdog of PooledClient.
 */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dbPoolSize'> & Partial<Pick<AppConfig, 'databasePooler'>>,
  bounds?: ConnectionBounds,
): DataSourceOptions {
  const pooler = { databasePooler: config.databasePooler ?? 'none' };
  const hosts = PrimaryHosts.for(config.databaseUrl);
  return {
    type: 'postgres',
    url: singleHostUrl(config.databaseUrl),
    synchronize: false,
    migrationsRun: false,
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    logging: ['error'],
    extra: {
      max: config.dbPoolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30000,
      application_name: APPLICATION_NAME,
      Client: PooledClient,
      ...(hosts ? { hosts } : {}),
      ...(bounds ? { ...startupTimeouts(bounds, pooler), answerTimeoutMs: bounds.answerTimeoutMs, gate: new ConnectGate() } : {}),
    },
  };
}
