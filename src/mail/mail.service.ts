import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobQueues } from '../core/jobs/job-queues.service';
import { MailTransport } from './mail-transport';
import { MAILER_QUEUE, OutgoingMail, SEND_MAIL_JOB } from './mail.types';

/** Outgoing mail is always a background job: callers enqueue, the mailer worker delivers with retries. */
@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueues,
    private readonly transport: MailTransport,
  ) {}

  onModuleInit(): void {
    this.jobs.registerHandler<OutgoingMail>(MAILER_QUEUE, SEND_MAIL_JOB, (job) => this.transport.send(job.data));
  }

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.jobs.add(MAILER_QUEUE, SEND_MAIL_JOB, mail);
  }
}
