import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { SERVICE_AGENT_LIST, ServiceAgentsService } from '../agents';
import { OperatorAuth } from '../auth';
import { formRefusal } from '../core/common/problem/form-refusal';
import { fixedNotice, formText, validForm } from '../core/common/validation/page-form';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { COMMANDS_PAGE, commandsPage, type CommandsPageView } from './agent-command-pages';
import { AgentCommandsService } from './agent-commands.service';
import { AGENT_COMMAND_LIST, CreateAgentCommandDto } from './dto/agent-command.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const NOTICES: Readonly<Record<string, string>> = {
  sent: 'Command sent: it reaches the agent at once if it is connected, else at its next ready.',
};
const REASONS: Readonly<Record<string, string>> = {
  service_agent_inactive: 'That agent is inactive: reactivate it before sending it commands.',
  not_found: 'That agent is not a service agent of this workspace.',
};

/** A payload field as typed: blank is {}, JSON is parsed, anything else goes to the DTO as sent (which refuses it). */
function payloadOf(text: string | undefined): unknown {
  const s = text?.trim();
  if (!s) return undefined;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}

/**
 * /app/commands (issue 57): the workspace's agent commands with the query of
 * `GET /api/v1/operator/agent_commands`, and the send form any member may use, through the same
 * service as `POST /api/v1/operator/agent_commands` (audited as `agent_command.create`).
 */
@ApiTags('pages')
@Controller('app/commands')
export class AgentCommandsPageController {
  constructor(
    private readonly commands: AgentCommandsService,
    private readonly agents: ServiceAgentsService,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Commands page',
    description:
      'Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the agent commands newest first by name, agent, status and result, ' +
      'with the query of `GET /api/v1/operator/agent_commands` (`filter[status]`, `limit` up to 100; no offset, its 400s alike), and the form that sends one.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the newest agent commands and the send form' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.render(res, op, query, { notice: fixedNotice(NOTICES, query.notice) });
  }

  @OperatorAuth({ role: 'member', page: true })
  @Post()
  @ApiOperation({
    summary: 'Send a command from the commands page',
    description:
      'The send form (any member), validated as `POST /api/v1/operator/agent_commands` is (`payload` a JSON object as text; blank: {}); then back to the commands page. ' +
      'A refusal (an inactive agent, a bad payload) renders the page again with its reason and the typed values.',
  })
  @ApiFormPost({
    service_agent_id: { description: 'an active service agent of the workspace', required: true },
    name: { description: 'the command, up to 100 characters', required: true },
    payload: { description: 'a JSON object, at most 32768 bytes; blank: {}' },
  })
  @ApiSeeOtherResponse({ description: 'sent; back to the commands page' })
  @ApiNotFoundResponse({ description: 'no such agent in this workspace: the page again with the reason' })
  @ApiConflictResponse({ description: 'service_agent_inactive: the page again with the reason' })
  async send(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = { service_agent_id: formText(body?.service_agent_id), name: formText(body?.name), payload: formText(body?.payload) };
    try {
      const dto = await validForm(CreateAgentCommandDto, { ...form, payload: payloadOf(form.payload) });
      await this.commands.create({ workspaceId: op.workspaceId, userId: op.userId }, dto);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, {}, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${COMMANDS_PAGE}?notice=sent`);
  }

  private async render(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    query: Record<string, unknown>,
    extra: Partial<CommandsPageView>,
    status = 200,
  ): Promise<void> {
    const q = parseList(AGENT_COMMAND_LIST, withoutEmptyFilters(query));
    const commands = await this.commands.list(op.workspaceId, q);
    const [agentNames, targets] = await Promise.all([
      this.agents.namesOf(
        op.workspaceId,
        commands.map((c) => c.service_agent_id),
      ),
      this.agents.listVisible(
        op.workspaceId,
        parseList(SERVICE_AGENT_LIST, { filter: { status: 'active' }, limit: String(SERVICE_AGENT_LIST.page.limit.max) }),
      ),
    ]);
    sendPage(res, commandsPage({ chrome: consoleChrome(op), q, commands, agentNames, targets, ...extra }), status);
  }
}
