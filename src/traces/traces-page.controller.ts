import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { listBadRequestDetails } from '../core/listing/api-list.decorator';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { TRACE_LIST, TRACE_STATUSES } from './dto/trace.dto';
import { tracePage, tracesPage } from './trace-pages';
import { TracesService } from './traces.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const LIMIT = TRACE_LIST.page.limit;
const OFFSET = TRACE_LIST.page.offset ?? { min: 0, max: 0 };
const NO_SESSION = ApiFoundResponse({ description: 'no session: redirect to /users/log-in' });
/** A refusal of a page route is a problem body, not HTML. */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } },
});

/** The traces pages of the console (any member). */
@ApiTags('pages')
@Controller('app/traces')
export class TracesPageController {
  constructor(private readonly traces: TracesService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOperation({
    summary: 'Show the traces page',
    description:
      'Console page for any member of the workspace (session cookie): its traces newest first, with a filter form for status and ' +
      'service agent (`filter[status]`, `filter[service_agent_id]`; an empty field means any) and Newer/Older links (`limit`, ' +
      '`offset`). Without a session it redirects (302) to the log-in page; a bad filter or paging value is 400 `invalid_<parameter>`.',
  })
  @ApiQuery({ name: 'filter[status]', required: false, enum: TRACE_STATUSES, description: 'empty: any status' })
  @ApiQuery({
    name: 'filter[service_agent_id]',
    required: false,
    schema: { type: 'string', format: 'uuid' },
    description: 'empty: any agent',
  })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: LIMIT.min, maximum: LIMIT.max, default: LIMIT.default } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: OFFSET.min, maximum: OFFSET.max, default: 0 } })
  @ApiOkResponse({ description: 'traces, newest first, with status and agent filters' })
  @NO_SESSION
  @ApiBadRequestResponse(problem(listBadRequestDetails(TRACE_LIST)))
  async list(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(TRACE_LIST, withoutEmptyFilters(query));
    const list = await this.traces.list(op.workspaceId, q);
    sendPage(res, tracesPage({ chrome: consoleChrome(op), list, status: q.filters.status, serviceAgentId: q.filters.service_agent_id }));
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get(':id')
  @ApiProduces('text/html')
  @ApiOperation({
    summary: 'Show a trace and the waterfall of its spans',
    description:
      'Console page for any member of the workspace (session cookie): one trace with the waterfall of its spans. Without a session ' +
      'it redirects (302) to the log-in page; an unknown id, one of another workspace or one that is not a UUID is 404.',
  })
  @ApiOkResponse({ description: 'a trace with the waterfall of its spans' })
  @NO_SESSION
  @ApiNotFoundResponse(problem('not_found'))
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    sendPage(res, tracePage(consoleChrome(op), await this.traces.get(op.workspaceId, id)));
  }
}
