import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { Clock } from '../core/common/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { RedisKeys, RedisLimits } from '../core/redis/redis-keys';
import { RedisService } from '../core/redis/redis.service';
import { OutgoingMail, SentMail } from './mail.types';

/**
 * Delivers one message. `memory` keeps the newest messages in a Redis list, so every node's
 * /dev/mailbox shows the same mail; `smtp` sends through nodemailer to SMTP_URL.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private smtp?: Transporter;

  constructor(
    private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly clock: Clock,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    if (this.config.mailTransport === 'smtp') {
      this.smtp ??= createTransport(this.config.smtpUrl);
      await this.smtp.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    const sent: SentMail = { ...mail, sent_at: this.clock.date().toISOString() };
    await this.redis.client
      .multi()
      .lpush(RedisKeys.mailbox(), JSON.stringify(sent))
      .ltrim(RedisKeys.mailbox(), 0, RedisLimits.mailboxMaxMessages - 1)
      .exec();
  }

  /** Memory transport only: messages newest first. */
  async mailbox(): Promise<SentMail[]> {
    const items = await this.redis.client.lrange(RedisKeys.mailbox(), 0, -1);
    return items.map((item) => JSON.parse(item) as SentMail);
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}
