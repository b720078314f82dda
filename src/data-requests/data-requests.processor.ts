import { isDatabaseUnavailable } from '../core/common/problem/pg-errors';
import { isRedisUnavailable } from '../core/common/problem/redis-errors';
import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { type DataRequestJob, DataRequestRunner } from './data-request-runner.service';
import type { Job } from 'bullmq';

/**
 * The `data_requests` worker: one job per request. A failure while Postgres or Redis is away
 * fails the attempt (retried with backoff; the sweep re-queues a request left untouched); any
 * other failure on the last attempt ends the request `failed`.
 */
@QueueWorker(QueueNames.dataRequests)
export class DataRequestsProcessor extends QueueWorkerHost {
  constructor(private readonly runner: DataRequestRunner) {
    super();
  }

  async process(job: Job<DataRequestJob>): Promise<void> {
    try {
      await this.runner.run(job.data.dataRequestId);
    } catch (err) {
      const transient = isDatabaseUnavailable(err) || isRedisUnavailable(err);
      if (transient || job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw err;
      this.logger.error(`data request ${job.data.dataRequestId} failed: ${(err as Error).message}`);
      await this.runner.fail(job.data.dataRequestId, 'internal_error');
    }
  }
}
