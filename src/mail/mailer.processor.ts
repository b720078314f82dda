import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail.types';
import type { Job } from 'bullmq';

/** The mailer worker: hands each queued message to the configured transport; a failure is retried. */
@QueueWorker(QueueNames.mailer)
export class MailerProcessor extends QueueWorkerHost {
  constructor(private readonly transport: MailTransport) {
    super();
  }

  async process(job: Job<OutgoingMail>): Promise<void> {
    await this.transport.send(job.data);
  }
}
