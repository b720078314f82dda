import { Module } from '@nestjs/common';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';

/** Outgoing webhooks: the delivery queue and its worker. */
@Module({
  imports: [registerQueue(QueueNames.webhooks)],
  providers: [WebhookDeliveryProcessor],
})
export class WebhooksModule {}
