import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { QueueNames } from '../core/config/queue-names';
import type { StoredDomainEvent } from './domain-event-types';
import { DomainEventsRepository } from './domain-events.repository';
import { AfterRelay, OutboxConsumers } from './outbox-consumers';

/** Events handed to the queue per transaction. */
export const RELAY_BATCH = 100;
/** An enqueue that takes longer than this (Redis unreachable) rolls the batch back for a later try. */
export const RELAY_ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Moves committed domain events from the outbox table to the `events` queue. In one transaction
 * it locks a batch of unpublished events (SKIP LOCKED, so nodes share the work), lets the durable
 * consumers (outbox-consumers.ts: the webhook fan-out) write what they derive from the batch,
 * adds one job per event with the event id as job id (BullMQ ignores a second add of the same
 * id), and marks them published. If Redis is down the enqueue fails, the transaction rolls back,
 * and the events wait in Postgres for the next wake-up: the commit of an event on this node
 * (Outbox.record wakes the relay in process), or the poll every OUTBOX_POLL_MS, which also finds
 * the events of a node that stopped before relaying them. After the commit, the consumers'
 * follow-up work runs.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: DomainEventsRepository,
    @InjectQueue(QueueNames.events) private readonly queue: Queue<StoredDomainEvent>,
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
    const after: AfterRelay[] = [];
    const published = await this.db.transaction(async (m) => {
      const events = await this.repo.lockUnpublished(m, RELAY_BATCH);
      if (events.length === 0) return 0;
      for (const consumer of this.consumers.all()) {
        const followUp = await consumer.onRelay(m, events);
        if (followUp) after.push(followUp);
      }
      const jobs = events.map((event) => ({ name: event.type, data: event, opts: { jobId: event.id } }));
      await withTimeout(this.queue.addBulk(jobs), RELAY_ENQUEUE_TIMEOUT_MS, 'enqueueing domain events');
      await this.repo.markPublished(
        m,
        events.map((e) => e.id),
      );
      return events.length;
    });
    for (const followUp of after) {
      // Consumers recover their own follow-up work (the webhook re-drive sweep); a failure here loses nothing.
      await followUp().catch((err: Error) => this.logger.warn(`outbox consumer follow-up: ${err.message}`));
    }
    return published;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
