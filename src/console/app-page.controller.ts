import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { WorkspaceKeyService } from '../credentials';
import { OperatorAgentsService } from '../operator';
import { sendPage } from '../core/pages/layout';
import { CurrentOperator, WorkspaceOperator } from '../sessions';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from '../sessions';
import { confirmKeyChangePage, overviewPage, workspaceKeyPage } from './console-pages';

const KEY_PAGE = '/app/agents/workspace-key';
const confirmPage = (action: 'rotate' | 'delete') => `${KEY_PAGE}/confirm?action=${action}`;
/** The page's forms: `confirm=yes` only from the confirmation step. */
interface KeyForm {
  confirm?: unknown;
}

/** Server-rendered operator pages; no session: 302 to /users/log-in. */
@ApiTags('pages')
@Controller('app')
export class AppPageController {
  constructor(
    private readonly agents: OperatorAgentsService,
    private readonly workspaceKey: WorkspaceKeyService,
  ) {}

  /** The workspace overview: agents, their keys by prefix and state, last used. */
  @OperatorAuth({ page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the workspace overview' })
  async home(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    const agents = op.workspaceId ? await this.agents.listWithKeys(op.workspaceId) : [];
    sendPage(res, overviewPage(op, agents));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get('agents/workspace-key')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the current primary key by prefix, with generate, rotate and delete' })
  async keyPage(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    sendPage(res, workspaceKeyPage(op, await this.workspaceKey.current(op.workspaceId)));
  }

  /** The confirmation step of a rotation or deletion: what it revokes, and the button that does it. */
  @OperatorAuth({ role: 'admin', page: true })
  @Get('agents/workspace-key/confirm')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'asks to confirm a rotation (?action=rotate) or deletion (?action=delete) of the key' })
  async confirm(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('action') action: unknown, @Res() res: Response): Promise<void> {
    const key = await this.workspaceKey.current(op.workspaceId);
    if (!key || (action !== 'rotate' && action !== 'delete')) return res.redirect(303, KEY_PAGE);
    sendPage(res, confirmKeyChangePage(op, key, action));
  }

  /**
   * Generate, or rotate once confirmed (`confirm=yes`, sent by the confirmation step; without it
   * a key in place is left alone and the browser is sent to that step): the old key (and its
   * tokens) is revoked, the new key is shown in this response only. Not a redirect, so a reload
   * cannot show it again.
   */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key')
  @HttpCode(201)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new key, shown once' })
  @ApiSeeOtherResponse({ description: 'a key is in place and the rotation was not confirmed: to the confirmation step' })
  async rotate(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() form: KeyForm, @Res() res: Response): Promise<void> {
    if (form?.confirm !== 'yes' && (await this.workspaceKey.current(op.workspaceId))) return res.redirect(303, confirmPage('rotate'));
    const { apiKey } = await this.workspaceKey.generate(op.workspaceId);
    sendPage(res, workspaceKeyPage(op, await this.workspaceKey.current(op.workspaceId), apiKey.key), 201);
  }

  /** The deletion form, once confirmed (`confirm=yes`); otherwise to the confirmation step. */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key/delete')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'revoked, back to the key page; or, not confirmed, to the confirmation step' })
  async deleteForm(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() form: KeyForm, @Res() res: Response): Promise<void> {
    if (form?.confirm !== 'yes') return res.redirect(303, confirmPage('delete'));
    await this.workspaceKey.delete(op.workspaceId);
    res.redirect(303, KEY_PAGE);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Delete('agents/workspace-key')
  @ApiSeeOtherResponse({ description: 'revoked; back to the key page' })
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.workspaceKey.delete(op.workspaceId);
    res.redirect(303, KEY_PAGE);
  }
}
