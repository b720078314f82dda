import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { RedisLimits } from '../core/redis/redis-keys';
import { formatDurationMs } from '../core/text/duration';
import { WorkspaceKeyService } from '../credentials';
import { OperatorAgentsService } from '../operator';
import { ApiShownOnceQuery, CurrentOperator, redirectShowingOnce, ShownOnce, WorkspaceOperator } from '../sessions';
import { confirmKeyChangePage, overviewPage, workspaceKeyPage } from './console-pages';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

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
    private readonly shownOnce: ShownOnce,
  ) {}

  /** The workspace overview: agents, their keys by prefix and state, last used. */
  @OperatorAuth({ page: true })
  @Get()
  @ApiOperation({
    summary: 'Workspace overview page',
    description:
      'The console home for any signed-in operator (session cookie; none: redirect to the log-in page). ' +
      "Shows the current workspace and the operator's role, its service agents with their API keys by prefix, state and last use, " +
      'and links to the other console pages (the key and webhook pages for owners and admins only).',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the workspace overview' })
  async home(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    const agents = op.workspaceId ? await this.agents.newestWithKeys(op.workspaceId) : [];
    sendPage(res, overviewPage(op, agents));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get('agents/workspace-key')
  @ApiOperation({
    summary: 'Workspace primary key page',
    description:
      'Console page for owners and admins. Shows the workspace primary key by prefix (never its secret) with its scopes, creation and last use, ' +
      'and offers to generate one, or to rotate or delete the current one through a confirmation step.',
  })
  @ApiShownOnceQuery('the new key')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the current primary key by prefix, with generate, rotate and delete; once after a rotation, the new key' })
  async keyPage(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('shown') shown: unknown, @Res() res: Response): Promise<void> {
    const taken = await this.shownOnce.take(op.sessionId, KEY_PAGE, shown);
    sendPage(res, workspaceKeyPage(op, await this.workspaceKey.current(op.workspaceId), taken));
  }

  /** The confirmation step of a rotation or deletion: what it revokes, and the button that does it. */
  @OperatorAuth({ role: 'admin', page: true })
  @Get('agents/workspace-key/confirm')
  @ApiOperation({
    summary: 'Confirm rotating or deleting the workspace primary key',
    description:
      'Console page for owners and admins: the confirmation step of `?action=rotate` or `?action=delete`, saying that the key and every access token minted from it stop working at once, ' +
      'with the button that posts `confirm=yes`. Without a key, or with another action, it redirects to the key page.',
  })
  @ApiQuery({
    name: 'action',
    required: false,
    enum: ['rotate', 'delete'],
    description: 'what to confirm; anything else redirects to the key page',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'asks to confirm a rotation (?action=rotate) or deletion (?action=delete) of the key' })
  @ApiSeeOtherResponse({ description: 'no key, or no valid action: to the key page' })
  async confirm(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query('action') action: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.workspaceKey.current(op.workspaceId);
    if (!key || (action !== 'rotate' && action !== 'delete')) return res.redirect(303, KEY_PAGE);
    sendPage(res, confirmKeyChangePage(op, key, action));
  }

  /**
   * Generate, or rotate once confirmed (`confirm=yes`, sent by the confirmation step; without it
   * a key in place is left alone and the browser is sent to that step): the old key (and its
   * tokens) is revoked, and the browser is redirected to the key page, which shows the new key
   * once (ShownOnce, ADR 0265): a reload shows the prefix only and never rotates again. When Redis
   * cannot hold the key, this answer shows it itself (201).
   */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Generate or rotate the workspace primary key',
    description:
      "The key page's form (owners and admins). With no key in place it generates one; with `confirm=yes` from the confirmation step it rotates, revoking the current key and every token minted from it. " +
      'The new `agk_` key carries every machine scope except `credentials:write`; the answer is a 303 to the key page, which shows it once (`?shown=`, for this session, ' +
      `within ${formatDurationMs(RedisLimits.shownOnceMs)}; a reload shows its prefix only and rotates nothing). Should Redis not hold it, this answer shows it itself (201). ` +
      'A key in place without `confirm=yes` is left alone and the browser is sent to the confirmation step.',
  })
  @ApiFormPost({ confirm: { description: '`yes` from the confirmation step: rotate the key in place', enum: ['yes'] } })
  @ApiCreatedResponse({ description: 'Redis could not hold the key for the redirect: the new key, shown once in this answer' })
  @ApiSeeOtherResponse({
    description:
      'generated or rotated: to the key page, which shows the new key once; or, a key in place and the rotation not confirmed, to the confirmation step',
  })
  async rotate(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() form: KeyForm, @Res() res: Response): Promise<void> {
    if (form?.confirm !== 'yes' && (await this.workspaceKey.current(op.workspaceId))) return res.redirect(303, confirmPage('rotate'));
    const { apiKey } = await this.workspaceKey.generate(op.workspaceId);
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: KEY_PAGE,
      secrets: { key: apiKey.key },
      inline: async () =>
        sendPage(res, workspaceKeyPage(op, await this.workspaceKey.current(op.workspaceId), { secrets: { key: apiKey.key } }), 201),
    });
  }

  /** The deletion form, once confirmed (`confirm=yes`); otherwise to the confirmation step. */
  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/workspace-key/delete')
  @ApiOperation({
    summary: 'Delete the workspace primary key',
    description:
      'The deletion form of the confirmation step (owners and admins). With `confirm=yes` it revokes the primary key and every token minted from it, then redirects to the key page; ' +
      'without it, the browser is sent to the confirmation step.',
  })
  @ApiFormPost({ confirm: { description: '`yes` from the confirmation step', enum: ['yes'] } })
  @ApiSeeOtherResponse({ description: 'revoked, back to the key page; or, not confirmed, to the confirmation step' })
  async deleteForm(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() form: KeyForm, @Res() res: Response): Promise<void> {
    if (form?.confirm !== 'yes') return res.redirect(303, confirmPage('delete'));
    await this.workspaceKey.delete(op.workspaceId);
    res.redirect(303, KEY_PAGE);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Delete('agents/workspace-key')
  @ApiOperation({
    summary: 'Delete the workspace primary key without confirmation',
    description:
      'Owners and admins (operator session). Revokes the workspace primary key and every token minted from it at once, with no confirmation step, ' +
      'then redirects to the key page; with no key in place it changes nothing.',
  })
  @ApiSeeOtherResponse({ description: 'revoked; back to the key page' })
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.workspaceKey.delete(op.workspaceId);
    res.redirect(303, KEY_PAGE);
  }
}
