import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { BatchQueue, type BatchChunkJob } from './batch-queue.service';
import { BatchRunner, isTransient } from './batch-runner.service';
import type { Job } from 'bullmq';

/**
 * The `batch_operations` worker: a job runs one chunk of an operation and queues the next. A
 * failure while Postgres or Redis is away fails the attempt (BullMQ retries it with backoff, and
 * the sweep re-queues an operation left untouched). Any other failure on the last attempt ends the
 * operation `failed`, so a broken operation does not come back forever.
 */
@QueueWorker(QueueNames.batchOperations)
export class BatchOperationsProcessor extends QueueWorkerHost {
  constructor(
    private readonly runner: BatchRunner,
    private readonly queue: BatchQueue,
  ) {
    super();
  }

  async process(job: Job<BatchChunkJob>): Promise<void> {
    const id = job.data.batchOperationId;
    let chunksDone: number | undefined;
    try {
      chunksDone = await this.runner.runChunk(id);
    } catch (err) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (isTransient(err) || !lastAttempt) throw err;
      this.logger.error(`batch operation ${id} failed: ${(err as Error).message}`);
      await this.runner.fail(id, 'internal_error');
      return;
    }
    if (chunksDone !== undefined) await this.queue.next(id, chunksDone);
  }
}
