import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { JobsModule } from '../core/jobs/jobs.module';
import { MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';

@Module({
  imports: [JobsModule, CommonModule],
  providers: [MailTransport, MailService],
  controllers: [MailboxController],
  exports: [MailService, MailTransport],
})
export class MailModule {}
