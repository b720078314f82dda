import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AgentCommandsModule } from '../agent-commands';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { CredentialsModule } from '../credentials';
import { EnrollmentModule } from '../enrollment';
import { EventsModule } from '../events';
import { RetireRobotsAction } from './actions/retire-robots.action';
import { RevokeApiKeysAction } from './actions/revoke-api-keys.action';
import { SendAgentCommandAction } from './actions/send-agent-command.action';
import { TagRobotsAction } from './actions/tag-robots.action';
import { BatchActionRegistry } from './batch-action';
import { BatchOperationsPageController } from './batch-operations-page.controller';
import { BatchOperationsController } from './batch-operations.controller';
import { BatchOperationsProcessor } from './batch-operations.processor';
import { BatchOperationsRepository } from './batch-operations.repository';
import { BatchOperationsService } from './batch-operations.service';
import { BatchQueue } from './batch-queue.service';
import { BatchRunner } from './batch-runner.service';

/**
 * Batch operations over robots, agents and keys, applied in chunks by the `batch_operations`
 * worker. Each action's handler is a provider declared with @BatchActionHandlerFor, which
 * BatchActionRegistry finds at boot; create_ota_update's is the OTA updates feature's.
 */
@Module({
  imports: [
    DiscoveryModule,
    registerQueue(QueueNames.batchOperations),
    CommonModule,
    EventsModule,
    EnrollmentModule,
    AgentCommandsModule,
    CredentialsModule,
    AuditModule,
  ],
  controllers: [BatchOperationsController, BatchOperationsPageController],
  providers: [
    BatchActionRegistry,
    BatchOperationsRepository,
    BatchQueue,
    BatchRunner,
    BatchOperationsService,
    BatchOperationsProcessor,
    RetireRobotsAction,
    TagRobotsAction,
    SendAgentCommandAction,
    RevokeApiKeysAction,
  ],
  exports: [BatchOperationsService, BatchActionRegistry],
})
export class BatchOperationsModule {}
