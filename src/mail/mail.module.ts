import { Module } from '@nestjs/common';
import { MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';

@Module({ providers: [MailTransport, MailService], controllers: [MailboxController], exports: [MailService, MailTransport] })
export class MailModule {}
