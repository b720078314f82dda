import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { formRefusal } from '../core/common/problem/form-refusal';
import { formText, validForm } from '../core/common/validation/page-form';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { UpdateWorkspaceDto } from './dto/operator.dto';
import { WorkspacePolicyService } from './workspace-policy.service';
import { SETTINGS_PAGE, settingsPage, type SettingsPageView } from './workspace-settings-page';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const REASONS: Readonly<Record<string, string>> = {
  mfa_not_enabled: 'Enroll a second factor of your own first (Account, Security): the policy would otherwise shut you out.',
};

/** A select's `true` / `false` as the DTO's boolean; anything else goes through as sent (and the DTO refuses it). */
const formBoolean = (v: string | undefined): boolean | string | undefined => (v === 'true' ? true : v === 'false' ? false : v);

/**
 * /app/settings (issue 57): the workspace's settings for any member, as `GET /api/v1/operator/workspace`
 * answers them; its owners change what `PATCH /api/v1/operator/workspace` allows, through the same
 * service (audited as `workspace.update`) and under the same rules (an owner, a person).
 */
@ApiTags('pages')
@Controller('app/settings')
export class WorkspaceSettingsPageController {
  constructor(private readonly policy: WorkspacePolicyService) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Workspace settings page',
    description:
      "Console page for any member of the workspace (operator session; none: redirect to the log-in page): the workspace's name, slug, plan, status and second-factor policy; " +
      'owners get the form that changes the policy.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "the workspace's settings" })
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, op, {
      notice: notice === 'saved' ? 'Settings saved: they apply from the next request on every node.' : undefined,
    });
  }

  @OperatorAuth({ role: 'owner', person: true, page: true })
  @Post()
  @ApiOperation({
    summary: "Change the workspace's policy from the settings page",
    description:
      'The policy form (owners only), as `PATCH /api/v1/operator/workspace` (`require_mfa` `true` or `false`); then back to the settings page. ' +
      'An owner without a second factor cannot turn it on: the page again with 409 and the reason.',
  })
  @ApiFormPost({ require_mfa: { description: 'require a second factor of every member', enum: ['true', 'false'] } })
  @ApiSeeOtherResponse({ description: 'saved; back to the settings page' })
  @ApiConflictResponse({ description: 'mfa_not_enabled: the owner has no second factor; the page again with the reason' })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { require_mfa: formText(body?.require_mfa) };
    try {
      await this.policy.update(op, await validForm(UpdateWorkspaceDto, { require_mfa: formBoolean(form.require_mfa) }));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${SETTINGS_PAGE}?notice=saved`);
  }

  private async render(res: Response, op: WorkspaceOperatorPrincipal, extra: Partial<SettingsPageView>, status = 200): Promise<void> {
    const workspace = await this.policy.settings(op.workspaceId);
    sendPage(res, settingsPage({ chrome: consoleChrome(op), role: op.role, workspace, ...extra }), status);
  }
}
