import { Injectable } from '@nestjs/common';
import { type Queryable, type Tx } from '../core/database/db.service';
import { DomainEventsRepository } from './domain-events.repository';
import { OutboxRelay } from './outbox-relay.service';
import type { DomainEventType, StoredDomainEvent } from './domain-event-types';

/**
 * What an event is recorded with: a transaction of the database door (Db.transaction,
 * Db.pipelined), or the door itself (the insert then commits on its own).
 */
export type OutboxWriter = Queryable;

const isTx = (w: OutboxWriter): w is Tx => 'onCommit' in w && typeof w.onCommit === 'function';

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
   * Inserts the event in `w`'s transaction; once that commits, this node's relay is woken to hand
   * it over at once (an event whose node stops first is found by the relays' poll).
   */
  async record(w: OutboxWriter, workspaceId: string, type: DomainEventType, data: Record<string, unknown>): Promise<StoredDomainEvent> {
    const { q, inTransaction } = this.writer(w);
    const event = await this.repo.insert(q, { workspaceId, type, data });
    if (!inTransaction) this.wakeRelay(); // the insert committed on its own
    return event;
  }

  /**
   * A statement that recorded events itself (recordEventsSql) has answered, in `w`'s transaction
   * (still open) or on its own (`w` undefined, or outside a transaction): the relay is woken once
   * that transaction commits, or now.
   */
  relayAfter(w: OutboxWriter | undefined): void {
    if (!w || !this.writer(w).inTransaction) this.wakeRelay();
  }

  /**
   * The door's Queryable for `w` (undefined for an EntityManager outside a transaction: the insert
   * commits on its own), and whether it is a transaction; when it is, the relay's wake-up is
   * registered for its commit.
   */
  private writer(w: OutboxWriter): { q: Queryable; inTransaction: boolean } {
    if (isTx(w)) {
      w.onCommit(this.wakeRelay);
      return { q: w, inTransaction: true };
    }
    return { q: w, inTransaction: false };
  }
}
