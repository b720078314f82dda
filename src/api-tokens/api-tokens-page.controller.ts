import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { formRefusal } from '../core/common/problem/form-refusal';
import { AppValidationPipe } from '../core/common/validation/validation';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { ApiShownOnceAnswers, ApiShownOnceQuery, consoleChrome, redirectShowingOnce, ShownOnce, WorkspaceOperator } from '../sessions';
import { API_TOKENS_PAGE, apiTokensPage, type ApiTokensPageView } from './api-token-pages';
import { ApiTokensService } from './api-tokens.service';
import { API_TOKEN_LIST, API_TOKEN_ROLES, CreateApiTokenDto, type IssuedApiTokenDto } from './dto/api-token.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const pipe = new AppValidationPipe();

const REASONS: Record<string, string> = {
  insufficient_role: 'You cannot give a token a role above your own.',
  not_found: 'That token is not in this workspace, or is revoked already.',
};

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * /app/settings/api_tokens (API.md Part 3 "Operator API tokens"): owners and admins create, list
 * and revoke the workspace's tokens through the services the JSON routes use. A new token's secret
 * is shown once by the page the create form redirects to (ShownOnce, ADR 0265; in the form's own
 * 201 answer when Redis cannot hold it); a refusal renders the page again with its reason and status.
 */
@ApiTags('pages')
@Controller(API_TOKENS_PAGE.slice(1))
export class ApiTokensPageController {
  constructor(
    private readonly tokens: ApiTokensService,
    private readonly shownOnce: ShownOnce,
  ) {}

  @OperatorAuth({ role: 'admin', page: true, person: true })
  @Get()
  @ApiOperation({
    summary: 'API tokens page',
    description:
      "Console page of the workspace's operator API tokens (owners and admins; without a session, a redirect to the log-in page): the unrevoked tokens " +
      'with role, allowed addresses, expiry and last use, each with a revoke button (paged by `limit` and `offset` as the JSON list is), and the create form.',
  })
  @ApiShownOnceQuery("the new token's secret")
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "the tokens and the create form; once after a creation, the new token's secret" })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const shown = await this.shownOnce.take(op.sessionId, API_TOKENS_PAGE, query.shown);
    await this.render(res, op, { notice: text(query.notice), shown }, 200, query);
  }

  @OperatorAuth({ role: 'admin', page: true, recentAuth: true, person: true })
  @Post()
  @ApiOperation({
    summary: 'Create an API token from the API tokens page',
    description:
      'The create form (owners and admins, authenticated in the last 10 minutes, else a redirect to the re-check page), validated as ' +
      '`POST /api/v1/operator/api_tokens` is; `allowed_ips` is a comma- or space-separated list. Answers 303 to the page, which shows the new ' +
      "token's secret once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201); " +
      'a refusal renders the page again with its reason (422 for a bad field).',
  })
  @ApiFormPost({
    name: { description: 'a label for the token', required: true },
    role: { description: 'the role it acts with', enum: API_TOKEN_ROLES, required: true },
    expires_at: { description: 'ISO 8601 date-time in the future; blank: never expires' },
    allowed_ips: { description: 'CIDRs separated by commas or spaces; blank: any address' },
  })
  @ApiShownOnceAnswers("the new token's secret", 'the API tokens page')
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = {
      name: text(body?.name),
      role: text(body?.role),
      expires_at: text(body?.expires_at),
      allowed_ips: text(body?.allowed_ips),
    };
    let created: IssuedApiTokenDto;
    try {
      const ips = form.allowed_ips?.split(/[\s,]+/).filter((s) => s !== '');
      const input = {
        name: form.name,
        role: form.role,
        expires_at: form.expires_at?.trim() || undefined,
        allowed_ips: ips?.length ? ips : undefined,
      };
      const dto = (await pipe.transform(input, { type: 'body', metatype: CreateApiTokenDto })) as CreateApiTokenDto;
      created = await this.tokens.create(op, dto);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, { error: refusal.error, form }, refusal.status);
    }
    const secrets = { name: created.name, token: created.token };
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: API_TOKENS_PAGE,
      secrets,
      inline: () => this.render(res, op, { shown: { secrets } }, 201),
    });
  }

  @OperatorAuth({ role: 'admin', page: true, person: true })
  @Post(':id/revoke')
  @ApiOperation({
    summary: 'Revoke an API token from the API tokens page',
    description:
      'The revoke button of a token (owners and admins), with the rules of `DELETE /api/v1/operator/api_tokens/:id`; then back to the page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'revoked; back to the API tokens page' })
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    try {
      await this.tokens.revoke(op.workspaceId, id);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, { error: refusal.error }, refusal.status);
    }
    res.redirect(303, `${API_TOKENS_PAGE}?notice=revoked`);
  }

  private async render(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    extra: Partial<ApiTokensPageView>,
    status = 200,
    query: Record<string, unknown> = {},
  ): Promise<void> {
    // paged as GET /api/v1/operator/api_tokens is (limit, offset)
    const q = parseList(API_TOKEN_LIST, query);
    const list = await this.tokens.list(op.workspaceId, q);
    sendPage(res, apiTokensPage({ chrome: consoleChrome(op), q, tokens: list.api_tokens, total: list.pagination.total, ...extra }), status);
  }
}
