import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth, OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import type { MachinePrincipal } from '../credentials';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  CreateEvalRunDto,
  CreateEvalSuiteDto,
  EVAL_RUN_LIST,
  EVAL_SUITE_LIST,
  EvalRunEnvelopeDto,
  EvalRunListDto,
  EvalSuiteEnvelopeDto,
  EvalSuiteListDto,
  UpdateEvalRunDto,
} from './dto/eval.dto';
import { EvalsService } from './evals.service';

@ApiTags('machine')
@Controller('api/v1/eval_suites')
export class EvalSuitesController {
  constructor(private readonly evals: EvalsService) {}

  @MachineAuth('eval_suites:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: EvalSuiteEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateEvalSuiteDto): Promise<EvalSuiteEnvelopeDto> {
    return { eval_suite: await this.evals.createSuite(machine.workspaceId, dto) };
  }

  @MachineAuth('eval_suites:read')
  @Get()
  @ApiList(EVAL_SUITE_LIST)
  @ApiOkResponse({ type: EvalSuiteListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<EvalSuiteListDto> {
    return this.evals.listSuites(machine.workspaceId, parseList(EVAL_SUITE_LIST, query));
  }

  @MachineAuth('eval_suites:read')
  @Get(':id')
  @ApiOkResponse({ type: EvalSuiteEnvelopeDto })
  @ApiNotInWorkspace()
  async get(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string): Promise<EvalSuiteEnvelopeDto> {
    return { eval_suite: await this.evals.getSuite(machine.workspaceId, id) };
  }
}

@ApiTags('machine')
@Controller('api/v1/eval_runs')
export class EvalRunsController {
  constructor(private readonly evals: EvalsService) {}

  /** A queued run of a suite of the workspace. */
  @MachineAuth('eval_runs:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: EvalRunEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateEvalRunDto): Promise<EvalRunEnvelopeDto> {
    return { eval_run: await this.evals.createRun(machine.workspaceId, machine.serviceAgentId, dto) };
  }

  /** queued -> running -> passed | failed | errored; anything else is 409 invalid_transition. */
  @MachineAuth('eval_runs:write')
  @Patch(':id')
  @ApiOkResponse({ type: EvalRunEnvelopeDto })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition' })
  async update(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string, @Body() dto: UpdateEvalRunDto): Promise<EvalRunEnvelopeDto> {
    return { eval_run: await this.evals.updateRun(machine.workspaceId, id, dto) };
  }

  /** SPEC.md's eval_runs list: limit 0-100, offset 0-10000, nested filters only. */
  @MachineAuth('eval_runs:read')
  @Get()
  @ApiList(EVAL_RUN_LIST)
  @ApiOkResponse({ type: EvalRunListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<EvalRunListDto> {
    return this.evals.listRuns(machine.workspaceId, parseList(EVAL_RUN_LIST, query));
  }

  @MachineAuth('eval_runs:read')
  @Get(':id')
  @ApiOkResponse({ type: EvalRunEnvelopeDto })
  @ApiNotInWorkspace()
  async get(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string): Promise<EvalRunEnvelopeDto> {
    return { eval_run: await this.evals.getRun(machine.workspaceId, id) };
  }
}

/** Eval suites and runs of the session's workspace, for any member. */
@OperatorResource()
@Controller('api/v1/operator')
export class OperatorEvalsController {
  constructor(private readonly evals: EvalsService) {}

  @OperatorAuth({ role: 'member' })
  @Get('eval_suites')
  @ApiList(EVAL_SUITE_LIST)
  @ApiOkResponse({ type: EvalSuiteListDto })
  listSuites(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EvalSuiteListDto> {
    return this.evals.listSuites(op.workspaceId, parseList(EVAL_SUITE_LIST, query));
  }

  /** SPEC.md: limit 0-100 (default 50), offset 0-10000, keys eval_runs and pagination; only `filter[status]`, `filter[eval_suite_id]`. */
  @OperatorAuth({ role: 'member' })
  @Get('eval_runs')
  @ApiList(EVAL_RUN_LIST)
  @ApiOkResponse({ type: EvalRunListDto })
  listRuns(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EvalRunListDto> {
    return this.evals.listRuns(op.workspaceId, parseList(EVAL_RUN_LIST, query));
  }
}
