import { Injectable } from '@nestjs/common';
import { onCommit } from '../core/database/transaction-hooks';
import { DomainEventsRepository } from './domain-events.repository';
import { OutboxRelay } from './outbox-relay.service';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { DomainEventType, StoredDomainEvent } from './domain-event-types';

/**
 * How a feature emits a domain event: `record` it with the transaction that makes the change, so
 * the event exists exactly when the change does. The relay (outbox-relay.service.ts) publishes it
 * to every node's sockets and hands it to the webhook fan-out after commit, or later if Redis is
 * down; nothing else is needed.
 */
@Injectable()
export class Outbox {
  private readonly wakeRelay = (): void => this.relay.wake();

  constructor(
    private readonly repo: DomainEventsRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Inserts the event in `m`'s transaction; once that commits, this node's relay is woken to hand
   * it over at once (an event whose node stops first is found by the relays' poll).
   */
  async record(m: SqlExecutor, workspaceId: string, type: DomainEventType, data: Record<string, unknown>): Promise<StoredDomainEvent> {
    const inTransaction = onCommit(m, this.wakeRelay);
    const event = await this.repo.insert(m, { workspaceId, type, data });
    if (!inTransaction) this.wakeRelay(); // the insert committed on its own
    return event;
  }

  /**
   * A statement that recorded events itself (recordEventsSql) has answered, in `m`'s transaction
   * (still open) or on its own (`m` undefined, or outside a transaction): the relay is woken once
   * that transaction commits, or now.
   */
  relayAfter(m: SqlExecutor | undefined): void {
    if (!m || !onCommit(m, this.wakeRelay)) this.wakeRelay();
  }
}
