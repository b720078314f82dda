import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { listEnvelope } from '../core/listing/list-envelope';
import { parseList } from '../core/listing/list-query';
import { CurrentMachine } from '../credentials';
import type { MachinePrincipal } from '../credentials';
import { CreateTaskDto, TASK_LIST, TaskEnvelopeDto, TaskListDto } from './dto/task.dto';
import { TasksRepository } from './tasks.repository';

@ApiTags('machine')
@Controller('api/v1/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksRepository) {}

  @MachineAuth('tasks:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: TaskEnvelopeDto })
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateTaskDto): Promise<TaskEnvelopeDto> {
    return { task: await this.tasks.insert(machine.workspaceId, machine.serviceAgentId, dto.title, dto.status ?? 'pending') };
  }

  @MachineAuth('tasks:read')
  @Get()
  @ApiList(TASK_LIST)
  @ApiOkResponse({ type: TaskListDto })
  async list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<TaskListDto> {
    const q = parseList(TASK_LIST, query);
    const { tasks, total } = await this.tasks.list(machine.workspaceId, q);
    return listEnvelope(q, tasks, total);
  }
}
