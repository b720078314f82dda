import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { AppConfig } from '../config/app-config';
import { type Endpoint, singleHostUrl } from '../config/postgres-hosts';
import { APPLICATION_NAME, CONNECT_TIMEOUT_MS } from './data-source-options';
import { PrimaryHosts } from './primary-hosts';

/** Called with the notification's payload, or with none after (re)connecting (see the class). */
type Listener = (payload?: string) => void;

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_DELAY_MS = 1000;

/**
 * PostgreSQL LISTEN on one dedicated connection per node, to DATABASE_LISTEN_URL (PostgreSQL
 * itself, not a transaction pooler, which would hand the listening session to other clients). A statement that calls
 * `pg_notify(channel, payload)` inside a transaction wakes every node's listeners when, and only
 * if, that transaction commits, with the payload. A listener is also called, without a payload,
 * after the connection is (re)established, since notifications sent while it was down are lost:
 * a payload may say what changed (so a listener needs to drop only that), but a call without one,
 * and a time when isListening is false, mean that anything may have changed.
 */
@Injectable()
export class DatabaseNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseNotifications.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly connectionListeners = new Set<() => void>();
  /** Channels LISTENed on the current connection. */
  private readonly active = new Set<string>();
  private client?: Client;
  private reconnect?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly config: AppConfig) {}

  /** Calls `listener` on every notification of `channel` with its payload (and after every reconnect, without). */
  listen(channel: string, listener: Listener): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad notification channel "${channel}"`);
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    const client = this.client;
    if (client)
      void client.query(`LISTEN ${channel}`).then(
        () => this.client === client && this.activate([channel]),
        () => undefined,
      );
    else this.connect();
  }

  /**
   * Whether notifications of `channel` are arriving now (the connection is up and listening).
   * While they are not, a listener cannot learn of changes and must not trust what only a
   * notification would correct (caches).
   */
  isListening(channel: string): boolean {
    return this.active.has(channel);
  }

  /** Calls `listener` whenever listening starts or stops (after a connect, on a lost connection). */
  onConnectionChange(listener: () => void): void {
    this.connectionListeners.add(listener);
  }

  private activate(channels: string[]): void {
    for (const channel of channels) this.active.add(channel);
    this.connectionChanged();
  }

  private connectionChanged(): void {
    for (const listener of this.connectionListeners) {
      try {
        listener();
      } catch (err) {
        this.logger.error(`notification connection listener failed: ${(err as Error).message}`);
      }
    }
  }

  private connect(): void {
    if (this.stopped || this.client || this.reconnect) return;
    const client = new Client({
      // PostgreSQL directly, never a transaction pooler (DATABASE_LISTEN_URL, ADR 0274); its first host of a list (ADR 0276)
      connectionString: singleHostUrl(this.config.databaseListenUrl),
      application_name: `${APPLICATION_NAME}-listen`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.client = client;
    // with a host list, on the primary (NOTIFY is sent there; a standby refuses LISTEN), found anew after a loss (ADR 0276)
    const hosts = PrimaryHosts.for(this.config.databaseListenUrl);
    let server: Endpoint | undefined;
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      hosts?.lost(server);
      this.client = undefined;
      this.active.clear();
      this.connectionChanged();
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      if (err) this.logger.warn(`notification connection lost: ${err.message}`);
      this.reconnect = setTimeout(() => {
        this.reconnect = undefined;
        this.connect();
      }, RECONNECT_DELAY_MS);
      this.reconnect.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => this.notify(msg.channel, msg.payload));
    (hosts ? hosts.connect(client).then((s) => void (server = s)) : client.connect())
      .then(async () => {
        for (const channel of this.listeners.keys()) await client.query(`LISTEN ${channel}`);
        if (this.client !== client) return;
        this.activate([...this.listeners.keys()]);
        for (const channel of this.listeners.keys()) this.notify(channel);
      })
      .catch((err: Error) => lost(err));
  }

  private notify(channel: string, payload?: string): void {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        this.logger.error(`notification listener of ${channel} failed: ${(err as Error).message}`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    this.active.clear();
    await client?.end().catch(() => undefined);
  }
}
