import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisChannels } from './redis-keys';
import { RedisService } from './redis.service';

export interface BusEvent {
  type: string;
  [key: string]: unknown;
}
type Handler = (event: BusEvent) => void;

/**
 * Cross-node events over Redis pub/sub: cache invalidation (revokes, deactivations, workspace
 * status), socket disconnects and command pushes. Publishing also delivers to this node's
 * handlers synchronously, so the node that made a change never serves a stale cache, even
 * before the round trip through Redis.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  private readonly handlers = new Map<string, Set<Handler>>();
  private subscriber?: Redis;
  private readonly nodeId = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

  constructor(private readonly redis: RedisService) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.createConnection('subscriber', { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    await this.subscriber.subscribe(RedisChannels.events);
  }

  on(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  async publish(event: BusEvent): Promise<void> {
    this.dispatch(event);
    await this.redis.client.publish(RedisChannels.events, JSON.stringify({ ...event, origin: this.nodeId }));
  }

  private receive(message: string): void {
    let event: BusEvent & { origin?: string };
    try {
      event = JSON.parse(message);
    } catch {
      return;
    }
    if (event.origin === this.nodeId) return; // already dispatched locally
    this.dispatch(event);
  }

  private dispatch(event: BusEvent): void {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (err) {
        this.logger.error({ err }, `event handler for ${event.type} failed`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }
}
