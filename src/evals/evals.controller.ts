import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth, OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import { WorkspaceOperator } from '../sessions';
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
import type { MachinePrincipal } from '../credentials';
import type { WorkspaceOperatorPrincipal } from '../sessions';

@ApiTags('machine')
@Controller('api/v1/eval_suites')
export class EvalSuitesController {
  constructor(private readonly evals: EvalsService) {}

  @MachineAuth('eval_suites:write')
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an eval suite',
    description:
      "An `agk_` key or access token with scope `eval_suites:write`. Stores a suite of the credential's workspace: a `name`, an optional description and up to 1000 `cases` " +
      '(each an `input` and an optional `expected`, any JSON). Answers the suite.',
  })
  @ApiCreatedResponse({ type: EvalSuiteEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateEvalSuiteDto): Promise<EvalSuiteEnvelopeDto> {
    return { eval_suite: await this.evals.createSuite(machine.workspaceId, dto) };
  }

  @MachineAuth('eval_suites:read')
  @Get()
  @ApiOperation({
    summary: "List the workspace's eval suites",
    description:
      "An `agk_` key or access token with scope `eval_suites:read`. Answers the suites of the credential's workspace, newest first; `limit` 1-100 (default 50) and `offset`.",
  })
  @ApiList(EVAL_SUITE_LIST)
  @ApiOkResponse({ type: EvalSuiteListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<EvalSuiteListDto> {
    return this.evals.listSuites(machine.workspaceId, parseList(EVAL_SUITE_LIST, query));
  }

  @MachineAuth('eval_suites:read')
  @Get(':id')
  @ApiOperation({
    summary: 'Show an eval suite',
    description:
      'An `agk_` key or access token with scope `eval_suites:read`. Answers the suite with its cases; 404 `not_found` for a suite of another workspace.',
  })
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
  @ApiOperation({
    summary: 'Start an eval run',
    description:
      "An `agk_` key or access token with scope `eval_runs:write`. Creates a `queued` run of an eval suite of the workspace, recorded as the calling agent's, with optional initial `metrics`. " +
      "422 `validation_failed` when the suite is not the workspace's.",
  })
  @ApiCreatedResponse({ type: EvalRunEnvelopeDto })
  @ApiInvalidBody()
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateEvalRunDto): Promise<EvalRunEnvelopeDto> {
    return { eval_run: await this.evals.createRun(machine.workspaceId, machine.serviceAgentId, dto) };
  }

  /** queued -> running -> passed | failed | errored; anything else is 409 invalid_transition. */
  @MachineAuth('eval_runs:write')
  @Patch(':id')
  @ApiOperation({
    summary: "Report an eval run's progress or result",
    description:
      'An `agk_` key or access token with scope `eval_runs:write`. Moves the run queued -> running -> passed, failed or errored, with an optional `score` (0 to 1) and `metrics` merged into its own; ' +
      'any other move is 409 `invalid_transition`. Reaching a final status records `eval_run.completed`; answers the run, or 404 `not_found`.',
  })
  @ApiOkResponse({ type: EvalRunEnvelopeDto })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition' })
  async update(
    @CurrentMachine() machine: MachinePrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateEvalRunDto,
  ): Promise<EvalRunEnvelopeDto> {
    return { eval_run: await this.evals.updateRun(machine.workspaceId, id, dto) };
  }

  /** SPEC.md's eval_runs list: limit 0-100, offset 0-10000, nested filters only. */
  @MachineAuth('eval_runs:read')
  @Get()
  @ApiOperation({
    summary: "List the workspace's eval runs",
    description:
      "An `agk_` key or access token with scope `eval_runs:read`. Answers the runs of the credential's workspace, newest first; `limit` 0-100 (default 50) and `offset` 0-10000; " +
      'only the nested filters `filter[status]` and `filter[eval_suite_id]` are read.',
  })
  @ApiList(EVAL_RUN_LIST)
  @ApiOkResponse({ type: EvalRunListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<EvalRunListDto> {
    return this.evals.listRuns(machine.workspaceId, parseList(EVAL_RUN_LIST, query));
  }

  @MachineAuth('eval_runs:read')
  @Get(':id')
  @ApiOperation({
    summary: 'Show an eval run',
    description:
      'An `agk_` key or access token with scope `eval_runs:read`. Answers the run with its status, score and metrics; 404 `not_found` for a run of another workspace.',
  })
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
  @ApiOperation({
    summary: "List the workspace's eval suites (operator)",
    description:
      'Operator session, any member of the workspace. Answers the eval suites with their cases, newest first; `limit` 1-100 (default 50) and `offset`.',
  })
  @ApiList(EVAL_SUITE_LIST)
  @ApiOkResponse({ type: EvalSuiteListDto })
  listSuites(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EvalSuiteListDto> {
    return this.evals.listSuites(op.workspaceId, parseList(EVAL_SUITE_LIST, query));
  }

  /** SPEC.md: limit 0-100 (default 50), offset 0-10000, keys eval_runs and pagination; only `filter[status]`, `filter[eval_suite_id]`. */
  @OperatorAuth({ role: 'member' })
  @Get('eval_runs')
  @ApiOperation({
    summary: "List the workspace's eval runs (operator)",
    description:
      'Operator session, any member of the workspace. Answers the eval runs newest first; `limit` 0-100 (default 50) and `offset` 0-10000; ' +
      'only the nested filters `filter[status]` and `filter[eval_suite_id]` are read, a top-level `status` is ignored.',
  })
  @ApiList(EVAL_RUN_LIST)
  @ApiOkResponse({ type: EvalRunListDto })
  listRuns(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EvalRunListDto> {
    return this.evals.listRuns(op.workspaceId, parseList(EVAL_RUN_LIST, query));
  }
}
