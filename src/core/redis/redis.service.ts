import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { redisConnectionOptions } from './redis-url';

/** A command that has no answer within this is failed (a 503 for the request), never left hanging. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/**
 * Reconnect quickly after an outage: 50 ms, 100 ms, ... at most 250 ms between attempts, so a node
 * answers again within about a quarter of a second of Redis returning, with room to spare on a
 * loaded host for the 1 s that test/redis-outage.e2e-spec.ts holds it to (with 500 ms, a busy CI
 * host once took over 1 s). A refused connect costs next to nothing: 4 a second per connection.
 */
export const RECONNECT_DELAY = (attempt: number) => Math.min(attempt * 50, 250);

const COUNT_IN_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * The shared command connection. Closed at application shutdown, after the HTTP server has
 * stopped and in-flight requests have finished.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;

  constructor(private readonly config: AppConfig) {
    this.client = this.createConnection('command', { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  }

  /** The Redis database the service uses (REDIS_URL's path, 0 when it names none), with Sentinel too. */
  get db(): number {
    return this.client.options.db ?? 0;
  }

  /** A new connection with the service's options (subscribers and BullMQ need their own). */
  createConnection(name: string, extra: Partial<import('ioredis').RedisOptions> = {}): Redis {
    const client = new Redis({
      ...redisConnectionOptions(this.config),
      connectionName: `ans:${name}`,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 2,
      retryStrategy: RECONNECT_DELAY,
      ...extra,
    });
    client.on('error', (err: Error) => this.logger.warn(`redis ${name}: ${err.message}`));
    return client;
  }

  /**
   * INCR a counter whose window starts with its first hit (the TTL is set then, and repaired if
   * a key ever lost it). Atomic across nodes. Returns the count and the seconds left.
   */
  async countInWindow(key: string, windowSeconds: number): Promise<{ count: number; ttl: number }> {
    const [count, ttl] = (await this.client.eval(COUNT_IN_WINDOW, 1, key, windowSeconds)) as [number, number];
    return { count, ttl };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
