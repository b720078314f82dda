import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { formRefusal } from '../core/common/problem/form-refusal';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { fixedNotice, formText, validForm } from '../core/common/validation/page-form';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { DATA_REQUESTS_PAGE, dataRequestsPage, type DataRequestsPageView } from './data-request-pages';
import { DataRequestsService } from './data-requests.service';
import { CreateDataRequestDto, DATA_REQUEST_LIST } from './dto/data-request.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const NOTICES: Readonly<Record<string, string>> = {
  requested: 'Asked: a worker runs it in the background; refresh to see it complete.',
};

/** /app/data-requests: the data requests of `/api/v1/operator/data_requests`, for workspace owners (a person). */
@ApiTags('pages')
@Controller('app/data-requests')
export class DataRequestsPageController {
  constructor(private readonly requests: DataRequestsService) {}

  @OperatorAuth({ role: 'owner', page: true, person: true })
  @Get()
  @ApiOperation({
    summary: 'Data requests page',
    description:
      'Console page for the owners of the workspace (a person: an operator session). Lists the exports and erasures newest first, each naming its subject, ' +
      'with the query of `GET /api/v1/operator/data_requests` (`filter[status]`, `filter[kind]`, `limit`, `offset`; its 400s alike), a download link for a completed export, and the form that asks for one.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of data requests' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.render(res, op, query, { notice: fixedNotice(NOTICES, query.notice) });
  }

  @OperatorAuth({ role: 'owner', page: true, person: true })
  @Post()
  @ApiOperation({
    summary: 'Ask for a data request from its page',
    description:
      'The new-request form (owners), validated as `POST /api/v1/operator/data_requests` is; an erasure also needs `confirm_erasure=yes` (it cannot be undone), else 422. ' +
      'Then back to the page; a refusal renders it again with its reason and the typed values.',
  })
  @ApiFormPost({
    kind: { description: 'export or erasure', enum: ['export', 'erasure'], required: true },
    subject_type: { description: 'user, service_agent or robot', enum: ['user', 'service_agent', 'robot'], required: true },
    subject_id: { description: "the subject's id", required: true },
    confirm_erasure: { description: '`yes`: the erasure is meant (required for one)', enum: ['yes'] },
  })
  @ApiSeeOtherResponse({ description: 'asked; back to the page' })
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { kind: formText(body?.kind), subject_type: formText(body?.subject_type), subject_id: formText(body?.subject_id)?.trim() };
    try {
      const dto = await validForm(CreateDataRequestDto, form);
      if (dto.kind === 'erasure' && body?.confirm_erasure !== 'yes') {
        throw new ValidationProblem({ confirm_erasure: ['must be ticked: an erasure cannot be undone'] });
      }
      await this.requests.create(op, dto);
    } catch (err) {
      const refusal = formRefusal(err, {});
      if (!refusal) throw err;
      return this.render(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${DATA_REQUESTS_PAGE}?notice=requested`);
  }

  private async render(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<DataRequestsPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(DATA_REQUEST_LIST, withoutEmptyFilters(query));
    const list = await this.requests.list(op.workspaceId, q);
    const labels = await this.requests.subjectLabels(op.workspaceId, list.data_requests);
    const view = { chrome: consoleChrome(op), q, requests: list.data_requests, total: list.pagination.total, labels };
    sendPage(res, dataRequestsPage({ ...view, ...extra }), status);
  }
}
