import { Module, OnModuleInit } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { EventsModule } from '../events';
import { DataRequestRunner } from './data-request-runner.service';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsProcessor } from './data-requests.processor';
import { DataRequestsRepository } from './data-requests.repository';
import { DataRequestsService } from './data-requests.service';
import { DomainEventsDataRepository } from './domain-events-data.repository';

/**
 * Data requests: exports and erasures over every contributor registered with DataSubjectRegistry.
 * This feature contributes two sections itself: earlier data requests (an erasure deletes earlier
 * export documents) and domain events (the outbox, which every feature writes to).
 */
@Module({
  imports: [registerQueue(QueueNames.dataRequests), CommonModule, EventsModule, DataSubjectsModule],
  controllers: [DataRequestsController],
  providers: [DataRequestsRepository, DomainEventsDataRepository, DataRequestRunner, DataRequestsService, DataRequestsProcessor],
})
export class DataRequestsModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly requests: DataRequestsRepository,
    private readonly events: DomainEventsDataRepository,
  ) {}

  onModuleInit(): void {
    this.subjects.registerPaged('data_requests', this.requests);
    // Events are erased before any other section: the events other erasures record (api_key.revoked
    // for the keys they revoke) must stay as they are.
    this.subjects.registerPaged(
      'events',
      {
        exportPage: (m, s, after) => this.events.exportPage(m, s, after),
        // Nothing of an event stays in Redis once relayed (its publish mark holds no data).
        erase: (m, s) => this.events.erase(m, s),
      },
      { order: -1 },
    );
  }
}
