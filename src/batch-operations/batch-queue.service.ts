import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { redisWithin } from '../core/common/problem/redis-errors';
import { QueueNames } from '../core/config/queue-names';
import type { Queue } from 'bullmq';

export interface BatchChunkJob {
  batchOperationId: string;
}

/** An enqueue that has not been taken within this long counts as Redis being down. */
export const BATCH_ENQUEUE_TIMEOUT_MS = 2000;

/**
 * The `batch_operations` queue: one job per chunk. A chunk's job id is the operation id and the
 * number of chunks done before it (`<id>.<n>`), so the job that follows a chunk is added once
 * however often that chunk's job is retried; the sweep adds its own ids.
 */
@Injectable()
export class BatchQueue {
  constructor(@InjectQueue(QueueNames.batchOperations) private readonly queue: Queue<BatchChunkJob>) {}

  async enqueue(batchOperationId: string, jobId: string): Promise<void> {
    await redisWithin(this.queue.add('chunk', { batchOperationId }, { jobId }), BATCH_ENQUEUE_TIMEOUT_MS, 'enqueueing a batch chunk');
  }

  /** The job of the chunk after `chunksDone` chunks. */
  next(batchOperationId: string, chunksDone: number): Promise<void> {
    return this.enqueue(batchOperationId, `${batchOperationId}.${chunksDone}`);
  }
}
