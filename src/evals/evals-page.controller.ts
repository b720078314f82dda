import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { EVAL_RUN_LIST } from './dto/eval.dto';
import { evalRunsPage } from './eval-pages';
import { EvalsService } from './evals.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** The eval runs page of the console (any member). */
@ApiTags('pages')
@Controller('app/eval_runs')
export class EvalsPageController {
  constructor(private readonly evals: EvalsService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Eval runs page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). ' +
      'Shows the eval runs with their status and score, newest first, with a form that filters them by `filter[status]`; `limit` and `offset` page them as the JSON list does.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'eval runs with status and score' })
  async list(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(EVAL_RUN_LIST, withoutEmptyFilters(query));
    sendPage(res, evalRunsPage(consoleChrome(op), await this.evals.listRuns(op.workspaceId, q), q.filters.status));
  }
}
