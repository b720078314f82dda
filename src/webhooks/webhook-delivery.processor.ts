import { createHmac } from 'node:crypto';
import type { Job } from 'bullmq';
import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';

export const WEBHOOK_DELIVERY_JOB = 'deliver';

export interface WebhookDeliveryJob {
  url: string;
  event: string;
  payload: Record<string, unknown>;
  /** HMAC-SHA256 signing secret of the subscription, when it has one. */
  secret?: string;
}

/**
 * Delivers one webhook: POSTs the JSON payload with a timestamped HMAC signature
 * (`x-webhook-signature: t=<unix>,v1=<hex>`, Stripe-style). A non-2xx answer or a network error
 * fails the job, and BullMQ retries it with exponential backoff.
 */
@QueueWorker(QueueNames.webhooks)
export class WebhookDeliveryProcessor extends QueueWorkerHost {
  async process(job: Job<WebhookDeliveryJob>): Promise<{ status: number }> {
    const { url, event, payload, secret } = job.data;
    const body = JSON.stringify({ event, payload, delivery_id: job.id });
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-webhook-event': event };
    if (secret) {
      const t = Math.floor(Date.now() / 1000);
      headers['x-webhook-signature'] = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    }
    // Redirects are not followed: a subscription's URL is the URL we deliver to.
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel(); // the answer's body is never used; release the connection
    if (!response.ok) throw new Error(`webhook endpoint answered ${response.status}`);
    return { status: response.status };
  }
}
