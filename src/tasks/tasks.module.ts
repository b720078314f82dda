import { Module, OnModuleInit } from '@nestjs/common';
import { DataSubjectRegistry, DataSubjectsModule } from '../data-subjects';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

@Module({ imports: [DataSubjectsModule], controllers: [TasksController], providers: [TasksService, TasksRepository] })
export class TasksModule implements OnModuleInit {
  constructor(
    private readonly subjects: DataSubjectRegistry,
    private readonly tasks: TasksRepository,
  ) {}

  /** Data requests: the tasks of a subject's agents; an erasure blanks their titles. */
  onModuleInit(): void {
    this.subjects.registerPaged('tasks', this.tasks);
  }
}
