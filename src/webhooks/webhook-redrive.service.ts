import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { QueueNames } from '../core/config/queue-names';
import { Db } from '../core/database/db.service';
import {
  isManualJobId,
  manualJobId,
  type WebhookDeliveryJob,
  WEBHOOK_ENQUEUE_TIMEOUT_MS,
  WebhookDeliverer,
} from './webhook-deliverer.service';
import { attemptJobId, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { Queue } from 'bullmq';

/** Overdue deliveries looked at per sweep transaction. */
export const REDRIVE_BATCH = 200;
/** Job states in which a job will still run: its delivery is not lost, only late. */
const LIVE_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * The safety net of webhook delivery. Postgres knows when each pending delivery's next attempt is
 * due; a job can be lost (Redis restarted without its data, an enqueue that timed out, a worker
 * that died mid-attempt). Every WEBHOOK_REDRIVE_MS each node looks at deliveries overdue by that
 * long (SKIP LOCKED, so nodes share them): one whose job is still waiting or running is left
 * alone; any other gets a new job. The attempt claim makes a duplicate job harmless.
 */
@Injectable()
export class WebhookRedrive implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookRedrive.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: Db,
    private readonly repo: WebhookDeliveriesRepository,
    private readonly deliverer: WebhookDeliverer,
    @InjectQueue(QueueNames.webhooks) private readonly queue: Queue<WebhookDeliveryJob>,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.webhooks.redriveMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.sweep()
      .catch((err: Error) => this.logger.warn(`webhook re-drive: ${err.message}; overdue deliveries wait for the next sweep`))
      .finally(() => (this.running = undefined));
  }

  /** One sweep; returns how many deliveries got a new job. */
  sweep(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const overdue = await this.repo.overdue(tx, new Date(now - this.config.webhooks.redriveMs), REDRIVE_BATCH);
      if (overdue.length === 0) return 0;
      const states = await withTimeout(
        Promise.all(overdue.map((d) => (d.job_id ? this.queue.getJobState(d.job_id) : Promise.resolve('unknown')))),
        WEBHOOK_ENQUEUE_TIMEOUT_MS,
        'reading webhook job states',
      );
      const lost = overdue.filter((_, i) => !LIVE_STATES.has(states[i]));
      const late = overdue.filter((_, i) => LIVE_STATES.has(states[i]));
      const stamp = now.toString(36);
      // An operator's retry stays one (it may be made while the subscription is disabled).
      const jobs = lost.map((d) =>
        isManualJobId(d.id, d.job_id)
          ? { deliveryId: d.id, expectedAttempts: d.attempts, manual: true, jobId: manualJobId(d.id) }
          : { deliveryId: d.id, expectedAttempts: d.attempts, jobId: `${attemptJobId(d.id, d.attempts + 1)}.r${stamp}` },
      );
      await this.deliverer.enqueue(jobs);
      if (jobs.length > 0) await this.repo.reassign(tx, new Map(jobs.map((j) => [j.deliveryId, j.jobId])), new Date(now));
      if (late.length > 0)
        await this.repo.touch(
          tx,
          late.map((d) => d.id),
          new Date(now),
        );
      if (jobs.length > 0) this.logger.warn(`webhook re-drive: ${jobs.length} overdue deliveries queued again`);
      return jobs.length;
    });
  }
}
