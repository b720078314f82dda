import { Injectable } from '@nestjs/common';
import { listEnvelope } from '../core/listing/list-envelope';
import { TasksRepository } from './tasks.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { MachinePrincipal } from '../credentials';
import type { CreateTaskDto, TASK_LIST, TaskDto, TaskListDto } from './dto/task.dto';

/**
 * Tasks of a workspace, created and read by its service agents. The workspace and the creator are
 * the calling credential's, never a value from the request; a task without a status is pending.
 */
@Injectable()
export class TasksService {
  constructor(private readonly repo: TasksRepository) {}

  /** Creates a task in the caller's workspace, attributed to the caller's agent. */
  create(machine: MachinePrincipal, dto: CreateTaskDto): Promise<TaskDto> {
    return this.repo.insert(machine.workspaceId, machine.serviceAgentId, dto.title, dto.status ?? 'pending');
  }

  /** A page of the caller's workspace's tasks, newest first, with the total. */
  async list(machine: MachinePrincipal, q: ListQuery<typeof TASK_LIST.key, true>): Promise<TaskListDto> {
    const { tasks, total } = await this.repo.list(machine.workspaceId, q);
    return listEnvelope(q, tasks, total);
  }
}
