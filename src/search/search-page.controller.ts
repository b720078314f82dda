import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { ProblemError } from '../core/common/problem/problem.error';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { searchPage } from './search-page';
import { SearchService } from './search.service';

/** The console's search page (any member); a bad query re-renders the form with the reason. */
@ApiTags('pages')
@Controller('app/search')
export class SearchPageController {
  constructor(private readonly search: SearchService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the search form, and its hits when q is given' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const q = typeof query.q === 'string' ? query.q : '';
    const kind = typeof query.kind === 'string' && query.kind ? query.kind : undefined;
    if (!q) return sendPage(res, searchPage({ email: op.email, q }));
    try {
      const result = await this.search.search(op.workspaceId, withoutEmptyFilters(query));
      sendPage(res, searchPage({ email: op.email, q, kind, result }));
    } catch (err) {
      if (!(err instanceof ProblemError) || err.status !== 400) throw err;
      const reason = err.code === 'invalid_q' ? 'Enter 1 to 200 characters.' : 'Choose one of the kinds listed.';
      sendPage(res, searchPage({ email: op.email, q, kind, error: reason }), 400);
    }
  }
}
