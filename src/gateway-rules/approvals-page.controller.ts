import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { approvalsPage } from './approvals-pages';
import { ApprovalsService } from './approvals.service';
import { APPROVAL_LIST, type ApprovalDecision } from './dto/approval.dto';

const PAGE = '/app/approvals';

/** /app/approvals: members see them; owners and admins approve or deny (a form each, no script). */
@ApiTags('pages')
@Controller('app/approvals')
export class ApprovalsPageController {
  constructor(private readonly approvals: ApprovalsService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the newest 100 approvals (?status=pending for the pending ones)' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('status') status: unknown, @Res() res: Response): Promise<void> {
    const shown = status === 'pending' ? 'pending' : undefined;
    const list = await this.approvals.list(op.workspaceId, parseList(APPROVAL_LIST, { limit: '100', ...(shown ? { filter: { status: shown } } : {}) }));
    sendPage(res, approvalsPage({ email: op.email, role: op.role, approvals: list.approvals, status: shown }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/approve')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'approved; back to the page (409 page when it was no longer pending)' })
  approve(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.decide(op, id, 'approved', res);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/deny')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'denied; back to the page (409 page when it was no longer pending)' })
  deny(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.decide(op, id, 'denied', res);
  }

  private async decide(op: WorkspaceOperatorPrincipal, id: string, decision: ApprovalDecision, res: Response): Promise<void> {
    await this.approvals.decide(op.workspaceId, id, decision, op.userId);
    res.redirect(303, `${PAGE}?status=pending`);
  }
}
