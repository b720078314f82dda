import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { QueueNames } from '../core/config/queue-names';
import { MAIL_JOB_OPTIONS, registerQueue } from '../core/jobs/queue-worker';
import { MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';
import { MailerProcessor } from './mailer.processor';

@Module({
  imports: [registerQueue(QueueNames.mailer, MAIL_JOB_OPTIONS), CommonModule],
  providers: [MailTransport, MailService, MailerProcessor],
  controllers: [MailboxController],
  exports: [MailService, MailTransport],
})
export class MailModule {}
