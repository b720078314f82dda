import { Module } from '@nestjs/common';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { DomainEventsProcessor } from './domain-events.processor';
import { DomainEventsRepository } from './domain-events.repository';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { OutboxConsumers } from './outbox-consumers';
import { OutboxRelay } from './outbox-relay.service';
import { Outbox } from './outbox.service';

/**
 * Domain events: the transactional outbox (Outbox.record), the relay that hands committed events
 * to the `events` queue (and to the durable consumers registered in OutboxConsumers), the worker
 * that pushes them to sockets, and GET /api/v1/events.
 */
@Module({
  imports: [registerQueue(QueueNames.events)],
  controllers: [EventsController],
  providers: [DomainEventsRepository, Outbox, OutboxConsumers, OutboxRelay, DomainEventsProcessor, EventsService],
  exports: [Outbox, OutboxConsumers],
})
export class EventsModule {}
