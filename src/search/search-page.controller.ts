import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemError } from '../core/common/problem/problem.error';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { SEARCH_QUERY_MAX } from './dto/search.dto';
import { searchPage } from './search-page';
import { SEARCH_KINDS } from './search-sources';
import { SearchService } from './search.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** The console's search page (any member); a bad query re-renders the form with the reason. */
@ApiTags('pages')
@Controller('app/search')
export class SearchPageController {
  constructor(private readonly search: SearchService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Search page',
    description:
      "The console's search form over the workspace's traces, messages, agent commands, security violations and events, and its hits when `q` is given. " +
      'Any member (session cookie; without one, a redirect to the log-in page). A bad query re-renders the form with the reason, with status 400.',
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'kind', required: false, enum: SEARCH_KINDS, description: 'only hits of this kind; empty: all' })
  @ApiQuery({
    name: 'q',
    required: false,
    type: String,
    description: `1 to ${SEARCH_QUERY_MAX} characters, web-search syntax; empty shows the form only`,
  })
  @ApiOkResponse({ description: 'the search form, and its hits when q is given' })
  @ApiBadRequestResponse({ description: 'the form again, with the reason (a bad q or kind)' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = typeof query.q === 'string' ? query.q : '';
    const kind = typeof query.kind === 'string' && query.kind ? query.kind : undefined;
    if (!q) return sendPage(res, searchPage({ chrome: consoleChrome(op), q }));
    try {
      const result = await this.search.search(op.workspaceId, withoutEmptyFilters(query));
      sendPage(res, searchPage({ chrome: consoleChrome(op), q, kind, result }));
    } catch (err) {
      if (!(err instanceof ProblemError) || err.status !== 400) throw err;
      const reason = err.code === 'invalid_q' ? 'Enter 1 to 200 characters.' : 'Choose one of the kinds listed.';
      sendPage(res, searchPage({ chrome: consoleChrome(op), q, kind, error: reason }), 400);
    }
  }
}
