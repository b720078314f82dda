import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth/auth-policy';
import { extractFilter } from '../core/common/pagination/filters';
import { paginationMeta, parsePage } from '../core/common/pagination/pagination';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { CurrentMachine } from '../credentials/machine-auth.strategy';
import type { MachinePrincipal } from '../credentials/machine-principal';
import { CreateTaskDto, TASK_STATUSES, TaskEnvelopeDto, TaskListDto } from './dto/task.dto';
import { TasksRepository } from './tasks.repository';

export const TASKS_PAGE = { limit: { min: 0, max: 100, default: 50 }, offset: { min: 0, max: 10000 } };

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
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 0, maximum: 100, default: 50 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: 10000, default: 0 } })
  @ApiQuery({ name: 'status', required: false, enum: TASK_STATUSES })
  @ApiQuery({ name: 'filter[status]', required: false, enum: TASK_STATUSES, description: 'wins over status' })
  @ApiOkResponse({ type: TaskListDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_limit, invalid_offset or invalid_status' })
  async list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<TaskListDto> {
    const page = parsePage(query, TASKS_PAGE);
    const status = extractFilter(query, 'status', TASK_STATUSES);
    const { tasks, total } = await this.tasks.list(machine.workspaceId, page, status);
    return { tasks, count: tasks.length, pagination: paginationMeta(page, total) };
  }
}
