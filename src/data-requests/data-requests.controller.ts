import { Readable } from 'node:stream';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiGoneResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { formatDurationMs } from '../core/text/duration';
import { WorkspaceOperator } from '../sessions';
import { DataRequestsService } from './data-requests.service';
import {
  CreateDataRequestDto,
  DATA_REQUEST_LIST,
  DataRequestEnvelopeDto,
  DataRequestListDto,
  EXPORT_DOWNLOAD_TTL_MS,
} from './dto/data-request.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Data requests of the session's workspace: workspace owners only (they hold personal data). */
@OperatorResource()
@Controller('api/v1/operator/data_requests')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @OperatorAuth({ role: 'owner', person: true })
  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Request an export or erasure of personal data',
    description:
      'Operator session, workspace owners only. Asks for an `export` (a JSON document of everything the service holds about the subject) ' +
      'or an `erasure` (anonymising or removing it) of an operator, service agent or robot of the workspace; a worker runs it in the background. ' +
      "Answers 202 with the pending request; 422 `validation_failed` when the subject is not the workspace's, or asks to erase the workspace owner.",
  })
  @ApiAcceptedResponse({ type: DataRequestEnvelopeDto, description: 'pending; a worker runs it' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateDataRequestDto): Promise<DataRequestEnvelopeDto> {
    return { data_request: await this.requests.create(op, dto) };
  }

  @OperatorAuth({ role: 'owner', person: true })
  @Get()
  @ApiOperation({
    summary: "List the workspace's data requests",
    description:
      'Operator session, workspace owners only. Answers the data requests with their status, newest first; ' +
      '`limit` 1-200 (default 50) and `offset`; `status` and `kind` filter (plain or `filter[...]`, the nested one winning).',
  })
  @ApiList(DATA_REQUEST_LIST)
  @ApiOkResponse({ type: DataRequestListDto, description: 'newest first' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<DataRequestListDto> {
    return this.requests.list(op.workspaceId, parseList(DATA_REQUEST_LIST, query));
  }

  @OperatorAuth({ role: 'owner', person: true })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a data request',
    description:
      'Operator session, workspace owners only. Answers the request with its status and, for a completed export, until when its document can be downloaded. ' +
      '404 `not_found` for a request of another workspace.',
  })
  @ApiOkResponse({ type: DataRequestEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<DataRequestEnvelopeDto> {
    return { data_request: await this.requests.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'owner', person: true })
  @Get(':id/download')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: "Download a data export's document",
    description:
      'Operator session, workspace owners only. Streams a completed export as a JSON attachment, `{ data_request, sections: { <section>: [records] } }`, never cached. ' +
      '409 `not_an_export` for an erasure, 409 `data_request_not_ready` until it has completed; ' +
      `410 \`download_expired\` ${formatDurationMs(EXPORT_DOWNLOAD_TTL_MS)} after it completed, or once its document was deleted by an erasure of its subject.`,
  })
  @ApiProduces('application/json')
  @ApiOkResponse({ description: 'the export: { data_request, sections: { <section>: [records] } }, as an attachment' })
  @ApiConflictResponse({ type: ProblemDto, description: 'data_request_not_ready, or not_an_export' })
  @ApiGoneResponse({
    type: ProblemDto,
    description: `download_expired: more than ${formatDurationMs(EXPORT_DOWNLOAD_TTL_MS)} after it completed`,
  })
  @ApiNotInWorkspace()
  async download(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<StreamableFile> {
    const { filename, chunks } = await this.requests.download(op.workspaceId, id);
    return new StreamableFile(Readable.from(chunks), {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
