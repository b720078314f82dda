import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { redisOptionsFromUrl } from './redis-url';

/**
 * The shared command connection. Closed at application shutdown, after the HTTP server has
 * stopped and in-flight requests have finished.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;

  constructor(private readonly config: AppConfig) {
    this.client = this.createConnection('command');
  }

  /** A new connection with the service's options (subscribers and BullMQ need their own). */
  createConnection(name: string, extra: Partial<import('ioredis').RedisOptions> = {}): Redis {
    const client = new Redis({
      ...redisOptionsFromUrl(this.config.redisUrl),
      connectionName: `ans:${name}`,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 2,
      ...extra,
    });
    client.on('error', (err: Error) => this.logger.warn(`redis ${name}: ${err.message}`));
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
