import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { RobotsService } from '../enrollment';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { OTA_UPDATE_LIST } from './dto/ota-update.dto';
import { otaUpdatesPage } from './ota-updates-pages';
import { OtaUpdatesService } from './ota-updates.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** /app/ota-updates: members see them; owners and admins cancel open ones. */
@ApiTags('pages')
@Controller('app/ota-updates')
export class OtaUpdatesPageController {
  constructor(
    private readonly updates: OtaUpdatesService,
    private readonly robots: RobotsService,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'OTA updates page',
    description:
      "The console page of the workspace's OTA updates, newest first, for any member (session cookie; without one, a redirect to the log-in page), " +
      'with the query of `GET /api/v1/operator/ota_updates` (`filter[status]`, `filter[update_type]`, `filter[robot_id]`, `limit`, `offset`; its 400s alike); each names its robot. ' +
      'Owners and admins also get a cancel button on each open update, confirmed before it posts.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of updates' })
  async page(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(OTA_UPDATE_LIST, withoutEmptyFilters(query));
    const list = await this.updates.list(op.workspaceId, q);
    const robotNames = await this.robots.namesOf(
      op.workspaceId,
      list.ota_updates.map((o) => o.robot_id),
    );
    sendPage(
      res,
      otaUpdatesPage({ chrome: consoleChrome(op), role: op.role, q, updates: list.ota_updates, total: list.pagination.total, robotNames }),
    );
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/cancel')
  @ApiOperation({
    summary: 'Cancel an OTA update from the page',
    description:
      "The page's cancel form, for owners and admins (session cookie): the open update becomes `cancelled` and its agent command is finished, then a 303 redirect back to /app/ota-updates. " +
      'An update that has finished is a 409 error page, one of another workspace a 404 error page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'cancelled: to /app/ota-updates' })
  async cancel(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.updates.cancel(op.workspaceId, id);
    res.redirect(303, '/app/ota-updates');
  }
}
