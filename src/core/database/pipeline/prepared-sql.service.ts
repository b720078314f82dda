import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client, type ClientConfig, DatabaseError, Pool, Query, QueryResult } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { type Endpoint, singleHostUrl } from '../../config/postgres-hosts';
import {
  APPLICATION_NAME,
  behindTransactionPooler,
  CONNECT_TIMEOUT_MS,
  ConnectGate,
  connectionBounds,
  DatabaseStalledError,
  destroyConnection,
  expectedServerSettings,
  startupTimeouts,
} from '../data-source-options';
import { closeWhenReadOnly, PrimaryHosts } from '../primary-hosts';
import { statementName, statementQuery } from '../statement';
import { ConnectionShapes, NotRunError, PipelinedQuery, pipelinedQueryInternalsProblems, ReadGroup } from './pipelined-query';
import { traceContext } from './trace-context';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Past this offset a page read walks enough of its index to take its own pooled connection. */
export const PIPELINED_MAX_OFFSET = 1000;

/**
 * Batches a pipelined connection may have written and not yet fully answered. Statements issued
 * while every connection is at this limit wait, and go out together in one write as soon as a
 * connection's batch is answered: under load, batches grow to what arrives in one round trip
 * instead of what arrives in one event-loop turn, so there are fewer socket writes (in Node) and
 * fewer reads and wake-ups (in Postgres) per statement. An idle connection is written to at once.
 * Two rather than one: with one, the backend idles while its answers travel and the next batch
 * is written; the two measured alike within the host's noise, two slightly ahead (finding 19).
 */
export const PIPELINE_BATCHES_IN_FLIGHT = 2;

/**
 * Reads sent with one Sync at most (ReadGroup): Postgres holds a group's answers until its Sync,
 * so this bounds how long the first read of a group waits for the others (each a short indexed
 * read, tens of microseconds).
 */
export const MAX_READ_GROUP = 16;

/** How often each set of lanes looks for statements that waited past the answer timeout (ADR 0231). */
const WATCHDOG_INTERVAL_MS = 100;

/**
 * The pipelined lanes use pg internals that are not public API: the client's `pipeline` option,
 * its `connection.stream` (corked around a batch) and `Query` objects built from text, callback
 * and a settable `name`, and what PipelinedQuery overrides or reads (pipelined-query.ts: Query's
 * `prepare`, `handleRowDescription`, `handleDataRow`, `_result.rows`, `_canceledDueToError`, the
 * connection's `describe`); the pool comes from TypeORM's `driver.master`. PipelinedTransaction
 * (pipelined-transaction.ts) uses the first two on a pooled client for a transaction's statements. Checked at start-up so an
 * upgrade of pg or TypeORM that changes them stops the service with this message instead of
 * failing requests.
 */
export function assertDriverInternals(db: DataSource): void {
  const broken: string[] = [];
  const client = new Client({ pipeline: true }) as unknown as {
    pipeline?: unknown;
    connection?: { stream?: { cork?: unknown; uncork?: unknown } };
  };
  if (client.pipeline !== true) broken.push("pg's Client no longer takes the `pipeline` option");
  if (typeof client.connection?.stream?.cork !== 'function' || typeof client.connection.stream.uncork !== 'function') {
    broken.push("pg's Client no longer exposes a corkable `connection.stream`");
  }
  const query = new Query('SELECT 1', [], () => undefined) as Query & { name?: string; text?: string; callback?: unknown };
  query.name = 'probe';
  if (query.text !== 'SELECT 1' || typeof query.callback !== 'function' || query.name !== 'probe') {
    broken.push("pg's Query(text, values, callback) no longer keeps text, callback and a settable name");
  }
  broken.push(...pipelinedQueryInternalsProblems());
  if (typeof ((db.driver as PostgresDriver).master as Pool | undefined)?.query !== 'function') {
    broken.push("TypeORM's PostgresDriver no longer exposes its pg Pool as `master`");
  }
  // PipelinedTransaction hands back a connection whose ROLLBACK failed with an error, so the pool drops it.
  const runner = db.createQueryRunner() as unknown as { releasePostgresConnection?: unknown };
  if (typeof runner.releasePostgresConnection !== 'function') {
    broken.push("TypeORM's QueryRunner no longer has `releasePostgresConnection(err)`");
  }
  if (broken.length > 0) {
    throw new Error(
      `PreparedSql (src/core/database/prepared-sql.service.ts) relies on driver internals an upgrade changed:\n  ` +
        `${broken.join('\n  ')}\nAdapt PreparedSql to the new pg/TypeORM release before deploying it.`,
    );
  }
}

/** Rows of one MergeableWrite merged into one statement at most (bounds the statement's size). */
export const MAX_MERGED_ROWS = 256;

/**
 * A one-row write that many requests issue at once (the token exchange's insert), sent by
 * PreparedSql.write. The rows of the writes that go out together are merged into one statement
 * (`many`, one array parameter per column, unnested): Postgres then starts, plans, commits and
 * answers one statement for all of them instead of one per row. A lone row goes out as `one`.
 * Both must be one implicit transaction that writes exactly the given rows and returns nothing.
 */
export interface MergeableWrite<R> {
  /** Names the statement for people and tests, like the label of PreparedSql.rows. */
  readonly label: string;
  readonly one: string;
  oneValues(row: R): unknown[];
  readonly many: string;
  manyValues(rows: readonly R[]): unknown[];
}

interface Pending {
  name: string;
  text: string;
  values: unknown[];
  resolve: (rows: never[]) => void;
  reject: (err: Error) => void;
  /** A row of a MergeableWrite: merged with the other rows of it that go out in the same flush. */
  merge?: { write: MergeableWrite<unknown>; row: unknown };
  /** A read (`rows` on the read lanes), which may share its Sync with the reads next to it (ReadGroup). */
  read: boolean;
  /** When it was first queued (performance.now()): it waits answerTimeoutMs from then at most. */
  queuedAt?: number;
  /** The trace context it was issued in, when tracing is on (trace-context.ts). */
  traced?: unknown;
}

/**
 * The statements `rows` accepted as reads, each text checked once: a SELECT that locks nothing
 * (a ReadGroup's transaction would hold its locks until the group ends).
 */
const checkedReads = new Set<string>();
function assertRead(text: string): void {
  if (checkedReads.has(text)) return;
  if (!/^\s*SELECT\b/i.test(text) || /\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b/i.test(text)) {
    throw new Error(`PreparedSql.rows takes reads only (a SELECT that locks nothing), not: ${text.slice(0, 60)}`);
  }
  checkedReads.add(text);
}

/**
 * The hot-path statements of the machine plane (credential lookups, short list reads, token
 * inserts) as named prepared statements: Postgres parses and plans each once per connection, and
 * no TypeORM QueryRunner is set up per query. Everything else goes through TypeORM as usual.
 * Each call carries a label that names the statement for people and tests (test/hot-queries
 * captures the machine plane's statements by label); the prepared statement's own name is
 * derived from its text (statementName), so labels cannot collide.
 *
 * `rows` pipelines (DB_PIPELINE_CONNECTIONS > 0): statements are sent on a few dedicated
 * connections in pg's pipeline mode (`committedRows`, the durable one-statement writes, on as
 * many others of their own), and every statement issued during one turn of the event
 * loop is written in one corked write; Postgres answers them in order. Under load that replaces
 * a pool checkout, a socket write and a wake-up of a backend per query with one per batch
 * (profiling showed the per-query write as the largest single cost of an authenticated read).
 * Each write carries its own Sync, so it runs in its own implicit transaction. Reads (`rows`,
 * SELECTs only) share a Sync with the reads next to them once the connection has parsed their
 * statement (ReadGroup, at most MAX_READ_GROUP): Postgres then flushes its answers and ends a
 * transaction once per group instead of once per read. An error in one read is still its own:
 * the reads after it in its group, which Postgres skipped, are sent again. A slow statement would
 * hold up the ones behind it on its connection, so only statements that are short by
 * construction (an index lookup with a small limit in `rows`, a single-row insert in
 * `committedRows` or `write`) belong here; anything whose cost grows with data (counts, deep
 * offsets) goes to `pooledRows`. Never for transactions: use TypeORM's EntityManager.
 */
@Injectable()
export class PreparedSql implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PreparedSql.name);
  /**
   * Whether statements are named (parsed and planned once per connection): not behind a
   * transaction pooler, where the next statement may run on another server connection, which has
   * never seen the name (ADR 0274). Unnamed, each is parsed with its Bind, in the same write.
   */
  readonly namedStatements: boolean;
  private readonly expectedSettings?: Record<string, number>;
  /** The pipelined connections of reads (and of writes that do not wait for their commit's flush). */
  private readonly reads: LaneSet;
  /** Those of one-statement writes that wait for their commit's WAL flush (`committedRows`). */
  private readonly commits: LaneSet;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    config: AppConfig,
  ) {
    assertDriverInternals(db);
    const bounds = connectionBounds(config);
    const pooled = behindTransactionPooler(config);
    this.namedStatements = !pooled;
    if (pooled) this.expectedSettings = expectedServerSettings(bounds);
    const options = {
      connectionString: singleHostUrl(config.databaseUrl),
      application_name: APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...startupTimeouts(bounds, config),
    };
    // the pool's gate (data-source-options.ts), so that pool and lanes probe a stalled Postgres together
    const gate = (db.options as { extra?: { gate?: ConnectGate } }).extra?.gate ?? new ConnectGate();
    const hosts = PrimaryHosts.for(config.databaseUrl);
    const lanes = { options, logger: this.logger, answerTimeoutMs: bounds.answerTimeoutMs, gate, hosts };
    // Behind a transaction pooler no lane is opened: every statement goes through the pool (ADR 0274).
    const laneCount = pooled ? 0 : config.dbPipelineConnections;
    this.reads = new LaneSet(laneCount, lanes, true);
    this.commits = new LaneSet(laneCount, lanes, false);
  }

  /**
   * Behind a transaction pooler the server-side bounds (ADR 0231) are the pooler's to set, on
   * every server connection (connect_query) or on the role: warns, naming what to set, when the
   * connection the pool is given has other values. Never stops the boot: every statement is still
   * bounded by the answer watchdog.
   */
  async onApplicationBootstrap(): Promise<void> {
    const expected = this.expectedSettings;
    if (!expected) return;
    try {
      const { rows } = await this.pool.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name = ANY($1::text[])`,
        [Object.keys(expected)],
      );
      const wrong = rows.filter((r) => Number(r.setting) !== expected[r.name]);
      if (wrong.length > 0) {
        this.logger.warn(
          `DATABASE_POOLER=transaction: the pooler's server connections have ${wrong.map((r) => `${r.name}=${r.setting}ms`).join(', ')}; ` +
            `set ${Object.entries(expected)
              .map(([name, ms]) => `${name} = ${ms}`)
              .join(', ')} in its connect_query or on the role (docs/operations.md, "Behind a connection pooler")`,
        );
      }
    } catch (err) {
      this.logger.warn(`DATABASE_POOLER=transaction: could not read the server connections' timeouts: ${(err as Error).message}`);
    }
  }

  private get pool(): Pool {
    return (this.db.driver as PostgresDriver).master as Pool;
  }

  /**
   * A short statement, pipelined with the others issued in the same event-loop turn (and, when
   * every connection has a batch in flight, with those issued until one is answered).
   */
  rows<T>(label: string, text: string, values: unknown[]): Promise<T[]> {
    assertRead(text);
    return this.reads.size === 0 ? this.pooledRows<T>(label, text, values) : this.reads.rows<T>(text, values);
  }

  /**
   * A one-statement write that commits by itself and waits for its commit's WAL flush (an insert
   * the client is told is stored), pipelined like `rows` but on connections of its own: a flush
   * can take a disk's hiccup (100-200 ms seen on the bench host, while autovacuum wrote its WAL),
   * and the reads queued behind such a write on its connection waited as long (bench/README.md
   * finding 25). Writes still wait for writes, which they would anyway for the flush.
   */
  committedRows<T>(label: string, text: string, values: unknown[]): Promise<T[]> {
    return this.commits.size === 0 ? this.pooledRows<T>(label, text, values) : this.commits.rows<T>(text, values);
  }

  /**
   * A row of a mergeable write: pipelined like `rows`, and merged into one statement with the
   * other rows of the same write that go out in the same batch (those issued in this turn, or
   * while every connection was busy). If Postgres refuses the merged statement, nothing of it was
   * written (its own implicit transaction), and each row is sent again alone, so a row is refused
   * only for itself; a lost connection fails them all, as it fails every statement it carried.
   * Such a write commits asynchronously (it does not wait for the flush), so it goes with the reads.
   */
  write<R>(write: MergeableWrite<R>, row: R): Promise<void> {
    if (this.reads.size === 0) return this.pooledRows(write.label, write.one, write.oneValues(row)).then(() => undefined);
    return this.reads.write(write, row);
  }

  /** A page of a list: pipelined while the offset is shallow, pooled past PIPELINED_MAX_OFFSET. */
  pageRows<T>(label: string, text: string, values: unknown[], offset: number): Promise<T[]> {
    return offset <= PIPELINED_MAX_OFFSET ? this.rows<T>(label, text, values) : this.pooledRows<T>(label, text, values);
  }

  /** A statement on a pooled connection of its own, for anything that may take a while. */
  async pooledRows<T>(_label: string, text: string, values: unknown[]): Promise<T[]> {
    return (await this.pooledResult(text, values)).rows as T[];
  }

  /** pooledRows's whole result: the rows and the count of rows the statement wrote. */
  pooledResult(text: string, values: unknown[]): Promise<QueryResult> {
    return this.pool.query(statementQuery(text, values, this.namedStatements));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.reads.end(), this.commits.end()]);
  }
}

/**
 * A set of pipelined connections and the statements waiting for them: each flush writes what
 * waits as one batch, spread over the connections that have room (PIPELINE_BATCHES_IN_FLIGHT).
 *
 * No statement waits longer than `answerTimeoutMs` from the moment it was issued (ADR 0231): a
 * watchdog, every WATCHDOG_INTERVAL_MS, fails the statements still queued past it and destroys
 * a lane whose oldest batch (counted from when its first statement was queued) is still
 * unanswered past it; the lane reconnects for the next batch. One timer per set, not per statement.
 */
class LaneSet {
  readonly lanes: PipelineLane[];
  private queue: Pending[] = [];
  private scheduled = false;
  private next = 0;
  private readonly watchdog?: NodeJS.Timeout;

  /** `reads`: whether `rows` statements here are reads (the read lanes) or one-statement writes (the commit lanes). */
  private readonly logger: Logger;
  private readonly answerTimeoutMs: number;

  constructor(
    count: number,
    settings: { options: ClientConfig; logger: Logger; answerTimeoutMs: number; gate: ConnectGate; hosts?: PrimaryHosts },
    private readonly reads: boolean,
  ) {
    this.logger = settings.logger;
    this.answerTimeoutMs = settings.answerTimeoutMs;
    this.lanes = Array.from(
      { length: count },
      () => new PipelineLane(settings.options, settings.logger, settings.gate, this.schedule, this.resend, settings.hosts),
    );
    if (count > 0) this.watchdog = setInterval(this.sweep, WATCHDOG_INTERVAL_MS).unref();
  }

  private enqueue(p: Pending): void {
    p.queuedAt ??= performance.now(); // a statement sent again keeps its first time
    if (traceContext) p.traced ??= traceContext.capture();
    this.queue.push(p);
    this.schedule();
  }

  /**
   * The sweep runs after the event loop has read the sockets: timers run before it does, so after
   * a stall of this process's own (a long garbage collection, a CPU-bound callback) answers that
   * came in meanwhile are still unread when the interval fires, and their lanes would look
   * unanswered (PooledClient waits the same way).
   */
  private readonly sweep = (): void => {
    setImmediate(this.sweepAnswered);
  };

  private readonly sweepAnswered = (): void => {
    const before = performance.now() - this.answerTimeoutMs;
    for (const lane of this.lanes) lane.abandonIfOlder(before, this.answerTimeoutMs);
    if (this.queue.length === 0 || this.queue[0].queuedAt! >= before) return;
    const late = this.queue.filter((p) => p.queuedAt! < before);
    this.queue = this.queue.filter((p) => p.queuedAt! >= before);
    this.logger.warn(`${late.length} pipelined statements found no answering connection within ${this.answerTimeoutMs} ms`);
    const err = new DatabaseStalledError(this.answerTimeoutMs);
    for (const p of late) p.reject(err);
  };

  get size(): number {
    return this.lanes.length;
  }

  rows<T>(text: string, values: unknown[]): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      this.enqueue({ name: statementName(text), text, values, resolve: resolve, reject, read: this.reads });
    });
  }

  write<R>(write: MergeableWrite<R>, row: R): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const merge = { write: write as MergeableWrite<unknown>, row };
      this.enqueue({
        name: statementName(write.one),
        text: write.one,
        values: write.oneValues(row),
        resolve: () => resolve(),
        reject,
        merge,
        read: false,
      });
    });
  }

  /** A read Postgres skipped (ReadGroup): it goes out again with the next flush. */
  private readonly resend = (p: Pending): void => this.enqueue(p);

  /** A flush at the end of this turn (after the I/O callbacks and microtasks that add to the batch). */
  private readonly schedule = (): void => {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  };

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    // Lanes at their limit take nothing now; the first to be answered schedules the next flush.
    const free = this.lanes.filter((lane) => lane.inFlight < PIPELINE_BATCHES_IN_FLIGHT);
    if (free.length === 0) return;
    const batch = this.mergeWrites(this.queue);
    this.queue = [];
    // Spread the batch over the free lanes so every backend works on it; a lone statement takes one lane.
    const share = Math.ceil(batch.length / free.length);
    for (let i = 0; i < batch.length; i += share) {
      const part = batch.slice(i, i + share);
      let since = Infinity;
      for (const p of part) since = Math.min(since, p.queuedAt!);
      free[this.next++ % free.length].submit(part, since);
    }
  };

  /** The batch with the rows of each MergeableWrite merged (MAX_MERGED_ROWS per statement at most). */
  private mergeWrites(queue: Pending[]): Pending[] {
    let groups: Map<MergeableWrite<unknown>, Pending[]> | undefined;
    const batch: Pending[] = [];
    for (const p of queue) {
      if (!p.merge) {
        batch.push(p);
        continue;
      }
      groups ??= new Map();
      const group = groups.get(p.merge.write);
      if (group) group.push(p);
      else groups.set(p.merge.write, [p]);
    }
    for (const [write, rows] of groups ?? []) {
      if (rows.length === 1) batch.push(rows[0]);
      else for (let i = 0; i < rows.length; i += MAX_MERGED_ROWS) batch.push(this.merged(write, rows.slice(i, i + MAX_MERGED_ROWS)));
    }
    return batch;
  }

  private merged(write: MergeableWrite<unknown>, rows: Pending[]): Pending {
    return {
      name: statementName(write.many),
      text: write.many,
      values: write.manyValues(rows.map((p) => p.merge!.row)),
      read: false,
      queuedAt: Math.min(...rows.map((p) => p.queuedAt!)),
      resolve: () => rows.forEach((p) => p.resolve([])),
      reject: (err) => {
        if (err instanceof DatabaseError) {
          // Postgres refused it, so none of it was written: each row again on its own, answered for itself
          for (const p of rows) this.enqueue({ ...p, merge: undefined });
        } else rows.forEach((p) => p.reject(err));
      },
    };
  }

  async end(): Promise<void> {
    clearInterval(this.watchdog);
    await Promise.all(this.lanes.map((lane) => lane.end()));
  }
}

/**
 * Every statement on a pipelined connection runs its generic plan, planned once per connection.
 * Left to choose, Postgres kept planning the list pages on every execution: with `LIMIT $n` a
 * parameter, the generic plan's estimate (a tenth of the rows) always looked dearer than a plan
 * for the actual limit, and planning was most of the statement's cost (perf: get_relation_info,
 * build_index_pathkeys, ...; 42 against 13 µs of backend CPU for a 10-row page, finding 19).
 * Only short statements run here, each an index lookup or an index-ordered page, whose generic
 * plan is that same index path (test/hot-queries.e2e-spec.ts EXPLAINs them as generic plans).
 */
const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

/**
 * One dedicated pipelined connection, connected on first use and again after it is lost. Counts
 * its batches in flight: a batch is in flight from its submission until every statement in it is
 * settled (answered, failed, or failed with a lost connection: pg settles every query it holds).
 */
class PipelineLane {
  private client?: Client;
  private connecting?: Promise<Client>;
  /** The client `connecting` opens, so that a stalled connect can be given up too. */
  private opening?: Client;
  /** When the first statement of each batch in flight was queued, oldest first (batches are answered in order). */
  private readonly inFlightSince: number[] = [];
  private ended = false;
  /** What each connection learnt of its statements' rows (a new connection starts afresh). */
  private readonly shapes = new WeakMap<Client, ConnectionShapes>();
  inFlight = 0;

  constructor(
    private readonly options: ClientConfig,
    private readonly logger: Logger,
    private readonly gate: ConnectGate,
    /** Called when a batch is settled, so that statements waiting for a free lane go out. */
    private readonly onSettled: () => void,
    /** Takes back a read Postgres skipped, to send it again. */
    private readonly resend: (p: Pending) => void,
    /** With a host list in DATABASE_URL: which server to connect to (ADR 0276). */
    private readonly hosts?: PrimaryHosts,
  ) {}

  submit(batch: Pending[], since: number): void {
    this.inFlight++;
    this.inFlightSince.push(since);
    let left = batch.length;
    const settled = () => {
      if (--left === 0) {
        this.inFlight--;
        const at = this.inFlightSince.indexOf(since);
        if (at !== -1) this.inFlightSince.splice(at, 1);
        this.onSettled();
      }
    };
    if (this.client) {
      this.write(this.client, batch, settled);
      return;
    }
    this.connect().then(
      (client) => this.write(client, batch, settled),
      (err: Error) =>
        batch.forEach((p) => {
          settled();
          p.reject(err);
        }),
    );
  }

  /**
   * Destroys the connection (or the connect in progress) when its oldest batch in flight was
   * queued before `before`: Postgres or the network is stalled. pg fails every statement the
   * connection carried; the next batch opens a new connection.
   */
  abandonIfOlder(before: number, answerTimeoutMs: number): void {
    if (this.inFlight === 0 || this.inFlightSince[0] >= before) return;
    const client = this.client ?? this.opening;
    if (!client) return;
    this.logger.warn(`pipelined database connection gave no answer within ${answerTimeoutMs} ms: closing it`);
    this.gate.stall();
    this.forget(client);
    destroyConnection(client, new DatabaseStalledError(answerTimeoutMs));
  }

  private connect(): Promise<Client> {
    if (this.ended) return Promise.reject(new Error('the database connection is shutting down'));
    if (!this.connecting) {
      const client = new Client({ ...this.options, pipeline: true });
      this.opening = client;
      this.shapes.set(client, ConnectionShapes.of(client));
      // A lost connection fails what it carried (pg rejects those queries); the next batch reconnects.
      // With a host list, to the primary found anew (ADR 0276); one on a read-only server is closed.
      let server: Endpoint | undefined;
      const serverLost = () => this.hosts?.lost(server);
      closeWhenReadOnly(client, serverLost);
      client.on('error', (err) => {
        this.logger.warn(`pipelined database connection lost: ${err.message}`);
        this.forget(client);
        serverLost();
      });
      client.on('end', () => this.forget(client));
      const open = this.hosts ? () => this.hosts!.connect(client).then((s) => void (server = s)) : () => client.connect();
      this.connecting = this.gate
        .through(() => open().then(() => client.query(GENERIC_PLANS)))
        .then(
          () => {
            this.connecting = undefined;
            this.opening = undefined;
            this.client = client;
            return client;
          },
          (err: Error) => {
            this.connecting = undefined;
            this.opening = undefined;
            void client.end().catch(() => undefined); // connected but not set up: not used
            // pg's own connect timeout says only 'timeout expired': say what it is, a Postgres not answering (503)
            throw err.message === 'timeout expired' ? new DatabaseStalledError(CONNECT_TIMEOUT_MS) : err;
          },
        );
    }
    return this.connecting;
  }

  private forget(client: Client): void {
    if (this.client === client) this.client = undefined;
  }

  private write(client: Client, batch: Pending[], settled: () => void): void {
    const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection
      .stream;
    const shapes = this.shapes.get(client)!;
    // Every query is made before any is submitted: a member of a ReadGroup must know, when pg
    // submits it, whether another follows it.
    const queries: PipelinedQuery[] = [];
    let group: ReadGroup | undefined;
    for (const p of batch) {
      if (!p.read || !ReadGroup.accepts(client, p.name, p.text)) group = undefined;
      else if (!group || group.size === MAX_READ_GROUP) group = new ReadGroup(client);
      // Built from the text rather than a config object: pg copies a config object through
      // property descriptors on every query, which profiling showed on the hot path.
      const query = new PipelinedQuery(
        p.text,
        p.values,
        (err: Error | null | undefined, result: QueryResult) => {
          settled();
          if (err instanceof NotRunError) this.resend(p);
          else if (err) p.reject(err);
          else p.resolve(result.rows as never[]);
        },
        p.name,
        shapes,
        group,
      );
      queries.push(query);
    }
    stream.cork();
    try {
      queries.forEach((query, i) => {
        try {
          if (traceContext) traceContext.within(batch[i].traced, () => client.query(query));
          else client.query(query);
        } catch (err) {
          // not queued, so pg will never settle it: settle it here, or the lane would wait for it for good
          settled();
          batch[i].reject(err as Error);
        }
      });
    } finally {
      stream.uncork();
    }
  }

  async end(): Promise<void> {
    this.ended = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
