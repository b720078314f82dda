import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { TracesModule } from '../traces';
import { WebhooksModule } from '../webhooks';
import { ReplayProcessor } from './replay.processor';
import { OperatorReplaysController, ReplaysController, WorkflowTargetsController } from './replays.controller';
import { ReplaysRepository } from './replays.repository';
import { ReplaysService } from './replays.service';

/** Workflow targets and replays of stored traces to them (the `replays` queue). */
@Module({
  imports: [registerQueue(QueueNames.replays), CommonModule, TracesModule, WebhooksModule],
  controllers: [WorkflowTargetsController, ReplaysController, OperatorReplaysController],
  providers: [ReplaysRepository, ReplaysService, ReplayProcessor],
})
export class ReplaysModule {}
