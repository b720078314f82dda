import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { SECURITY_VIOLATION_LIST } from './dto/security-violation.dto';
import { securityViolationsPage } from './security-violations-pages';
import { SecurityViolationsService } from './security-violations.service';
import type { ViolationStatus } from './violation-kinds';

const PAGE = '/app/security-violations';

/** /app/security-violations: members see them; owners and admins acknowledge and resolve (409 page otherwise). */
@ApiTags('pages')
@Controller('app/security-violations')
export class SecurityViolationsPageController {
  constructor(private readonly violations: SecurityViolationsService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the newest 100 violations' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const list = await this.violations.list(op.workspaceId, parseList(SECURITY_VIOLATION_LIST, { limit: '100' }));
    sendPage(res, securityViolationsPage({ email: op.email, role: op.role, violations: list.security_violations }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/acknowledge')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'acknowledged; back to the page' })
  acknowledge(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.move(op, id, 'acknowledged', res);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/resolve')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'resolved; back to the page' })
  resolve(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.move(op, id, 'resolved', res);
  }

  private async move(op: WorkspaceOperatorPrincipal, id: string, to: ViolationStatus, res: Response): Promise<void> {
    await this.violations.changeStatus(op.workspaceId, id, to, op.userId);
    res.redirect(303, PAGE);
  }
}
