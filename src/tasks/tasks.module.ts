import { Module } from '@nestjs/common';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';

@Module({ controllers: [TasksController], providers: [TasksRepository] })
export class TasksModule {}
