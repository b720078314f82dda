import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { type AfterRelay, OutboxConsumer, type StoredDomainEvent } from '../events';
import { WebhookDeliverer } from './webhook-deliverer.service';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { Tx } from '../core/database/db.service';

/**
 * The webhook fan-out, a durable outbox consumer: in the relay's transaction it creates one
 * delivery per relayed event and matching subscription (idempotent: the unique event and
 * subscription pair), so a delivery exists exactly when its event was relayed, whatever happens
 * to Redis next. Once committed, the first attempts are queued; any that do not reach Redis are
 * re-driven by the sweep.
 */
@OutboxConsumer('webhooks')
@Injectable()
export class WebhookFanout implements OutboxConsumer {
  constructor(
    private readonly repo: WebhookDeliveriesRepository,
    private readonly deliverer: WebhookDeliverer,
    private readonly clock: Clock,
  ) {}

  async onRelay(tx: Tx, events: readonly StoredDomainEvent[]): Promise<AfterRelay | undefined> {
    const created = await this.repo.fanOut(
      tx,
      events.map((e) => e.id),
      this.clock.date(),
    );
    if (created.length === 0) return undefined;
    return () => this.deliverer.enqueue(created.map((d) => ({ deliveryId: d.id, expectedAttempts: 0, jobId: d.job_id })));
  }
}
