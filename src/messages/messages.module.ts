import { Module } from '@nestjs/common';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';

@Module({ controllers: [MessagesController], providers: [MessagesRepository] })
export class MessagesModule {}
