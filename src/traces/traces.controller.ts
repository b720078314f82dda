import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth, OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource } from '../core/openapi/operator-docs';
import { CurrentMachine } from '../credentials';
import { WorkspaceOperator } from '../sessions';
import { CreateTraceDto, TRACE_LIST, TraceEnvelopeDto, TraceListDto, TraceWithSpansEnvelopeDto } from './dto/trace.dto';
import { TracesService } from './traces.service';
import type { MachinePrincipal } from '../credentials';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Machine ingest and read of traces; the workspace and the reporting agent come from the credential. */
@ApiTags('machine')
@Controller('api/v1/traces')
export class TracesController {
  constructor(private readonly traces: TracesService) {}

  /** A trace with up to 1000 spans; a body over 1 MiB is 413. */
  @MachineAuth('traces:write')
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Ingest a trace with its spans',
    description:
      'Service agents, with an `agk_` API key or access token holding `traces:write`. Stores a trace (`name`, `status` ok or error, ' +
      '`started_at`, `duration_ms`, `attributes`, and `trace_id`, generated when omitted) with up to 1000 spans, attributed to the ' +
      "calling credential's service agent, and answers 201 `{ trace }` with its `span_count`. A `trace_id` already ingested in the " +
      'workspace is 409 `trace_id_taken`; an invalid body (a duplicate `span_id`, a `parent_span_id` naming no span of the trace, more ' +
      'than 1000 spans, an unknown field) is 422 `validation_failed`, and a body over 1 MiB is 413.',
  })
  @ApiCreatedResponse({ type: TraceEnvelopeDto })
  @ApiInvalidBody()
  @ApiPayloadTooLargeResponse({ type: ProblemDto, description: 'the body is over 1 MiB' })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'trace_id_taken: a trace with this trace_id was already ingested in the workspace',
  })
  async ingest(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateTraceDto): Promise<TraceEnvelopeDto> {
    return { trace: await this.traces.ingest(machine.workspaceId, machine.serviceAgentId, dto) };
  }

  @MachineAuth('traces:read')
  @Get(':id')
  @ApiOperation({
    summary: 'Get a trace with its spans',
    description:
      'Service agents, with an `agk_` API key or access token holding `traces:read`. ' +
      "The trace of the credential's workspace with that record id (the `id`, not the `trace_id`), with its spans; an unknown id, " +
      'one of another workspace or one that is not a UUID is 404 `not_found`.',
  })
  @ApiOkResponse({ type: TraceWithSpansEnvelopeDto })
  @ApiNotInWorkspace()
  async get(@CurrentMachine() machine: MachinePrincipal, @Param('id', uuidParam) id: string): Promise<TraceWithSpansEnvelopeDto> {
    return { trace: await this.traces.get(machine.workspaceId, id) };
  }
}

/** Traces of the session's workspace, for any member. */
@OperatorResource()
@Controller('api/v1/operator/traces')
export class OperatorTracesController {
  constructor(private readonly traces: TracesService) {}

  /** Only the nested filters: `filter[status]`, `filter[service_agent_id]`; a top-level `?status=` is ignored. */
  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's traces",
    description:
      'Any member of the workspace (session cookie). Its traces newest first, without spans, as `{ traces, count, pagination }`: ' +
      '`limit` 1 to 100 (default 50), `offset` 0 to 10000. Only the nested filters `filter[status]` (ok or error) and ' +
      '`filter[service_agent_id]` are read, a top-level `?status=` is ignored; a bad value is 400 `invalid_<parameter>`.',
  })
  @ApiList(TRACE_LIST)
  @ApiOkResponse({ type: TraceListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<TraceListDto> {
    return this.traces.list(op.workspaceId, parseList(TRACE_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a trace with its spans',
    description:
      'Any member of the workspace (session cookie). The trace with its spans; an unknown id, one of another workspace or one that ' +
      'is not a UUID is 404 `not_found`.',
  })
  @ApiOkResponse({ type: TraceWithSpansEnvelopeDto })
  @ApiNotInWorkspace()
  async get(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<TraceWithSpansEnvelopeDto> {
    return { trace: await this.traces.get(op.workspaceId, id) };
  }
}
