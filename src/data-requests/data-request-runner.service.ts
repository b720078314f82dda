import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { redisWithin } from '../core/common/problem/redis-errors';
import { QueueNames } from '../core/config/queue-names';
import { Db, type Tx } from '../core/database/db.service';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { type AfterErasure, type DataSubject, DataSubjectRegistry } from '../data-subjects';
import { Outbox } from '../events';
import { type ClaimedRequest, DataRequestsRepository } from './data-requests.repository';
import { type DataRequestDto, EXPORT_DOWNLOAD_TTL_MS } from './dto/data-request.dto';
import type { Queue } from 'bullmq';

export interface DataRequestJob {
  dataRequestId: string;
}

/** How often each node re-queues requests left unprocessed and deletes expired export documents. */
export const DATA_REQUEST_SWEEP_MS = 60_000;
export const DATA_REQUEST_STALLED_SECONDS = 120;
const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Runs data requests (the `data_requests` worker):
 * - an export reads every contributor's sections in one REPEATABLE READ transaction (one
 *   consistent snapshot) and stores them as parts of the document, downloadable for 7 days;
 * - an erasure runs every contributor's erasure in one transaction (all or nothing; domain events
 *   first, so the events the erasure itself records are kept), then tells other nodes.
 * Either way the request completes with `data_request.completed` in the same transaction. Both
 * are safe to run again: an export starts from an empty document, an erasure is idempotent.
 */
@Injectable()
export class DataRequestRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DataRequestRunner.name);
  private readonly sweeper = new PeriodicTask('data request sweep', () => this.sweep());

  constructor(
    private readonly db: Db,
    private readonly repo: DataRequestsRepository,
    private readonly registry: DataSubjectRegistry,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    @InjectQueue(QueueNames.dataRequests) private readonly queue: Queue<DataRequestJob>,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper.start(DATA_REQUEST_SWEEP_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  async enqueue(id: string, jobId = id): Promise<void> {
    await redisWithin(this.queue.add('run', { dataRequestId: id }, { jobId }), ENQUEUE_TIMEOUT_MS, 'enqueueing a data request');
  }

  async run(id: string): Promise<void> {
    const request = await this.repo.claim(id);
    if (!request) return;
    const subject = await this.repo.resolve(request.workspace_id, request.subject_type, request.subject_id);
    if (request.kind === 'export') await this.export(request, subject);
    else await this.erase(request, subject);
  }

  /** Ends a request that cannot be done (its job kept failing): failed, with `data_request.completed`. */
  fail(id: string, error: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      await this.completed(tx, await this.repo.finish(tx, id, { status: 'failed', at: this.clock.date(), error }));
    });
  }

  /**
   * Re-queues requests left unprocessed (Redis was down at creation) and deletes export documents
   * past their 7 days, by the database's clock (housekeeping of every workspace must not follow
   * one node's idea of now).
   */
  async sweep(stalledSeconds = DATA_REQUEST_STALLED_SECONDS): Promise<void> {
    const stamp = this.clock.now();
    for (const { id } of await this.repo.stalled(stalledSeconds, 100)) await this.enqueue(id, `${id}.sweep-${stamp}`);
    const purged = await this.repo.purgeExpired();
    if (purged > 0) this.logger.log(`deleted the documents of ${purged} expired export(s)`);
  }

  private async export(request: ClaimedRequest, subject: DataSubject): Promise<void> {
    const sections = [...this.registry.contributors()].sort((a, b) => a.section.localeCompare(b.section));
    await this.db.transaction('REPEATABLE READ', async (tx) => {
      await this.repo.deleteParts(tx, request.id);
      let seq = 0;
      for (const contributor of sections) {
        const first = seq;
        for await (const page of contributor.export(subject, tx))
          await this.repo.insertPart(tx, request.id, seq++, contributor.section, page);
        if (seq === first) await this.repo.insertPart(tx, request.id, seq++, contributor.section, []);
      }
      const now = this.clock.now();
      await this.completed(
        tx,
        await this.repo.finish(tx, request.id, {
          status: 'completed',
          at: new Date(now),
          downloadExpiresAt: new Date(now + EXPORT_DOWNLOAD_TTL_MS),
        }),
      );
    });
  }

  private async erase(request: ClaimedRequest, subject: DataSubject): Promise<void> {
    const after: AfterErasure[] = [];
    await this.db.transaction(async (tx) => {
      for (const contributor of this.registry.contributors()) {
        const next = await contributor.erase(subject, tx);
        if (next) after.push(next);
      }
      await this.completed(
        tx,
        await this.repo.finish(tx, request.id, { status: 'completed', at: this.clock.date(), downloadExpiresAt: null }),
      );
    });
    for (const tell of after) {
      await tell().catch((err: unknown) => this.logger.warn(`data request ${request.id}: after the erasure: ${(err as Error).message}`));
    }
  }

  private completed(tx: Tx, { workspace_id, ...request }: DataRequestDto & { workspace_id: string }): Promise<unknown> {
    return this.outbox.record(tx, workspace_id, 'data_request.completed', { data_request: request });
  }
}
