import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { WorkspaceKeyService } from '../credentials';
import { OperatorAgentsService } from '../operator';
import { sendPage } from '../core/pages/layout';
import { CurrentOperator, WorkspaceOperator } from '../sessions';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from '../sessions';
import { overviewPage, workspaceKeyPage } from './console-pages';

const KEY_PAGE = '/app/agents/workspace-key';

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

  /**
   * Generate or rotate: the old key (and its tokens) is revoked, the new key is shown in this
   * response only. Not a redirect, so a reload cannot show it again.
   */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key')
  @HttpCode(201)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new key, shown once' })
  async rotate(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const { apiKey } = await this.workspaceKey.generate(op.workspaceId);
    sendPage(res, workspaceKeyPage(op, await this.workspaceKey.current(op.workspaceId), apiKey.key), 201);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key/delete')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'revoked; back to the key page' })
  async deleteForm(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
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
