import type { RedisSentinelSettings } from '../config/app-config';
import type { RedisOptions } from 'ioredis';

/** Where a Redis server is: accepted as it is by both ioredis and BullMQ's connection options. */
export interface RedisServerOptions {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: Record<string, never>;
}

/** Connection options from a redis:// or rediss:// URL (BullMQ takes options, not a URL). */
export function redisOptionsFromUrl(url: string): RedisServerOptions {
  const u = new URL(url);
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

/** What a Redis connection is built from: AppConfig's redisUrl and redisSentinel. */
export interface RedisEndpointConfig {
  readonly redisUrl: string;
  readonly redisSentinel?: RedisSentinelSettings | undefined;
}

/**
 * A connect that has not completed within this fails, and the next attempt asks the sentinels
 * again: a master that vanished from the network (rather than refusing, as a dead process does)
 * must not hold a reconnect for ioredis's default 10 s after Sentinel has promoted another.
 */
export const SENTINEL_CONNECT_TIMEOUT_MS = 2000;
/** A sentinel that does not answer within this is skipped for the next one in the list. */
export const SENTINEL_COMMAND_TIMEOUT_MS = 500;

/**
 * The options of every Redis connection the service opens (commands, the event bus, BullMQ):
 * REDIS_URL's server, or, with REDIS_SENTINELS, the master the sentinels name (ioredis's own
 * Sentinel support; ADR 0275). REDIS_URL then still gives the database, the credentials and
 * TLS (`rediss://`) for the master.
 */
export function redisConnectionOptions(config: RedisEndpointConfig): RedisOptions {
  const server = redisOptionsFromUrl(config.redisUrl);
  const sentinel = config.redisSentinel;
  if (!sentinel) return server;
  const { host: _unusedHost, port: _unusedPort, ...master } = server;
  return {
    ...master,
    sentinels: sentinel.sentinels.map(({ host, port }) => ({ host, port })),
    name: sentinel.masterName,
    sentinelUsername: sentinel.username,
    sentinelPassword: sentinel.password,
    sentinelTLS: sentinel.tls ? {} : undefined,
    // ioredis connects to the resolved master over TLS only with this and `tls` both set.
    enableTLSForSentinelMode: master.tls !== undefined,
    sentinelCommandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
    connectTimeout: SENTINEL_CONNECT_TIMEOUT_MS,
    // A write that reaches a master Sentinel has just demoted (before it closes our connection)
    // answers READONLY: reconnect, which asks the sentinels for the new master, and resend it.
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
  };
}
