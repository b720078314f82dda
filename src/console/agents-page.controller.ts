import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { SERVICE_AGENT_LIST } from '../agents';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { formRefusal } from '../core/common/problem/form-refusal';
import { canonicalAllowlist } from '../core/common/validation/allowed-ips';
import { fixedNotice, formList, formText, validForm } from '../core/common/validation/page-form';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { CreateServiceAgentDto, IssueApiKeyDto, OperatorAgentsService, UpdateServiceAgentDto } from '../operator';
import {
  ApiShownOnceAnswers,
  ApiShownOnceQuery,
  consoleChrome,
  redirectShowingOnce,
  ShownOnce,
  shownOnceMissing,
  WorkspaceOperator,
} from '../sessions';
import { agentPage, type AgentPageView, agentPath, agentsPage, type AgentsPageView } from './agent-pages';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

/** What a redirect's `?notice=` may say (a fixed set: the address never carries text to show). */
const NOTICES: Readonly<Record<string, string>> = {
  created: 'Service agent created: issue it a key below.',
  renamed: 'Service agent renamed.',
  deactivated: 'Service agent deactivated: its keys and tokens are refused until it is reactivated.',
  reactivated: 'Service agent reactivated: its usable keys work again.',
  archived: 'API key archived.',
  revoked: 'API key revoked.',
};
const notice = (query: Record<string, unknown>) => fixedNotice(NOTICES, query.notice);

/** The page's words for the refusals its forms can meet (a field error names the field itself). */
const REASONS: Readonly<Record<string, string>> = {
  agent_quota_reached: "The plan's service agent quota is reached.",
};

/**
 * Service agents and their keys in the console (issue 57): the list reads its query with the REST
 * list's own definition; owners and admins act through OperatorAgentsService, as
 * `/api/v1/operator/service_agents...` and `/api/v1/operator/api_keys/...` do (so each change is
 * audited as its REST twin), each action answered by a redirect back (Post/Redirect/Get). A new
 * key is shown once through ShownOnce. Declared after AppPageController (console.module.ts), so
 * `/app/agents/workspace-key` is that controller's; `:id` is a UUID besides.
 */
@ApiTags('pages')
@Controller('app')
export class AgentsPageController {
  constructor(
    private readonly agents: OperatorAgentsService,
    private readonly shownOnce: ShownOnce,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get('agents')
  @ApiOperation({
    summary: 'Service agents page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the service agents newest first by name, slug and status, ' +
      'each with its keys by prefix and state, with the query of `GET /api/v1/operator/service_agents` (`q` searches name and slug, `filter[status]`, `limit`, `offset`; its 400s alike; no total). ' +
      'Owners and admins also get the form that creates an agent.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'a page of service agents with their keys' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.renderList(res, op, query, { notice: notice(query) });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents')
  @ApiOperation({
    summary: 'Create a service agent from the agents page',
    description:
      "The new-agent form (owners and admins), validated as `POST /api/v1/operator/service_agents` is (`scopes` comma-separated; blank: every machine scope); then to the agent's page. " +
      'A refusal (a bad scope, the quota reached) renders the page again with its reason and the typed values.',
  })
  @ApiFormPost({
    name: { description: 'up to 120 characters', required: true },
    scopes: { description: 'comma-separated machine scopes its keys may carry; blank: every one' },
  })
  @ApiSeeOtherResponse({ description: "created; to the agent's page" })
  @ApiTooManyRequestsResponse({ description: "the plan's agent quota is reached: the page again with the reason" })
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { name: formText(body?.name), scopes: formText(body?.scopes) };
    let id: string;
    try {
      const dto = await validForm(CreateServiceAgentDto, { name: form.name, scopes: formList(form.scopes) });
      ({ id } = await this.agents.create(op.workspaceId, dto.name, dto.scopes));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.renderList(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${agentPath(id)}?notice=created`);
  }

  @OperatorAuth({ role: 'member', page: true })
  @Get('agents/:id')
  @ApiOperation({
    summary: 'Service agent page',
    description:
      'Console page for any member of the workspace: a service agent and its keys by prefix, scopes, state, expiry and last use (never a secret, except once: `?shown=` after issuing one, ' +
      'for the session that issued it). Owners and admins get the issue form, archive and revoke buttons (each confirmed before it posts), rename and deactivate. ' +
      '404 for an agent of another workspace or the hidden workspace-key agent.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the agent and its keys' })
  @ApiShownOnceQuery('the API key just issued')
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const taken = await this.shownOnce.take(op.sessionId, agentPath(id), query.shown);
    const missing = shownOnceMissing(taken, 'API key', 'Issue another one below, and revoke this one if it was not copied.');
    await this.renderAgent(res, op, id, { notice: notice(query), issued: taken.secrets?.key, missing });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/:id/keys')
  @HttpCode(201)
  @ApiOperation({
    summary: "Issue an API key from the agent's page",
    description:
      'The issue form (owners and admins), validated as `POST /api/v1/operator/service_agents/:id/api_keys` is (`scopes` and `allowed_ips` comma-separated). ' +
      "Answers a 303 to the agent's page, which shows the new key once (`?shown=`, this session only; a reload shows its prefix only); " +
      'should Redis not hold it, this answer shows it itself (201). A refusal renders the page again with its reason and the typed values.',
  })
  @ApiFormPost({
    scopes: { description: "comma-separated, a subset of the agent's scopes; blank: all of them" },
    expires_at: { description: 'ISO 8601, in the future; blank: never' },
    allowed_ips: { description: 'comma-separated CIDRs the key may be used from; blank: any' },
  })
  @ApiShownOnceAnswers('the new key', "the agent's page")
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async issueKey(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const keyForm = { scopes: formText(body?.scopes), expires_at: formText(body?.expires_at), allowed_ips: formText(body?.allowed_ips) };
    let key: string;
    try {
      const dto = await validForm(IssueApiKeyDto, {
        scopes: formList(keyForm.scopes),
        expires_at: keyForm.expires_at?.trim() || undefined,
        allowed_ips: formList(keyForm.allowed_ips),
      });
      ({ key } = await this.agents.issueKey(op.workspaceId, id, dto.scopes, dto.expires_at, canonicalAllowlist(dto.allowed_ips)));
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal || refusal.status === 404) throw err;
      return this.renderAgent(res, op, id, { error: refusal.error, keyForm }, refusal.status);
    }
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: agentPath(id),
      secrets: { key },
      inline: () => this.renderAgent(res, op, id, { issued: key }, 201),
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('agents/:id/update')
  @ApiOperation({
    summary: 'Rename, deactivate or reactivate a service agent from its page',
    description:
      "The agent page's rename form and its (confirmed) deactivate and reactivate buttons (owners and admins), as `PATCH /api/v1/operator/service_agents/:id`; then back to the agent's page. " +
      'A refusal (a blank name) renders the page again with its reason and the typed name.',
  })
  @ApiFormPost({
    name: { description: 'the new name; absent: kept' },
    status: { description: 'absent: kept', enum: ['active', 'inactive'] },
  })
  @ApiSeeOtherResponse({ description: "changed; back to the agent's page" })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { name: formText(body?.name), status: formText(body?.status) };
    try {
      const dto = await validForm(UpdateServiceAgentDto, form);
      await this.agents.update(op.workspaceId, id, dto);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal || refusal.status === 404) throw err;
      return this.renderAgent(res, op, id, { error: refusal.error, agentForm: { name: form.name } }, refusal.status);
    }
    const done = form.status === 'inactive' ? 'deactivated' : form.status === 'active' ? 'reactivated' : 'renamed';
    res.redirect(303, `${agentPath(id)}?notice=${done}`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('api-keys/:credential_id/archive')
  @ApiOperation({
    summary: "Archive an API key from its agent's page",
    description:
      "The confirmed archive button (owners and admins), as `POST /api/v1/operator/api_keys/:credential_id/archive`; then back to the agent's page.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: "archived; back to the agent's page" })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async archive(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('credential_id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.agents.changeKeyStatus(op.workspaceId, id, 'archived');
    res.redirect(303, `${agentPath(key.service_agent_id)}?notice=archived`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('api-keys/:credential_id/revoke')
  @ApiOperation({
    summary: "Revoke an API key from its agent's page",
    description:
      "The confirmed revoke button (owners and admins), as `POST /api/v1/operator/api_keys/:credential_id/revoke`; then back to the agent's page.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: "revoked; back to the agent's page" })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('credential_id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.agents.changeKeyStatus(op.workspaceId, id, 'revoked');
    res.redirect(303, `${agentPath(key.service_agent_id)}?notice=revoked`);
  }

  private async renderList(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<AgentsPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(SERVICE_AGENT_LIST, withoutEmptyFilters(query));
    const agents = await this.agents.listWithKeys(op.workspaceId, q);
    sendPage(res, agentsPage({ chrome: consoleChrome(op), role: op.role, q, agents, ...extra }), status);
  }

  private async renderAgent(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    id: string,
    extra: Partial<AgentPageView>,
    status = 200,
  ): Promise<void> {
    const agent = await this.agents.show(op.workspaceId, id);
    sendPage(res, agentPage({ chrome: consoleChrome(op), role: op.role, agent, ...extra }), status);
  }
}
