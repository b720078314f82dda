import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import { CreateTaskDto, TASK_LIST, TaskEnvelopeDto, TaskListDto } from './dto/task.dto';
import { TasksService } from './tasks.service';
import type { MachinePrincipal } from '../credentials';

@ApiTags('machine')
@Controller('api/v1/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @MachineAuth('tasks:write')
  @ApiOperation({
    summary: 'Create a task',
    description:
      'Service agents, with an `agk_` API key or access token holding `tasks:write`. Creates a task with `title` (1 to 500 characters) ' +
      "and `status` (`pending`, `running`, `done` or `failed`; default `pending`), attributed to the calling credential's service agent, " +
      'and answers 201 `{ task }`. An invalid body or an unknown field is 422 `validation_failed`; the call counts against the machine rate limit.',
  })
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: TaskEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateTaskDto): Promise<TaskEnvelopeDto> {
    return { task: await this.tasks.create(machine, dto) };
  }

  @MachineAuth('tasks:read')
  @ApiOperation({
    summary: "List the workspace's tasks",
    description:
      'Service agents, with an `agk_` API key or access token holding `tasks:read`. ' +
      "The tasks of the credential's workspace, newest first, as `{ tasks, count, pagination }`: " +
      '`limit` 0 to 100 (default 50), `offset` 0 to 10000, and `status` as `?status=` or `?filter[status]=` (the nested value wins). ' +
      'A value out of range or not in the status list is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.',
  })
  @Get()
  @ApiList(TASK_LIST)
  @ApiOkResponse({ type: TaskListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<TaskListDto> {
    return this.tasks.list(machine, parseList(TASK_LIST, query));
  }
}
