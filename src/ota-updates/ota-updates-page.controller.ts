import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { OTA_UPDATE_LIST } from './dto/ota-update.dto';
import { otaUpdatesPage } from './ota-updates-pages';
import { OtaUpdatesService } from './ota-updates.service';

/** /app/ota-updates: members see them; owners and admins cancel open ones. */
@ApiTags('pages')
@Controller('app/ota-updates')
export class OtaUpdatesPageController {
  constructor(private readonly updates: OtaUpdatesService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the newest 100 updates' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const list = await this.updates.list(op.workspaceId, parseList(OTA_UPDATE_LIST, { limit: '100' }));
    sendPage(res, otaUpdatesPage({ email: op.email, role: op.role, updates: list.ota_updates }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/cancel')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'cancelled; back to the page (409 page once it has finished)' })
  async cancel(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    await this.updates.cancel(op.workspaceId, id);
    res.redirect(303, '/app/ota-updates');
  }
}
