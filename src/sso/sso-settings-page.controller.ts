import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { formRefusal } from '../core/common/problem/form-refusal';
import { AppValidationPipe } from '../core/common/validation/validation';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { CreateSsoConnectionDto, type SsoConnectionDto, UpdateSsoConnectionDto } from './dto/sso-connection.dto';
import { OidcClient } from './oidc-client';
import { SsoConnectionsService } from './sso-connections.service';
import { redirectToProvider } from './sso-login.controller';
import { SSO_SETTINGS_PAGE, ssoSettingsPage } from './sso-pages';
import { SsoSignInService } from './sso-sign-in.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const pipe = new AppValidationPipe();

const REASONS: Record<string, string> = {
  domain_taken: 'A domain of this connection belongs to another SSO connection.',
  not_found: 'That connection is not in this workspace.',
};

const FIELDS = {
  name: { description: 'the connection name', required: true },
  issuer: { description: "the provider's issuer URL", required: true },
  client_id: { description: 'the client id', required: true },
  client_secret: { description: 'the client secret (on an edit, blank keeps the current one)' },
  domains: { description: 'the domains, separated by commas or spaces', required: true },
  email_claim_fallback: { description: '`preferred_username`, `upn` or empty' },
  default_role: { description: '`member` or `admin`' },
  jit_provisioning: { description: '`true` to provision members just in time' },
  enforce: { description: '`true` to refuse password log-in for members in the domains' },
};

/** A form's fields as the JSON body of the REST routes takes them (checkboxes absent mean false). */
function formBody(body: Record<string, unknown>, edit: boolean): Record<string, unknown> {
  const text = (k: string) => (typeof body?.[k] === 'string' ? body[k] : undefined);
  const out: Record<string, unknown> = {
    name: text('name'),
    issuer: text('issuer'),
    client_id: text('client_id'),
    domains: (text('domains') ?? '')
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    email_claim_fallback: text('email_claim_fallback') || null,
    default_role: text('default_role'),
    jit_provisioning: text('jit_provisioning') === 'true',
    enforce: text('enforce') === 'true',
  };
  const secret = text('client_secret');
  if (!edit || secret) out.client_secret = secret;
  if (edit) out.status = text('status');
  return out;
}

/**
 * /app/settings/sso (owners; API.md Part 3): the connections with an edit form, a test sign-in and
 * a delete button each, the add form and the redirect URI to copy. The forms go through the same
 * service and validation as the JSON routes.
 */
@ApiTags('pages')
@Controller(SSO_SETTINGS_PAGE.slice(1))
export class SsoSettingsPageController {
  constructor(
    private readonly connections: SsoConnectionsService,
    private readonly oidc: OidcClient,
    private readonly signIns: SsoSignInService,
    private readonly config: AppConfig,
  ) {}

  @OperatorAuth({ role: 'owner', page: true })
  @Get()
  @ApiOperation({
    summary: 'Single sign-on settings page',
    description:
      "Owners. The workspace's SSO connections, the redirect URI to register at the provider, forms to add, edit, test and delete connections.",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the page' })
  async index(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, op, { notice: typeof notice === 'string' ? notice : undefined });
  }

  @OperatorAuth({ role: 'owner', page: true, recentAuth: true })
  @Post()
  @ApiOperation({
    summary: 'Add an SSO connection from the page',
    description: 'Owners, recent authentication; as `POST /api/v1/operator/sso_connections`. 303 back, or the page with the refusal.',
  })
  @ApiFormPost(FIELDS)
  @ApiSeeOtherResponse({ description: 'added; back to the page' })
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = formBody(body, false);
    await this.act(res, op, 'created', { form: form }, async () => {
      const dto = (await pipe.transform(form, { type: 'body', metatype: CreateSsoConnectionDto })) as CreateSsoConnectionDto;
      await this.connections.create(op.workspaceId, dto);
    });
  }

  @OperatorAuth({ role: 'owner', page: true, recentAuth: true })
  @Post(':id')
  @ApiOperation({
    summary: 'Change an SSO connection from the page',
    description: 'Owners, recent authentication; as `PATCH /api/v1/operator/sso_connections/:id`.',
  })
  @ApiFormPost({ ...FIELDS, status: { description: '`active` or `disabled`' } })
  @ApiSeeOtherResponse({ description: 'saved; back to the page' })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(res, op, 'updated', { editing: id }, async () => {
      const dto = (await pipe.transform(formBody(body, true), {
        type: 'body',
        metatype: UpdateSsoConnectionDto,
      })) as UpdateSsoConnectionDto;
      await this.connections.update(op.workspaceId, id, dto);
    });
  }

  @OperatorAuth({ role: 'owner', page: true, recentAuth: true })
  @Post(':id/delete')
  @ApiOperation({
    summary: 'Delete an SSO connection from the page',
    description: 'Owners, recent authentication; as `DELETE /api/v1/operator/sso_connections/:id`.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'deleted; back to the page' })
  async remove(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(res, op, 'deleted', { editing: id }, () => this.connections.delete(op.workspaceId, id));
  }

  @OperatorAuth({ role: 'owner', page: true })
  @Post(':id/test')
  @ApiOperation({
    summary: 'Test sign-in through an SSO connection',
    description:
      "Owners. Runs the whole sign-in at the provider (also for a disabled connection); the callback shows what the provider asserted and what a sign-in would do, in this owner's browser session, and signs nobody in.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'to the identity provider (302)' })
  async test(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    const conn = await this.connections.findForSignIn(id);
    if (!conn || conn.workspace_id !== op.workspaceId) return this.render(res, op, { error: REASONS.not_found, editing: id }, 404);
    await redirectToProvider(res, this.signIns, this.config, conn, { testBy: op.userId });
  }

  private async act(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    notice: string,
    view: { form?: Partial<SsoConnectionDto>; editing?: string },
    change: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await change();
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, { ...view, error: refusal.error }, refusal.status);
    }
    res.redirect(303, `${SSO_SETTINGS_PAGE}?notice=${notice}`);
  }

  private async render(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    extra: { notice?: string; error?: string; form?: Partial<SsoConnectionDto>; editing?: string },
    status = 200,
  ): Promise<void> {
    const connections = await this.connections.list(op.workspaceId);
    sendPage(res, ssoSettingsPage({ chrome: consoleChrome(op), redirectUri: this.oidc.redirectUri, connections, ...extra }), status, {
      formTargets: this.oidc.providerFormTargets,
    });
  }
}
