import { BullModule, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { QueueName } from '../config/queue-names';
import type { DynamicModule } from '@nestjs/common';
import type { Job, JobsOptions } from 'bullmq';

/** Retries and retention of every job unless the producer says otherwise. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/**
 * Mail (reset links, notices) has no row of its own that a sweep could send again, so its jobs
 * outlast an outage of SMTP or Postgres instead: 12 attempts, 1 s doubling, about 34 minutes in
 * all (the default's 5 gave up after 15 s). A reset link lives 60 minutes from its request, so a
 * link mailed late still works.
 */
export const MAIL_JOB_OPTIONS: JobsOptions = { ...DEFAULT_JOB_OPTIONS, attempts: 12 };

/** Registers a queue for injection with `@InjectQueue(name)` in the feature module that uses it. */
export const registerQueue = (name: QueueName, defaultJobOptions: JobsOptions = DEFAULT_JOB_OPTIONS): DynamicModule =>
  BullModule.registerQueue({ name, defaultJobOptions });

/**
 * Declares the processor of a queue. The worker is created stopped: JobWorkers starts it at
 * bootstrap with the concurrency from config, and never when that concurrency is 0.
 */
export const QueueWorker = (name: QueueName): ClassDecorator => Processor(name, { autorun: false });

/**
 * Base class of every processor: logs worker errors (an unheard 'error' event would crash the
 * process while Redis is away) and failed attempts.
 */
export abstract class QueueWorkerHost extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

  abstract override process(job: Job): Promise<unknown>;

  @OnWorkerEvent('error')
  onWorkerError(err: Error): void {
    this.logger.warn(`worker ${this.worker.name}: ${err.message}`);
  }

  @OnWorkerEvent('failed')
  onJobFailed(job: Job | undefined, err: Error): void {
    this.logger.warn(`job ${this.worker.name}/${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`);
  }
}
