import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { redisWithin } from '../core/common/problem/redis-errors';
import { QueueNames } from '../core/config/queue-names';
import { REDIS_COMMAND_TIMEOUT_MS } from '../core/redis/redis.service';
import { OutgoingMail, SEND_MAIL_JOB } from './mail.types';
import type { Queue } from 'bullmq';

/** Outgoing mail is always a background job: callers enqueue, the mailer worker delivers with retries. */
@Injectable()
export class MailService {
  constructor(@InjectQueue(QueueNames.mailer) private readonly queue: Queue<OutgoingMail>) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    await redisWithin(this.queue.add(SEND_MAIL_JOB, mail), REDIS_COMMAND_TIMEOUT_MS, 'enqueueing a mail');
  }
}
