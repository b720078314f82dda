import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEventsRepository } from './domain-events.repository';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { OutboxConsumers } from './outbox-consumers';
import { OutboxRelay } from './outbox-relay.service';
import { Outbox } from './outbox.service';

/**
 * Domain events: the transactional outbox (Outbox.record), the relay that publishes committed
 * events once on the EventBus for every node's sockets (and hands them to the durable consumers
 * declared with @OutboxConsumer, which OutboxConsumers finds at boot), and GET /api/v1/events.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [EventsController],
  providers: [DomainEventsRepository, Outbox, OutboxConsumers, OutboxRelay, EventsService],
  exports: [Outbox, OutboxConsumers],
})
export class EventsModule {}
