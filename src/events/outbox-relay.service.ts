import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { Db } from '../core/database/db.service';
import { EventBus } from '../core/redis/event-bus.service';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEventBusMessage, toDomainEvent } from './domain-event-types';
import { DomainEventsRepository } from './domain-events.repository';
import { AfterRelay, OutboxConsumers } from './outbox-consumers';

/** Events published per transaction. */
export const RELAY_BATCH = 100;
/** A publish that takes longer than this (Redis unreachable) rolls the batch back for a later try. */
export const RELAY_PUBLISH_TIMEOUT_MS = 2000;

const noop = (): void => undefined;

/**
 * Moves committed domain events from the outbox table to every node's sockets. In one transaction
 * it locks a batch of unpublished events (SKIP LOCKED, so nodes share the work), publishes each
 * once on the EventBus (EventBus.broadcastOnce: a relay that publishes an event again, racing
 * another or after a commit that failed, publishes nothing), lets the durable consumers
 * (outbox-consumers.ts: the webhook fan-out) write what they derive from the batch, and marks
 * the events published: `BEGIN` goes with the lock, and the consumers' statements, the delete and
 * `COMMIT` go in one write after the publish (Db.pipelined). If Redis is down the publish
 * fails, the transaction rolls back, and the events wait in Postgres for the next wake-up: the
 * commit of an event on this node (Outbox.record wakes the relay in process), or the poll every
 * OUTBOX_POLL_MS, which also finds the events of a node that stopped before relaying them. After
 * the commit, the consumers' follow-up work runs.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly repo: DomainEventsRepository,
    private readonly bus: EventBus,
    private readonly config: AppConfig,
    private readonly consumers: OutboxConsumers,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.outboxPollMs);
    this.timer.unref();
    this.wake(); // what waited while no node ran
  }

  /** Relays what is unpublished now; a wake-up during a run makes it run once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.relayBatch()) === RELAY_BATCH);
      } catch (err) {
        this.logger.warn(`outbox relay: ${(err as Error).message}; unpublished events stay for the next try`);
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** One batch in one transaction; returns how many events it published. */
  async relayBatch(): Promise<number> {
    let after: (AfterRelay | undefined)[] = [];
    const published = await this.db.pipelined(async (tx) => {
      const events = await this.repo.lockUnpublished(tx, RELAY_BATCH);
      if (events.length === 0) return 0;
      const messages = events.map((e) => {
        const message: DomainEventBusMessage = { type: DOMAIN_EVENT_BUS_TYPE, workspaceId: e.workspace_id, event: toDomainEvent(e) };
        return { id: e.id, event: { ...message } };
      });
      await this.bus.broadcastOnce(messages, RELAY_PUBLISH_TIMEOUT_MS);
      // Issued without waiting, so they leave with the COMMIT in one write; a failure rolls it all back.
      const consumed = this.consumers.all().map((consumer) => consumer.onRelay(tx, events));
      for (const c of consumed) c.catch(noop); // reported by commit()
      this.repo
        .markPublished(
          tx,
          events.map((e) => e.id),
        )
        .catch(noop);
      await tx.commit();
      after = await Promise.all(consumed);
      return events.length;
    });
    for (const followUp of after) {
      // Consumers recover their own follow-up work (the webhook re-drive sweep); a failure here loses nothing.
      await followUp?.().catch((err: Error) => this.logger.warn(`outbox consumer follow-up: ${err.message}`));
    }
    return published;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
