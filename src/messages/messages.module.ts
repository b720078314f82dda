import { Module, OnModuleInit } from '@nestjs/common';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

@Module({ imports: [DataSubjectsModule], controllers: [MessagesController], providers: [MessagesService, MessagesRepository] })
export class MessagesModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly messages: MessagesRepository,
  ) {}

  /** Data requests: the messages of a subject's agents; an erasure blanks their bodies. */
  onModuleInit(): void {
    this.subjects.registerPaged('messages', this.messages);
  }
}
