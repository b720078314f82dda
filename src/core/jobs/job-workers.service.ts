import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { Queue, Worker } from 'bullmq';
import { withTimeout } from '../common/with-timeout';
import { AppConfig, QueueConfig } from '../config/app-config';
import { collectOnScrape } from '../metrics/collect-on-scrape';
import { QUEUE_JOBS_DEAD_METRIC, QUEUE_JOBS_METRIC } from '../metrics/metric-names';
import { endDisconnectsWhileReconnecting, rejectStashedCommandsWhenFlushed } from '../redis/stranded-disconnect';
import { QueueWorkerHost } from './queue-worker';
import type Redis from 'ioredis';
import type { Counter, Gauge } from 'prom-client';

/** The job states `queue_jobs` reports; BullMQ's `failed` holds the jobs with no attempt left (dead). */
const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A scrape does not wait longer than this for Redis to count a queue's jobs. */
const COUNT_TIMEOUT_MS = 1000;

export interface QueueState {
  name: string;
  running: boolean;
  concurrency: number;
}

/**
 * Runs the workers that @nestjs/bullmq creates for the `@QueueWorker` processors: each starts at
 * application bootstrap with the concurrency configured for its queue (none when it is 0), and
 * `/ready` reads their states here. A processor whose queue has no configuration, or that is not
 * declared the house way, stops the boot: a queue nobody runs would lose work silently.
 */
@Injectable()
export class JobWorkers implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobWorkers.name);
  private readonly configs: ReadonlyMap<string, QueueConfig>;
  private readonly started = new Map<string, Worker>();
  private queues: Queue[] = [];
  private workers: Worker[] = [];
  /** Settled once every worker's connections end when disconnected (see stranded-disconnect.ts). */
  private guarded: Promise<unknown> = Promise.resolve();
  private stopCollecting = (): void => undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    config: AppConfig,
    @Optional() @InjectMetric(QUEUE_JOBS_METRIC) private readonly jobCounts?: Gauge<string>,
    @Optional() @InjectMetric(QUEUE_JOBS_DEAD_METRIC) private readonly deadJobs?: Counter<string>,
  ) {
    this.configs = new Map(config.queues.map((q) => [q.name, q]));
  }

  onModuleInit(): void {
    this.queues = this.instances().filter((i): i is Queue => i instanceof Queue);
    for (const queue of this.queues) queue.on('error', (err) => this.logger.warn(`queue ${queue.name}: ${err.message}`));
    if (this.jobCounts) this.stopCollecting = collectOnScrape(this.jobCounts, () => this.countJobs());
  }

  onApplicationBootstrap(): void {
    const hosts = this.instances().filter((i): i is QueueWorkerHost => i instanceof QueueWorkerHost);
    this.workers = hosts.map((h) => h.worker);
    this.guarded = Promise.allSettled(this.workers.map((w) => this.guardConnections(w)));
    const byQueue = new Map<string, Worker>();
    for (const worker of this.workers) {
      if (!this.configs.has(worker.name)) throw new Error(`queue "${worker.name}" has a processor but no configured concurrency`);
      if (byQueue.has(worker.name)) throw new Error(`queue "${worker.name}" has two processors`);
      if (worker.opts.autorun !== false) throw new Error(`the processor of queue "${worker.name}" must be declared with @QueueWorker`);
      byQueue.set(worker.name, worker);
      // BullMQ sets finishedOn only when the job moves to `failed` for good; a retried job has none.
      worker.on('failed', (job) => {
        if (job?.finishedOn !== undefined) this.deadJobs?.inc({ queue: worker.name });
      });
    }
    for (const { name, concurrency } of this.configs.values()) {
      // every queue's series exists from the start, so increase() sees its first dead job
      this.deadJobs?.inc({ queue: name }, 0);
      const worker = byQueue.get(name);
      if (!worker) {
        this.logger.error(`queue "${name}" has no processor; its worker is not started`);
        continue;
      }
      if (concurrency <= 0) {
        this.logger.warn(`queue "${name}" has concurrency 0; its worker is not started`);
        continue;
      }
      worker.concurrency = concurrency;
      worker.run().catch((err: Error) => this.logger.error(`worker ${name} stopped: ${err.message}`));
      this.started.set(name, worker);
    }
  }

  /** Per configured queue: is its worker running, and with what concurrency. */
  states(): QueueState[] {
    return [...this.configs.values()].map(({ name, concurrency }) => {
      const worker = this.started.get(name);
      return {
        name,
        running: worker !== undefined && worker.isRunning() && !worker.closing,
        concurrency: worker ? worker.concurrency : concurrency,
      };
    });
  }

  /**
   * Closes workers (letting active jobs finish), then queues. Closing one whose connection is
   * still being established makes BullMQ emit "Connection is closed"; let each finish connecting
   * (or fail) first. @nestjs/bullmq's own shutdown hooks close them again, which is a no-op.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopCollecting();
    const settle = (ready: Promise<unknown>) => ready.catch(() => undefined);
    await this.guarded;
    await Promise.allSettled(this.workers.map(async (w) => (await settle(w.waitUntilReady()), w.close())));
    await Promise.allSettled(this.queues.map(async (q) => (await settle(q.waitUntilReady()), q.close())));
  }

  /**
   * A worker is closed by disconnecting its blocking connection, waiting for it to end and then for
   * its BZPOPMIN to settle. ioredis never reports the end when that connection was waiting to
   * reconnect, and never settles a command sent before the connection was lost once a reconnect
   * has begun: make it do both (stranded-disconnect.ts).
   */
  private async guardConnections(worker: Worker): Promise<void> {
    const backend = worker.backend;
    for (const client of [backend.client, backend.blockingClient]) {
      const connected = (await client?.catch(() => undefined)) as Redis | undefined;
      if (!connected) continue;
      endDisconnectsWhileReconnecting(connected);
      rejectStashedCommandsWhenFlushed(connected);
    }
  }

  /**
   * Fills `queue_jobs` at scrape time. A queue whose Redis connection is not up, or that does not
   * answer within a second, is left out of the scrape (no stale count): the readiness gauges say
   * why.
   */
  private async countJobs(): Promise<void> {
    const gauge = this.jobCounts!;
    const counted = await Promise.all(
      this.queues.map(async (queue) => {
        try {
          const client = await withTimeout(queue.backend.client, COUNT_TIMEOUT_MS, 'queue connection');
          if (client.status !== 'ready') return null;
          return { queue: queue.name, counts: await withTimeout(queue.getJobCounts(...COUNTED_STATES), COUNT_TIMEOUT_MS, 'job counts') };
        } catch {
          return null;
        }
      }),
    );
    gauge.reset();
    for (const c of counted) {
      if (c) for (const state of COUNTED_STATES) gauge.set({ queue: c.queue, state }, c.counts[state] ?? 0);
    }
  }

  private instances(): unknown[] {
    return this.discovery.getProviders().map((wrapper) => wrapper.instance as unknown);
  }
}
