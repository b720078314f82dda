import { Client } from 'pg';
import { type Endpoint, type HostList, parseHostList } from '../config/postgres-hosts';

/**
 * How long a failed search for the primary is the answer for every connection attempt (ADR
 * 0276): during a switch each request needing a new connection answers 503 at once, and the
 * servers are asked again at most this often, not once for each request.
 */
export const PRIMARY_SEARCH_RETRY_MS = 250;

/** How long one server of the list may take to answer the search (the connect and its one statement). */
const PROBE_TIMEOUT_MS = 2500;

/** No server of the list took writes: class 08 (sqlclient_unable_to_establish_sqlconnection), so 503 `database_unavailable`. */
export class NoPrimaryError extends Error {
  readonly code = '08001';
  constructor(tried: string[]) {
    super(`no PostgreSQL server of DATABASE_URL accepts writes now (${tried.join('; ')})`);
  }
}

/**
 * A connection was on a server that no longer takes writes (25006 read_only_sql_transaction: a
 * demoted primary, or a standby): it is closed, and what it carried answers 503.
 */
export class ServerReadOnlyError extends Error {
  readonly code = '25006';
  constructor() {
    super('the PostgreSQL server of this connection is read-only now (demoted, or a standby); the connection was closed');
  }
}

/** The SQLSTATE a server answers a write with once it is read-only. */
export const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * Which server of DATABASE_URL's host list new connections go to (ADR 0276). pg 8 connects to
 * one host and has no `target_session_attrs`, so the service does what libpq does: try the
 * hosts in order, keep the first that takes writes (`SHOW transaction_read_only` answers off; for
 * `primary`, `pg_is_in_recovery()` answers false). The answer is kept until a connection to that
 * server fails or finds it read-only (`lost`); then the next connection attempt searches again.
 * Every connection of the service (pool, pipelined lanes, LISTEN, migrations) shares one per URL.
 */
export class PrimaryHosts {
  private static readonly byUrl = new Map<string, PrimaryHosts>();
  private current?: Endpoint;
  private search?: Promise<Endpoint>;
  private failed?: { at: number; err: Error };

  private constructor(private readonly list: HostList) {}

  /** The shared instance for a DATABASE_URL, or undefined for one host without target_session_attrs (pg connects as it does by itself). */
  static for(url: string): PrimaryHosts | undefined {
    let hosts = PrimaryHosts.byUrl.get(url);
    if (!hosts) {
      const list = parseHostList(url);
      if (!list) return undefined;
      hosts = new PrimaryHosts(list);
      PrimaryHosts.byUrl.set(url, hosts);
    }
    return hosts;
  }

  /** The server new connections go to: the one found last, or a search's. */
  primary(): Promise<Endpoint> {
    if (this.current) return Promise.resolve(this.current);
    if (this.failed && performance.now() - this.failed.at < PRIMARY_SEARCH_RETRY_MS) return Promise.reject(this.failed.err);
    this.search ??= this.find().finally(() => (this.search = undefined));
    return this.search;
  }

  /** A connection to `server` failed or found it read-only: the next attempt searches again. */
  lost(server: Endpoint | undefined): void {
    if (server && this.current === server) this.current = undefined;
  }

  /**
   * Points `client` (not yet connected) at the primary and connects it (`open`: how, for a Client
   * whose connect is its own); a failure makes the next attempt search again.
   */
  async connect(client: Client, open: () => Promise<unknown> = () => client.connect()): Promise<Endpoint> {
    const server = await this.primary();
    aim(client, server);
    try {
      await open();
    } catch (err) {
      this.lost(server);
      throw err;
    }
    return server;
  }

  private async find(): Promise<Endpoint> {
    const tried: string[] = [];
    for (const server of this.list.endpoints) {
      const probe = new Client({
        connectionString: this.list.url,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        query_timeout: PROBE_TIMEOUT_MS,
      });
      aim(probe, server);
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        const { rows } = await probe.query<{ ro: string }>(
          this.list.target === 'primary'
            ? `SELECT CASE WHEN pg_is_in_recovery() THEN 'on' ELSE 'off' END AS ro`
            : 'SHOW transaction_read_only',
        );
        const readOnly = Object.values(rows[0])[0] === 'on';
        tried.push(`${server.host}:${server.port} ${readOnly ? 'read-only' : 'takes writes'}`);
        if (!readOnly) {
          this.current = server;
          this.failed = undefined;
          return server;
        }
      } catch (err) {
        tried.push(`${server.host}:${server.port} ${(err as Error).message}`);
      } finally {
        void probe.end().catch(() => undefined);
      }
    }
    const err = new NoPrimaryError(tried);
    this.failed = { at: performance.now(), err };
    throw err;
  }
}

/** pg connects to `client.host` and `client.port` (set from the connection string at construction): aimed before connect. */
function aim(client: Client, server: Endpoint): void {
  const target = client as unknown as { host: string; port: number };
  target.host = server.host;
  target.port = server.port;
}

/**
 * Closes `client` once a statement on it is refused with 25006 (its server is read-only now): it
 * is never reused (pg-pool drops a connection that is not queryable when it comes back), the
 * statements it still carried fail with ServerReadOnlyError (503), and `onReadOnly` is told. The
 * listener runs only on an error answer, never on the hot path.
 */
export function closeWhenReadOnly(client: Client, onReadOnly?: () => void): void {
  const connection = (client as unknown as { connection: NodeJS.EventEmitter & { stream: { destroy(err?: Error): void } } }).connection;
  connection.on('errorMessage', (msg: { code?: string }) => {
    if (msg.code !== READ_ONLY_SQL_TRANSACTION) return;
    (client as unknown as { _queryable: boolean })._queryable = false;
    onReadOnly?.();
    connection.stream.destroy(new ServerReadOnlyError());
  });
}
