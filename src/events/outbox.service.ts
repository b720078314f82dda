import { Injectable } from '@nestjs/common';
import type { SqlExecutor } from '../core/database/pipelined-transaction';
import type { DomainEventType, StoredDomainEvent } from './domain-event-types';
import { DomainEventsRepository } from './domain-events.repository';

/**
 * How a feature emits a domain event: `record` it with the transaction that makes the change, so
 * the event exists exactly when the change does. The relay (outbox-relay.service.ts) hands it to
 * the `events` queue after commit, or later if Redis is down; nothing else is needed.
 */
@Injectable()
export class Outbox {
  constructor(private readonly repo: DomainEventsRepository) {}

  record(
    m: SqlExecutor,
    workspaceId: string,
    type: DomainEventType,
    data: Record<string, unknown>,
  ): Promise<StoredDomainEvent> {
    return this.repo.insert(m, { workspaceId, type, data });
  }
}
