import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ProviderRegistrations } from '../core/discovery/provider-registrations';
import type { Tx } from '../core/database/db.service';
import type { StoredDomainEvent } from './domain-event-types';

/** Work a consumer does after the relay's transaction committed (best effort: it must be recoverable). */
export type AfterRelay = () => Promise<void>;

/**
 * A durable consumer of domain events: it runs inside the relay's transaction, with the batch of
 * events being published to the sockets. What it writes commits with the batch being marked
 * published, or not at all, so nothing it derives from an event is lost when Redis or a node is
 * lost afterwards. It must be idempotent per event id (a batch can be relayed again). It may
 * return work to do once the transaction committed. Its statements are sent with the relay's
 * COMMIT when it issues them before its first `await` (the relay does not wait between them).
 */
export interface OutboxConsumer {
  onRelay(tx: Tx, events: readonly StoredDomainEvent[]): Promise<AfterRelay | undefined>;
}

const consumers = new ProviderRegistrations<string, OutboxConsumer>('outbox consumers', 'OutboxConsumer');

/** Declares the class a durable consumer of domain events, under a unique name; OutboxConsumers finds it at boot. */
export const OutboxConsumer = (name: string) => consumers.decorator(name);

/** The durable consumers, found at boot (webhook fan-out is one); the app does not boot when two share a name. */
@Injectable()
export class OutboxConsumers implements OnModuleInit {
  private consumers: readonly OutboxConsumer[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.consumers = consumers.discover(this.discovery).map((r) => r.instance);
  }

  all(): readonly OutboxConsumer[] {
    return this.consumers;
  }
}
