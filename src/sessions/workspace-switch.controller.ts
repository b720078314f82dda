import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { OperatorAuth } from '../auth';
import { ForbiddenProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { WORKSPACE_SWITCH_PATH } from './console-chrome';
import { setWorkspaceCookie } from './cookies';
import { CurrentOperator } from './operator-auth.strategy';
import { APP_PATH } from './session.constants';
import type { OperatorPrincipal } from './operator-principal';
import type { Response } from 'express';

/** The header's workspace switcher (ADR 0265): which of the account's workspaces the console pages act on. */
@ApiTags('pages')
@Controller(WORKSPACE_SWITCH_PATH.slice(1))
export class WorkspaceSwitchController {
  constructor(private readonly config: AppConfig) {}

  @OperatorAuth({ page: true, mfaEnrollment: true })
  @Post()
  @ApiOperation({
    summary: 'Switch the workspace the console acts on',
    description:
      "The header's switcher, shown to an account with several workspaces. `workspace_id` must be one of the account's memberships: the console's pages act on it " +
      'from then on in this browser (a cookie; the membership is checked on every request, and a removed one falls back to the oldest). JSON routes keep ' +
      '`x-workspace-id`. Redirects to the overview; another workspace is 403 `not_a_member`.',
  })
  @ApiFormPost({ workspace_id: { description: "the id of one of the account's workspaces", required: true } })
  @ApiSeeOtherResponse({ description: 'switched; to the overview of that workspace' })
  @ApiForbiddenResponse({ description: "`not_a_member`: not one of the account's workspaces" })
  switch(@CurrentOperator() op: OperatorPrincipal, @Body() form: { workspace_id?: unknown }, @Res() res: Response): void {
    const id = typeof form?.workspace_id === 'string' && isUUID(form.workspace_id) ? form.workspace_id.toLowerCase() : undefined;
    const membership = id === undefined ? undefined : op.workspaces.find((w) => w.id === id);
    if (!membership) throw new ForbiddenProblem('not_a_member');
    setWorkspaceCookie(res, this.config, membership.id);
    res.redirect(303, APP_PATH);
  }
}
