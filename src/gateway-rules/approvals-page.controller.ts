import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ServiceAgentsService } from '../agents';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { approvalsPage } from './approvals-pages';
import { ApprovalsService } from './approvals.service';
import { APPROVAL_LIST, type ApprovalDecision } from './dto/approval.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const PAGE = '/app/approvals';

/** /app/approvals: members see them; owners and admins approve or deny (a form each, no script). */
@ApiTags('pages')
@Controller('app/approvals')
export class ApprovalsPageController {
  constructor(
    private readonly approvals: ApprovalsService,
    private readonly agents: ServiceAgentsService,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Approvals page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). ' +
      'Shows the approvals newest first, each naming its agent, with the query of `GET /api/v1/operator/approvals` (`filter[status]`, `filter[service_agent_id]`, `limit`, `offset`; its 400s alike; ' +
      'the older `?status=pending` still means `filter[status]=pending`); owners and admins get approve and deny buttons on each pending one.',
  })
  @ApiQuery({ name: 'status', required: false, enum: ['pending'], description: 'the older form of filter[status]=pending' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of approvals' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const { status, ...rest } = query;
    const filters = status === 'pending' && rest.filter === undefined ? { ...rest, filter: { status: 'pending' } } : rest;
    const q = parseList(APPROVAL_LIST, withoutEmptyFilters(filters));
    const list = await this.approvals.list(op.workspaceId, q);
    const agentNames = await this.agents.namesOf(
      op.workspaceId,
      list.approvals.map((a) => a.service_agent_id),
    );
    sendPage(
      res,
      approvalsPage({ chrome: consoleChrome(op), role: op.role, q, approvals: list.approvals, total: list.pagination.total, agentNames }),
    );
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/approve')
  @ApiOperation({
    summary: 'Approve a pending approval from the approvals page',
    description:
      'The approve button of the approvals page (owners and admins). Decides the approval once, then redirects to the pending approvals; ' +
      '409 `approval_not_pending` when it was already decided or has expired.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'approved; back to the pending approvals' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  @ApiConflictResponse({ description: 'approval_not_pending: already decided, or expired' })
  approve(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.decide(op, id, 'approved', res);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/deny')
  @ApiOperation({
    summary: 'Deny a pending approval from the approvals page',
    description:
      'The deny button of the approvals page (owners and admins). Decides the approval once, then redirects to the pending approvals; ' +
      '409 `approval_not_pending` when it was already decided or has expired.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'denied; back to the pending approvals' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  @ApiConflictResponse({ description: 'approval_not_pending: already decided, or expired' })
  deny(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.decide(op, id, 'denied', res);
  }

  private async decide(op: WorkspaceOperatorPrincipal, id: string, decision: ApprovalDecision, res: Response): Promise<void> {
    await this.approvals.decide(op.workspaceId, id, decision, op.userId);
    res.redirect(303, `${PAGE}?status=pending`);
  }
}
