import type { Job } from 'bullmq';
import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { EventBus } from '../core/redis/event-bus.service';
import { type StoredDomainEvent, toDomainEvent } from './domain-event-types';

/** The EventBus message that carries a relayed domain event to every node's sockets. */
export const DOMAIN_EVENT_BUS_TYPE = 'domain_event';

export interface DomainEventBusMessage {
  type: typeof DOMAIN_EVENT_BUS_TYPE;
  workspaceId: string;
  event: ReturnType<typeof toDomainEvent>;
}

/**
 * The `events` worker: one job per relayed domain event (job id = event id). It fans the event
 * out to the workspace's live sockets on every node (Redis pub/sub, for socket fan-out only).
 * A consumer that must not lose an event (webhook deliveries) is a durable consumer of the relay
 * instead (outbox-consumers.ts), since a job can be lost with Redis. A step added here must be
 * idempotent per event id: a step that fails fails the job, and BullMQ retries it.
 */
@QueueWorker(QueueNames.events)
export class DomainEventsProcessor extends QueueWorkerHost {
  constructor(private readonly bus: EventBus) {
    super();
  }

  async process(job: Job<StoredDomainEvent>): Promise<void> {
    const message: DomainEventBusMessage = {
      type: DOMAIN_EVENT_BUS_TYPE,
      workspaceId: job.data.workspace_id,
      event: toDomainEvent(job.data),
    };
    await this.bus.broadcast({ ...message });
  }
}
