import { Module } from '@nestjs/common';
import { JobQueues } from './job-queues.service';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';

@Module({ providers: [JobQueues, WebhookDeliveryProcessor], exports: [JobQueues] })
export class JobsModule {}
