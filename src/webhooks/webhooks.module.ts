import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { registerQueue } from '../core/jobs/queue-worker';
import { EventsModule } from '../events';
import { MailModule } from '../mail';
import { WebhookDeliverer } from './webhook-deliverer.service';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDisabledNotifier } from './webhook-disabled-notifier.service';
import { WebhookFanout } from './webhook-fanout.service';
import { WebhookHttpClient } from './webhook-http';
import { WebhookRedrive } from './webhook-redrive.service';
import { WebhookSubscriptionsController } from './webhook-subscriptions.controller';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';
import { WebhookSubscriptionsService } from './webhook-subscriptions.service';

/**
 * Outgoing webhooks: subscriptions (operator REST; the console page is in console/), the fan-out
 * of relayed domain events into deliveries, the `webhooks` queue and its worker, and the re-drive
 * sweep for deliveries whose job was lost.
 */
@Module({
  imports: [registerQueue(QueueNames.webhooks), CommonModule, EventsModule, MailModule, AuditModule],
  controllers: [WebhookSubscriptionsController],
  providers: [
    WebhookSubscriptionsRepository,
    WebhookDeliveriesRepository,
    WebhookSubscriptionsService,
    WebhookDeliveriesService,
    WebhookHttpClient,
    WebhookDisabledNotifier,
    WebhookDeliverer,
    WebhookFanout,
    WebhookRedrive,
    WebhookDeliveryProcessor,
  ],
  exports: [WebhookSubscriptionsService, WebhookDeliveriesService, WebhookHttpClient],
})
export class WebhooksModule {}
