import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiGoneResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { DataRequestsService } from './data-requests.service';
import { CreateDataRequestDto, DATA_REQUEST_LIST, DataRequestEnvelopeDto, DataRequestListDto } from './dto/data-request.dto';

/** Data requests of the session's workspace: workspace owners only (they hold personal data). */
@OperatorResource()
@Controller('api/v1/operator/data_requests')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @OperatorAuth({ role: 'owner' })
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: DataRequestEnvelopeDto, description: 'pending; a worker runs it' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateDataRequestDto): Promise<DataRequestEnvelopeDto> {
    return { data_request: await this.requests.create(op, dto) };
  }

  @OperatorAuth({ role: 'owner' })
  @Get()
  @ApiList(DATA_REQUEST_LIST)
  @ApiOkResponse({ type: DataRequestListDto, description: 'newest first' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<DataRequestListDto> {
    return this.requests.list(op.workspaceId, parseList(DATA_REQUEST_LIST, query));
  }

  @OperatorAuth({ role: 'owner' })
  @Get(':id')
  @ApiOkResponse({ type: DataRequestEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<DataRequestEnvelopeDto> {
    return { data_request: await this.requests.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'owner' })
  @Get(':id/download')
  @Header('cache-control', 'no-store')
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'the export: { data_request, sections: { <section>: [records] } }, as an attachment' })
  @ApiConflictResponse({ type: ProblemDto, description: 'data_request_not_ready, or not_an_export' })
  @ApiGoneResponse({ type: ProblemDto, description: 'download_expired: more than 7 days after it completed' })
  @ApiNotInWorkspace()
  async download(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<StreamableFile> {
    const { filename, chunks } = await this.requests.download(op.workspaceId, id);
    return new StreamableFile(Readable.from(chunks), { type: 'application/json; charset=utf-8', disposition: `attachment; filename="${filename}"` });
  }
}
