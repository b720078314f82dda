import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
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
import { CreateTraceDto, TRACE_LIST, TraceEnvelopeDto, TraceListDto, TraceWithSpansEnvelopeDto } from './dto/trace.dto';
import { TracesService } from './traces.service';

/** Machine ingest and read of traces; the workspace and the reporting agent come from the credential. */
@ApiTags('machine')
@Controller('api/v1/traces')
export class TracesController {
  constructor(private readonly traces: TracesService) {}

  /** A trace with up to 1000 spans; a body over 1 MiB is 413. */
  @MachineAuth('traces:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: TraceEnvelopeDto })
  @ApiInvalidBody()
  @ApiPayloadTooLargeResponse({ type: ProblemDto, description: 'the body is over 1 MiB' })
  async ingest(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateTraceDto): Promise<TraceEnvelopeDto> {
    return { trace: await this.traces.ingest(machine.workspaceId, machine.serviceAgentId, dto) };
  }

  @MachineAuth('traces:read')
  @Get(':id')
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
  @ApiList(TRACE_LIST)
  @ApiOkResponse({ type: TraceListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<TraceListDto> {
    return this.traces.list(op.workspaceId, parseList(TRACE_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOkResponse({ type: TraceWithSpansEnvelopeDto })
  @ApiNotInWorkspace()
  async get(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<TraceWithSpansEnvelopeDto> {
    return { trace: await this.traces.get(op.workspaceId, id) };
  }
}
