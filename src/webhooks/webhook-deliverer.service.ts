import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { Clock } from '../core/common/clock/clock';
import { SecretBox } from '../core/common/crypto/secret-box';
import { randomToken } from '../core/common/crypto/secrets';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { QueueNames } from '../core/config/queue-names';
import { WEBHOOK_ATTEMPTS_METRIC, WEBHOOK_SUBSCRIPTIONS_DISABLED_METRIC } from '../core/metrics/metric-names';
import { nextAttemptAt, retryAfterMs } from './retry-schedule';
import { signStandardWebhook } from './standard-webhooks';
import { type AttemptRecord, attemptJobId, type ClaimedDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDisabledNotifier } from './webhook-disabled-notifier.service';
import { type HttpAttempt, WebhookHttpClient } from './webhook-http';
import { secretContext } from './webhook-subscriptions.service';
import type { Queue } from 'bullmq';
import type { Counter } from 'prom-client';

/** A job of the `webhooks` queue: make the next attempt of one delivery. */
export interface WebhookDeliveryJob {
  deliveryId: string;
  /** Attempts the delivery must have made for this attempt to run (so a duplicate job makes none). */
  expectedAttempts: number;
  /** An operator's retry: made even while the subscription is disabled (and then not retried). */
  manual?: boolean;
}

/** The job id of an operator's retry of a delivery (ids of ours: `<delivery>.m<random>`). */
export const manualJobId = (deliveryId: string) => `${deliveryId}.m${randomToken(9)}`;
export const isManualJobId = (deliveryId: string, jobId: string | null) => jobId?.startsWith(`${deliveryId}.m`) ?? false;

export const WEBHOOK_DELIVERY_JOB = 'deliver';
/** An enqueue that takes longer than this (Redis unreachable) is left to the re-drive sweep. */
export const WEBHOOK_ENQUEUE_TIMEOUT_MS = 2000;
/** Beyond the request timeout, how long an attempt may take to record itself before it is presumed lost. */
const LEASE_MARGIN_MS = 30_000;

export type AttemptOutcome = 'stale' | 'succeeded' | 'pending' | 'failed';

/**
 * Makes one attempt of a delivery (the `webhooks` worker calls it), as API.md and the Standard
 * Webhooks scheme say: POST `{ id, type, created, data }` with `webhook-id` (the delivery id, the
 * same on every attempt), `webhook-timestamp` (this attempt's unix seconds) and
 * `webhook-signature` (v1, by the current secret and, within 24 h of a rotation, the previous one).
 * A 2xx succeeds; anything else is retried with exponential backoff until the retry window ends;
 * a 410 or three days of failures disables the subscription. Every attempt is recorded.
 *
 * The attempt is claimed in Postgres first (claim: the attempt count must still be what the job
 * expects), so a duplicated or re-driven job never makes the same attempt twice; the next attempt
 * is a new delayed job, and its time is also in the row, where the re-drive sweep finds it if the
 * job is lost with Redis. An operator's retry is an attempt like any other, made even while the
 * subscription is disabled (and then, if it fails, not retried).
 */
@Injectable()
export class WebhookDeliverer {
  private readonly logger = new Logger(WebhookDeliverer.name);

  constructor(
    private readonly repo: WebhookDeliveriesRepository,
    private readonly http: WebhookHttpClient,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly notifier: WebhookDisabledNotifier,
    @InjectQueue(QueueNames.webhooks) private readonly queue: Queue<WebhookDeliveryJob>,
    @InjectMetric(WEBHOOK_ATTEMPTS_METRIC) private readonly attempts: Counter<string>,
    @InjectMetric(WEBHOOK_SUBSCRIPTIONS_DISABLED_METRIC) private readonly disablements: Counter<string>,
  ) {
    // both series exist from the start, so increase() sees the first disablement
    for (const reason of ['failing', 'gone']) disablements.inc({ reason }, 0);
  }

  async attempt(job: WebhookDeliveryJob, jobId: string): Promise<AttemptOutcome> {
    const settings = this.config.webhooks;
    const claimedAt = this.clock.now();
    const manual = job.manual === true;
    const delivery = await this.repo.claim(
      job.deliveryId,
      job.expectedAttempts,
      manual,
      jobId,
      new Date(claimedAt),
      new Date(claimedAt + settings.timeoutMs + LEASE_MARGIN_MS),
    );
    if (!delivery) return 'stale';

    const startedAt = this.clock.now();
    const sent = await this.send(delivery, startedAt);
    const now = this.clock.now();
    const ok = sent.error === null;
    const gone = sent.status === 410;
    let outcome: AttemptRecord['outcome'] = { status: ok ? 'succeeded' : 'failed' };
    // A disabled subscription's delivery is attempted only when an operator asks, and not retried.
    if (!ok && !gone && delivery.subscription_active) {
      const next = nextAttemptAt({
        attempts: delivery.attempts,
        now,
        createdAt: delivery.inserted_at.getTime(),
        baseMs: settings.retryBaseMs,
        windowMs: settings.retryWindowMs,
        retryAfterMs: retryAfterMs(sent.retryAfter, now),
      });
      if (next !== null)
        outcome = { status: 'pending', nextAttemptAt: new Date(next), jobId: attemptJobId(delivery.id, delivery.attempts + 1) };
    }
    const { recorded, disabled } = await this.repo.recordAttempt(
      {
        deliveryId: delivery.id,
        subscriptionId: delivery.subscription_id,
        number: delivery.attempts,
        manual,
        startedAt: new Date(startedAt),
        durationMs: sent.durationMs,
        responseStatus: sent.status ?? null,
        error: sent.error,
        outcome,
        now: new Date(now),
      },
      new Date(now - settings.disableAfterMs),
    );
    this.attempts.inc({ outcome: ok ? 'succeeded' : 'failed' });
    if (disabled) this.disablements.inc({ reason: disabled });
    if (disabled) await this.notifier.disabled(delivery.workspace_id, delivery.subscription_id, disabled, delivery.url);
    if (recorded && !disabled && outcome.status === 'pending')
      await this.schedule(delivery.id, delivery.attempts, outcome.jobId, outcome.nextAttemptAt.getTime() - now);
    return disabled ? 'failed' : outcome.status;
  }

  /** Enqueues jobs for deliveries; what does not reach Redis is re-driven by the sweep later. */
  async enqueue(jobs: readonly (WebhookDeliveryJob & { jobId: string; delayMs?: number })[]): Promise<void> {
    if (jobs.length === 0) return;
    await withTimeout(
      this.queue.addBulk(
        jobs.map((j) => ({
          name: WEBHOOK_DELIVERY_JOB,
          data: { deliveryId: j.deliveryId, expectedAttempts: j.expectedAttempts, ...(j.manual ? { manual: true } : {}) },
          opts: { jobId: j.jobId, ...(j.delayMs ? { delay: Math.max(0, Math.round(j.delayMs)) } : {}) },
        })),
      ),
      WEBHOOK_ENQUEUE_TIMEOUT_MS,
      'enqueueing webhook deliveries',
    );
  }

  private async schedule(deliveryId: string, attempts: number, jobId: string, delayMs: number): Promise<void> {
    try {
      await this.enqueue([{ deliveryId, expectedAttempts: attempts, jobId, delayMs }]);
    } catch (err) {
      this.logger.warn(`webhook delivery ${deliveryId}: next attempt not queued (${(err as Error).message}); the re-drive sweep will`);
    }
  }

  /** Signs and POSTs; a secret that cannot be opened is a failed attempt (retried), not a crash. */
  private async send(delivery: ClaimedDelivery, now: number): Promise<HttpAttempt> {
    const body = JSON.stringify({
      id: delivery.event.id,
      type: delivery.event.type,
      created: delivery.event.created,
      data: delivery.event.data,
    });
    let secrets: string[];
    try {
      secrets = [this.box.open(delivery.secret_ciphertext, secretContext(delivery.subscription_id))];
      if (
        delivery.previous_secret_ciphertext &&
        delivery.previous_secret_expires_at &&
        delivery.previous_secret_expires_at.getTime() > now
      ) {
        secrets.push(this.box.open(delivery.previous_secret_ciphertext, secretContext(delivery.subscription_id)));
      }
    } catch (err) {
      this.logger.error(`webhook subscription ${delivery.subscription_id}: signing secret unreadable: ${(err as Error).message}`);
      return { error: 'signing secret unreadable (SECRETS_ENCRYPTION_KEY)', durationMs: 0 };
    }
    const timestamp = Math.floor(now / 1000);
    try {
      return await this.http.post(
        delivery.url,
        {
          'webhook-id': delivery.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signStandardWebhook(delivery.id, timestamp, body, secrets),
        },
        body,
      );
    } catch (err) {
      // Anything unforeseen is this attempt's failure, recorded and retried like any other.
      this.logger.error(`webhook delivery ${delivery.id}: ${(err as Error).message}`);
      return { error: `request failed: ${(err as Error).message}`.slice(0, 200), durationMs: 0 };
    }
  }
}
