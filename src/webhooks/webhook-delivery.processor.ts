import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { type AttemptOutcome, WebhookDeliverer, type WebhookDeliveryJob } from './webhook-deliverer.service';
import type { Job } from 'bullmq';

/**
 * The `webhooks` worker: each job makes the next attempt of one delivery (webhook-deliverer.service.ts).
 * An error (Postgres away) fails the job and BullMQ retries it; a receiver's failure does not:
 * it is recorded, and the next attempt is a job of its own.
 */
@QueueWorker(QueueNames.webhooks)
export class WebhookDeliveryProcessor extends QueueWorkerHost {
  constructor(private readonly deliverer: WebhookDeliverer) {
    super();
  }

  async process(job: Job<WebhookDeliveryJob>): Promise<{ outcome: AttemptOutcome | 'dropped' }> {
    if (typeof job.data?.deliveryId !== 'string' || typeof job.data.expectedAttempts !== 'number') {
      // A job of an older shape (before deliveries were rows): nothing to deliver it from.
      this.logger.warn(`webhooks job ${job.id} has no delivery id; dropped`);
      return { outcome: 'dropped' };
    }
    return { outcome: await this.deliverer.attempt(job.data, job.id ?? job.data.deliveryId) };
  }
}
