import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { PasswordResetService, ResetRequestJob } from './password-reset.service';
import type { Job } from 'bullmq';

/**
 * The password_resets worker. The request route only enqueues, so its answer takes the same time
 * whether or not the address has an account; the lookup and the mail happen here.
 */
@QueueWorker(QueueNames.passwordResets)
export class PasswordResetProcessor extends QueueWorkerHost {
  constructor(private readonly resets: PasswordResetService) {
    super();
  }

  process(job: Job<ResetRequestJob>): Promise<void> {
    return this.resets.deliver(job);
  }
}
