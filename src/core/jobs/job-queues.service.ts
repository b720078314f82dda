import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, JobsOptions, Queue, Worker } from 'bullmq';
import { AppConfig, QueueConfig } from '../config/app-config';
import { RedisKeys } from '../redis/redis-keys';
import { redisOptionsFromUrl } from '../redis/redis-url';

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<unknown>;

export interface QueueState {
  name: string;
  running: boolean;
  concurrency: number;
}

/**
 * The configured BullMQ queues (mailer, webhooks) and their workers. Feature modules register a
 * handler for their queue at module init; workers start at application bootstrap with the
 * concurrency from config, and are closed (letting active jobs finish) at shutdown.
 */
@Injectable()
export class JobQueues implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobQueues.name);
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  /** Per queue, a handler per job name. */
  private readonly handlers = new Map<string, Map<string, JobHandler>>();
  private readonly configs: ReadonlyMap<string, QueueConfig>;

  constructor(private readonly config: AppConfig) {
    this.configs = new Map(config.queues.map((q) => [q.name, q]));
  }

  private connection() {
    return { ...redisOptionsFromUrl(this.config.redisUrl), maxRetriesPerRequest: null };
  }

  /** Registers the handler of one job name on a queue (at module init, before workers start). */
  registerHandler<T>(queue: string, jobName: string, handler: JobHandler<T>): void {
    if (!this.configs.has(queue)) throw new Error(`queue "${queue}" is not configured`);
    let byName = this.handlers.get(queue);
    if (!byName) this.handlers.set(queue, (byName = new Map()));
    if (byName.has(jobName)) throw new Error(`job "${queue}/${jobName}" has two handlers`);
    byName.set(jobName, handler as JobHandler);
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      if (!this.configs.has(name)) throw new Error(`queue "${name}" is not configured`);
      queue = new Queue(name, { connection: this.connection(), prefix: RedisKeys.bullPrefix() });
      queue.on('error', (err) => this.logger.warn(`queue ${name}: ${err.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<T>(name: string, jobName: string, data: T, opts: JobsOptions = {}): Promise<Job<T>> {
    return this.queue(name).add(jobName, data, {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
      ...opts,
    }) as Promise<Job<T>>;
  }

  onApplicationBootstrap(): void {
    for (const { name, concurrency } of this.configs.values()) {
      const byName = this.handlers.get(name);
      if (!byName) {
        this.logger.error(`queue "${name}" has no handler; its worker is not started`);
        continue;
      }
      if (concurrency <= 0) {
        this.logger.warn(`queue "${name}" has concurrency 0; its worker is not started`);
        continue;
      }
      const handler: JobHandler = (job) => {
        const run = byName.get(job.name);
        if (!run) throw new Error(`no handler for job "${name}/${job.name}"`);
        return run(job);
      };
      const worker = new Worker(name, handler, {
        connection: this.connection(),
        prefix: RedisKeys.bullPrefix(),
        concurrency,
      });
      worker.on('error', (err) => this.logger.warn(`worker ${name}: ${err.message}`));
      worker.on('failed', (job, err) =>
        this.logger.warn(`job ${name}/${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`),
      );
      this.workers.set(name, worker);
    }
  }

  /** Per configured queue: is its worker running, and with what concurrency. */
  states(): QueueState[] {
    return [...this.configs.values()].map(({ name, concurrency }) => {
      const worker = this.workers.get(name);
      return {
        name,
        running: worker !== undefined && worker.isRunning() && !worker.closing,
        concurrency: worker ? worker.concurrency : concurrency,
      };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // Closing a worker or queue whose connection is still being established makes BullMQ emit an
    // unhandled "Connection is closed" error; let each finish connecting (or fail) first.
    const settle = (ready: Promise<unknown>) => ready.catch(() => undefined);
    await Promise.allSettled([...this.workers.values()].map(async (w) => (await settle(w.waitUntilReady()), w.close())));
    await Promise.allSettled([...this.queues.values()].map(async (q) => (await settle(q.waitUntilReady()), q.close())));
  }
}
