import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { withTimeout } from '../common/with-timeout';
import { RedisChannels, RedisKeys, RedisLimits } from './redis-keys';
import { RedisService } from './redis.service';
import type Redis from 'ioredis';

export interface BusEvent {
  type: string;
  [key: string]: unknown;
}
type Handler = (event: BusEvent) => void;
type HealthListener = (healthy: boolean) => void;

/**
 * broadcastOnce: publishes each message (ARGV[i + 2]) whose mark (KEYS[i]) it can set, and sets
 * it for ARGV[2] ms; returns how many it published. Atomic, so a message is published exactly
 * when its mark is set, whoever else tries.
 */
const PUBLISH_ONCE = `
local published = 0
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, '1', 'NX', 'PX', ARGV[2]) then
    redis.call('PUBLISH', ARGV[1], ARGV[i + 2])
    published = published + 1
  end
end
return published`;

/** How many broadcastOnce ids a node remembers having delivered (about 2 MB; minutes of a claim burst). */
export const ONCE_REMEMBERED = 20_000;

/** How often the subscriber connection is pinged. */
export const BUS_PING_INTERVAL_MS = 250;
/** A ping (or a publish) that takes longer than this counts as the bus being down. */
export const BUS_TIMEOUT_MS = 500;

/**
 * Cross-node events over Redis pub/sub: cache invalidation (revokes, deactivations, workspace
 * status), socket disconnects and pushes. Publishing also delivers to this node's handlers
 * synchronously, so the node that made a change never serves a stale cache, even before the
 * round trip through Redis.
 *
 * Pub/sub delivers at most once: a node whose subscriber is cut off misses events. So the bus
 * knows its health (the subscriber connected and answering a ping every 250 ms) and tells
 * listeners when it goes down and comes back; a listener must not trust anything that only an
 * event would correct while it is down (caches), and must re-check what it may have missed
 * when it comes back (live sockets, pending pushes).
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly healthListeners = new Set<HealthListener>();
  private subscriber?: Redis;
  private pinger?: NodeJS.Timeout;
  private pinging = false;
  private healthyNow = false;
  private readonly nodeId = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  /** Ids of the broadcastOnce messages this node's handlers got, oldest first. */
  private readonly delivered = new Set<string>();

  /** The bus's channel: this Redis database's (RedisChannels.events). */
  private readonly channel: string;

  constructor(private readonly redis: RedisService) {
    this.channel = RedisChannels.events(redis.db);
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.createConnection('subscriber', { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    this.subscriber.on('close', () => this.setHealthy(false));
    this.pinger = setInterval(() => void this.ping(), BUS_PING_INTERVAL_MS);
    this.pinger.unref();
    try {
      await withTimeout(this.subscriber.subscribe(this.channel), BUS_TIMEOUT_MS * 4, 'subscribing to the event bus');
      this.setHealthy(true);
    } catch (err) {
      // Boot anyway: the subscription is retried on reconnect, and the bus reports itself down.
      this.logger.warn(`event bus: ${(err as Error).message}`);
    }
  }

  /** Whether events from other nodes are arriving now. */
  get healthy(): boolean {
    return this.healthyNow;
  }

  /** Calls `listener(false)` when the bus goes down and `listener(true)` when it is back. */
  onHealthChange(listener: HealthListener): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  on(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * Delivers to this node's handlers at once, then to the other nodes. Best effort: resolves
   * whether or not Redis took it (false when not), within BUS_TIMEOUT_MS; what must reach other
   * nodes for sure goes through the outbox, or is notified in its transaction too (credential
   * events: CommittedCredentialEvents), and nodes whose bus is down do not rely on events.
   */
  async publish(event: BusEvent): Promise<boolean> {
    this.dispatch(event);
    try {
      const message = JSON.stringify({ ...event, origin: this.nodeId });
      await withTimeout(this.redis.client.publish(this.channel, message), BUS_TIMEOUT_MS, 'publishing');
      return true;
    } catch (err) {
      this.logger.warn(`event ${event.type} not published to other nodes: ${(err as Error).message}`);
      return false;
    }
  }

  /**
   * Delivers to this node's handlers only: an event another node told this one by other means
   * than Redis (CommittedCredentialEvents, from PostgreSQL).
   */
  deliverLocally(event: BusEvent): void {
    this.dispatch(event);
  }

  /**
   * For messages that must reach every node once (relayed domain events), sent again when a try
   * fails. Delivers each to this node's handlers at once unless this node already has, then
   * publishes each to the other nodes unless one was published under its id in the last
   * RedisLimits.broadcastOnceMarkMs (one script: checked and published atomically, across
   * nodes). Every node remembers the ids it delivered (the last ONCE_REMEMBERED), so a message
   * reaches each node's handlers once however many tries publish or deliver it: a try whose
   * publish timed out may still run in Redis later, and this node's subscriber may not be
   * listening when another's publish goes out. Rejects when Redis does not answer within
   * `timeoutMs` (this node has delivered them all the same); a later call with the same ids
   * publishes none of them a second time. Returns how many it published.
   */
  async broadcastOnce(messages: ReadonlyArray<{ id: string; event: BusEvent }>, timeoutMs: number): Promise<number> {
    if (messages.length === 0) return 0;
    for (const m of messages) if (this.firstDelivery(m.id)) this.dispatch(m.event);
    const keys = messages.map((m) => RedisKeys.broadcastOnce(m.id));
    const bodies = messages.map((m) => JSON.stringify({ ...m.event, once: m.id, origin: this.nodeId }));
    return (await withTimeout(
      this.redis.client.eval(PUBLISH_ONCE, keys.length, ...keys, this.channel, RedisLimits.broadcastOnceMarkMs, ...bodies),
      timeoutMs,
      'publishing once',
    )) as number;
  }

  /** Whether this node has not yet delivered the broadcastOnce message `id` (and remembers it now). */
  private firstDelivery(id: string): boolean {
    if (this.delivered.has(id)) return false;
    this.delivered.add(id);
    if (this.delivered.size > ONCE_REMEMBERED) this.delivered.delete(this.delivered.values().next().value!);
    return true;
  }

  private async ping(): Promise<void> {
    if (this.pinging || !this.subscriber) return;
    this.pinging = true;
    try {
      if (this.subscriber.status !== 'ready') throw new Error(`subscriber ${this.subscriber.status}`);
      await withTimeout(this.subscriber.ping(), BUS_TIMEOUT_MS, 'event bus ping');
      this.setHealthy(true);
    } catch {
      this.setHealthy(false);
    } finally {
      this.pinging = false;
    }
  }

  private setHealthy(healthy: boolean): void {
    if (healthy === this.healthyNow) return;
    this.healthyNow = healthy;
    if (healthy) this.logger.log('event bus is back: re-checking what may have been missed');
    else this.logger.warn('event bus is down: caches bypassed and live sockets re-checked from the database');
    for (const listener of this.healthListeners) {
      try {
        listener(healthy);
      } catch (err) {
        this.logger.error({ err }, 'event bus health listener failed');
      }
    }
  }

  private receive(message: string): void {
    let event: BusEvent & { origin?: string; once?: unknown };
    try {
      event = JSON.parse(message);
    } catch {
      return;
    }
    if (event.origin === this.nodeId) return; // already dispatched locally
    if (typeof event.once === 'string' && !this.firstDelivery(event.once)) return;
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
    clearInterval(this.pinger);
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }
}
