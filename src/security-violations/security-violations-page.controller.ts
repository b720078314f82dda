import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { SECURITY_VIOLATION_LIST } from './dto/security-violation.dto';
import { securityViolationsPage } from './security-violations-pages';
import { SecurityViolationsService } from './security-violations.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { ViolationStatus } from './violation-kinds';
import type { Response } from 'express';

const PAGE = '/app/security-violations';

/** /app/security-violations: members see them; owners and admins acknowledge and resolve (409 page otherwise). */
@ApiTags('pages')
@Controller('app/security-violations')
export class SecurityViolationsPageController {
  constructor(private readonly violations: SecurityViolationsService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Security violations page',
    description:
      "The console page of the workspace's security violations, newest first, for any member (session cookie; without one, a redirect to the log-in page), " +
      'with the query of `GET /api/v1/operator/security_violations` (`filter[status]`, `filter[severity]`, `filter[kind]`, `limit`, `offset`; its 400s alike). Owners and admins also get acknowledge and resolve buttons.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of violations' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(SECURITY_VIOLATION_LIST, withoutEmptyFilters(query));
    const list = await this.violations.list(op.workspaceId, q);
    sendPage(
      res,
      securityViolationsPage({
        chrome: consoleChrome(op),
        role: op.role,
        q,
        violations: list.security_violations,
        total: list.pagination.total,
      }),
    );
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/acknowledge')
  @ApiOperation({
    summary: 'Acknowledge a security violation from the page',
    description:
      'The acknowledge button of /app/security-violations, for owners and admins (session cookie): an open violation becomes `acknowledged`, then a 303 redirect back to the page. ' +
      'Any other move is a 409 error page; a violation of another workspace a 404 error page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'acknowledged: to /app/security-violations' })
  acknowledge(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    return this.move(op, id, 'acknowledged', res);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/resolve')
  @ApiOperation({
    summary: 'Resolve a security violation from the page',
    description:
      'The resolve button of /app/security-violations, for owners and admins (session cookie): an open or acknowledged violation becomes `resolved`, then a 303 redirect back to the page. ' +
      'A violation already resolved is a 409 error page; one of another workspace a 404 error page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'resolved: to /app/security-violations' })
  resolve(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    return this.move(op, id, 'resolved', res);
  }

  private async move(op: WorkspaceOperatorPrincipal, id: string, to: ViolationStatus, res: Response): Promise<void> {
    await this.violations.changeStatus(op.workspaceId, id, to, op.userId);
    res.redirect(303, PAGE);
  }
}
