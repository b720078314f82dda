import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { AppConfig } from '../core/config/app-config';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import { CreateScimTokenDto, SCIM_EVENT_LIST, SCIM_TOKEN_LIST } from './dto/scim-operator.dto';
import { ScimConsoleService } from './scim-console.service';
import { adminPage } from './scim-pages';
import { ScimTokensService } from './scim-tokens.service';

const ADMIN_PAGE = '/app/admin';

/** /app/admin (owners and admins): SCIM tokens, created (shown once) and revoked, and the sync log. */
@ApiTags('pages')
@Controller('app/admin')
export class ScimAdminPageController {
  constructor(
    private readonly tokens: ScimTokensService,
    private readonly console: ScimConsoleService,
    private readonly config: AppConfig,
  ) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'SCIM tokens and recent SCIM writes' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.render(op, res);
  }

  /** The new token is in this response only: not a redirect, so a reload cannot show it again. */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('scim_tokens')
  @HttpCode(201)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new token, shown once' })
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateScimTokenDto, @Res() res: Response): Promise<void> {
    const created = await this.tokens.create(op.workspaceId, op.userId, dto.name || undefined);
    await this.render(op, res, created, 201);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('scim_tokens/:id/revoke')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'revoked; back to the page' })
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    await this.tokens.revoke(op.workspaceId, id);
    res.redirect(303, ADMIN_PAGE);
  }

  private async render(op: WorkspaceOperatorPrincipal, res: Response, created?: { name: string; token: string }, status = 200): Promise<void> {
    const [tokens, events] = await Promise.all([
      this.tokens.list(op.workspaceId, parseList(SCIM_TOKEN_LIST, { limit: '100' })),
      this.console.listEvents(op.workspaceId, parseList(SCIM_EVENT_LIST, { limit: '20' })),
    ]);
    const workspaceName = op.workspaces.find((w) => w.id === op.workspaceId)?.name ?? '';
    sendPage(
      res,
      adminPage({ email: op.email, workspaceName, baseUrl: this.config.baseUrl, tokens: tokens.scim_tokens, events: events.scim_sync_events, created }),
      status,
    );
  }
}
