import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
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
  constructor(private readonly updates: OtaUpdatesService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'OTA updates page',
    description:
      "The console page of the workspace's newest 100 OTA updates, for any member (session cookie; without one, a redirect to the log-in page). Owners and admins also get a cancel button on each open update.",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the newest 100 updates' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const list = await this.updates.list(op.workspaceId, parseList(OTA_UPDATE_LIST, { limit: '100' }));
    sendPage(res, otaUpdatesPage({ chrome: consoleChrome(op), role: op.role, updates: list.ota_updates }));
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
