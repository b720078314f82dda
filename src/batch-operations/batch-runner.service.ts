import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { isDatabaseUnavailable } from '../core/common/problem/pg-errors';
import { isRedisUnavailable } from '../core/common/problem/redis-errors';
import { Db, type Tx } from '../core/database/db.service';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { Outbox } from '../events';
import { BatchActionRegistry, outcomesOf, type ChunkResult } from './batch-action';
import { BatchOperationsRepository } from './batch-operations.repository';
import { BatchQueue } from './batch-queue.service';
import { type BatchOperationDto, FINISHED_BATCH_STATUSES } from './dto/batch-operation.dto';

/** How often each node looks for operations whose next chunk was never queued. */
export const BATCH_SWEEP_MS = 30_000;
/** An unfinished operation untouched for this long is re-queued by the sweep. */
export const BATCH_STALLED_SECONDS = 60;

/** Whether an error means a dependency is away (retry later), not that the work is wrong. */
export const isTransient = (err: unknown) => isDatabaseUnavailable(err) || isRedisUnavailable(err);

/**
 * Applies batch operations chunk by chunk. Each chunk is one transaction that locks the operation
 * row, takes the next pending targets in order, applies the action to them, records each target's
 * outcome and the counters, and completes the operation when no target is left (recording
 * `batch_operation.completed`). So:
 * - a cancel (which takes the same row lock) lands between chunks, never inside one;
 * - a worker that dies mid-chunk rolls the chunk back, and its retry starts from the same targets;
 * - two jobs of one operation (a retry and a sweep) run its chunks one after the other.
 * A chunk that fails for a reason other than Postgres or Redis being away is applied again one
 * target at a time, and the target that fails is recorded `failed` with `internal_error`.
 */
@Injectable()
export class BatchRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BatchRunner.name);
  private readonly sweeper = new PeriodicTask('batch operation sweep', () => this.sweep());

  constructor(
    private readonly db: Db,
    private readonly repo: BatchOperationsRepository,
    private readonly registry: BatchActionRegistry,
    private readonly queue: BatchQueue,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper.start(BATCH_SWEEP_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  /**
   * Runs the operation's next chunk. Returns the number of chunks done when targets remain (the
   * caller queues the next chunk), or undefined when the operation is over.
   */
  async runChunk(id: string): Promise<number | undefined> {
    let size = 1;
    try {
      return await this.applyChunk(id, (chunkSize) => (size = chunkSize));
    } catch (err) {
      if (isTransient(err)) throw err;
      this.logger.error(`batch operation ${id}: a chunk failed (${(err as Error).message}); applying it one target at a time`);
    }
    let next: number | undefined;
    for (let i = 0; i < size; i++) {
      try {
        next = await this.applyChunk(id, () => 1);
      } catch (err) {
        if (isTransient(err)) throw err;
        this.logger.error(`batch operation ${id}: a target failed: ${(err as Error).message}`);
        next = await this.failNextTarget(id);
      }
      if (next === undefined) return undefined;
    }
    return next;
  }

  /** Ends an operation that cannot go on (its chunk kept failing): failed, with the reason. */
  async fail(id: string, error: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const op = await this.repo.lock(tx, id);
      if (!op || FINISHED_BATCH_STATUSES.includes(op.status)) return;
      await this.finished(tx, op.workspace_id, await this.repo.finish(tx, id, 'failed', this.clock.date(), error));
    });
  }

  /**
   * Re-queues operations left unfinished and untouched for `stalledSeconds` (their next chunk's
   * enqueue may have met a Redis outage). A second job of a healthy operation is harmless: chunks
   * of one operation run one after the other, each on the targets still pending.
   */
  async sweep(stalledSeconds = BATCH_STALLED_SECONDS): Promise<number> {
    const stamp = this.clock.now();
    const stalled = await this.repo.stalled(stalledSeconds, 100);
    for (const op of stalled) await this.queue.enqueue(op.id, `${op.id}.${op.chunks_done}.sweep-${stamp}`);
    return stalled.length;
  }

  /** One chunk in one transaction; `sizeOf` picks its size from the operation's chunk size. */
  private async applyChunk(id: string, sizeOf: (chunkSize: number) => number): Promise<number | undefined> {
    let after: ChunkResult['afterCommit'];
    const next = await this.db.transaction(async (tx) => {
      const op = await this.repo.lock(tx, id);
      if (!op || FINISHED_BATCH_STATUSES.includes(op.status)) return undefined;
      if (op.status === 'queued') await this.repo.markRunning(tx, id, this.clock.date());
      const targets = await this.repo.nextPending(tx, id, sizeOf(op.chunk_size));
      if (targets.length > 0) {
        const handler = this.registry.get(op.action);
        const chunk = { workspaceId: op.workspace_id, batchOperationId: id, createdBy: op.created_by, params: op.params };
        const result = await handler.apply(tx, chunk, targets);
        await this.repo.recordChunk(tx, id, outcomesOf(targets, result.outcomes));
        after = result.afterCommit;
        if (await this.repo.hasPending(tx, id)) return op.chunks_done + 1;
      }
      await this.finished(tx, op.workspace_id, await this.repo.finish(tx, id, 'completed', this.clock.date()));
      return undefined;
    });
    await after?.().catch((err: unknown) => this.logger.warn(`batch operation ${id}: after a chunk: ${(err as Error).message}`));
    return next;
  }

  /** The next pending target failed on its own: recorded failed with internal_error. */
  private failNextTarget(id: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const op = await this.repo.lock(tx, id);
      if (!op || FINISHED_BATCH_STATUSES.includes(op.status)) return undefined;
      const [target] = await this.repo.nextPending(tx, id, 1);
      if (target) await this.repo.recordChunk(tx, id, new Map([[target, { status: 'failed', error: 'internal_error' }]]));
      if (await this.repo.hasPending(tx, id)) return op.chunks_done + 1;
      await this.finished(tx, op.workspace_id, await this.repo.finish(tx, id, 'completed', this.clock.date()));
      return undefined;
    });
  }

  /** `batch_operation.completed`, recorded when an operation ends (completed, failed or cancelled: its status says which). */
  finished(tx: Tx, workspaceId: string, operation: BatchOperationDto): Promise<unknown> {
    return this.outbox.record(tx, workspaceId, 'batch_operation.completed', { batch_operation: operation });
  }
}
