import { Module } from '@nestjs/common';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { DomainEventsProcessor } from './domain-events.processor';
import { DomainEventsRepository } from './domain-events.repository';
import { OutboxRelay } from './outbox-relay.service';
import { Outbox } from './outbox.service';

/**
 * Domain events: the transactional outbox (Outbox.record), the relay that hands committed events
 * to the `events` queue, and the worker that dispatches them.
 */
@Module({
  imports: [registerQueue(QueueNames.events)],
  providers: [DomainEventsRepository, Outbox, OutboxRelay, DomainEventsProcessor],
  exports: [Outbox],
})
export class EventsModule {}
