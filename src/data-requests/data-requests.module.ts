import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { DataSubjectsModule } from '../data-subjects';
import { EventsModule } from '../events';
import { DataRequestRunner } from './data-request-runner.service';
import { DataRequestsPageController } from './data-requests-page.controller';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsProcessor } from './data-requests.processor';
import { DataRequestsRepository } from './data-requests.repository';
import { DataRequestsService } from './data-requests.service';
import { DomainEventsDataRepository } from './domain-events-data.repository';

/**
 * Data requests: exports and erasures over every contributor DataSubjectRegistry found (each
 * feature's `@DataSubjectSection`). This feature contributes two sections itself: earlier data
 * requests (an erasure deletes earlier export documents) and domain events (the outbox, which
 * every feature writes to).
 */
@Module({
  imports: [registerQueue(QueueNames.dataRequests), CommonModule, EventsModule, DataSubjectsModule, AuditModule],
  controllers: [DataRequestsController, DataRequestsPageController],
  providers: [DataRequestsRepository, DomainEventsDataRepository, DataRequestRunner, DataRequestsService, DataRequestsProcessor],
})
export class DataRequestsModule {}
