import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { formRefusal } from '../core/common/problem/form-refusal';
import { fixedNotice, formInt, formText, validForm } from '../core/common/validation/page-form';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { CreateGatewayRuleDto, GATEWAY_EFFECTS, GATEWAY_RULE_LIST, UpdateGatewayRuleDto } from './dto/gateway-rule.dto';
import { GATEWAY_RULES_PAGE, gatewayRulePage, gatewayRulesPage, type GatewayRulesPageView, type RuleForm } from './gateway-rule-pages';
import { GatewayRulesService } from './gateway-rules.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const NOTICES: Readonly<Record<string, string>> = {
  created: 'Rule created: checks apply it at once.',
  saved: 'Rule saved: checks apply the change at once.',
  deleted: 'Rule deleted.',
};
const REASONS: Readonly<Record<string, string>> = {
  gateway_rule_limit_reached: 'A workspace has at most 500 gateway rules: delete one first.',
};

const ruleForm = (body: Record<string, unknown> | undefined): RuleForm => ({
  action: formText(body?.action),
  effect: formText(body?.effect),
  priority: formText(body?.priority),
  description: formText(body?.description),
});

const RULE_FIELDS = {
  action: { description: 'a glob over the action (* any run, ? one character)', required: true },
  effect: { description: 'what a match decides', enum: GATEWAY_EFFECTS, required: true },
  priority: { description: 'lower applies first; blank: 100' },
  description: { description: 'optional' },
};

/**
 * /app/gateway-rules (issue 57), for owners and admins as the REST routes are: the rules in the
 * order checks apply them, through the same service as `/api/v1/operator/gateway_rules` (each
 * change audited as there), each change answered by a redirect back.
 */
@ApiTags('pages')
@Controller('app/gateway-rules')
export class GatewayRulesPageController {
  constructor(private readonly rules: GatewayRulesService) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiOperation({
    summary: 'Gateway rules page',
    description:
      'Console page for owners and admins (operator session; none: redirect to the log-in page): every rule of the workspace in the order checks apply them (ascending priority, ties oldest first), ' +
      'as `GET /api/v1/operator/gateway_rules` answers them, with the forms that create, edit and (confirmed) delete one.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the gateway rules in priority order' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.renderList(res, op, { notice: fixedNotice(NOTICES, query.notice) });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post()
  @ApiOperation({
    summary: 'Create a gateway rule from its page',
    description:
      'The new-rule form (owners and admins), validated as `POST /api/v1/operator/gateway_rules` is; then back to the rules page. A refusal renders the page again with its reason and the typed values.',
  })
  @ApiFormPost(RULE_FIELDS)
  @ApiSeeOtherResponse({ description: 'created; back to the rules page' })
  @ApiConflictResponse({ description: 'gateway_rule_limit_reached: the page again with the reason' })
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = ruleForm(body);
    try {
      const dto = await validForm(CreateGatewayRuleDto, {
        action: form.action,
        effect: form.effect,
        priority: formInt(form.priority),
        description: form.description?.trim() || undefined,
      });
      await this.rules.create(op.workspaceId, op.userId, dto);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.renderList(res, op, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${GATEWAY_RULES_PAGE}?notice=created`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get(':id')
  @ApiOperation({
    summary: 'Gateway rule page',
    description: "Console page for owners and admins: a rule's edit form. 404 for a rule of another workspace.",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "the rule's edit form" })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    sendPage(res, gatewayRulePage({ chrome: consoleChrome(op), rule: await this.rules.show(op.workspaceId, id) }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id')
  @ApiOperation({
    summary: 'Change a gateway rule from its page',
    description:
      "The rule's edit form (owners and admins), as `PATCH /api/v1/operator/gateway_rules/:id` (a blank description clears it); then back to the rules page. " +
      'A refusal renders the form again with its reason and the typed values.',
  })
  @ApiFormPost(RULE_FIELDS)
  @ApiSeeOtherResponse({ description: 'saved; back to the rules page' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = ruleForm(body);
    try {
      const dto = await validForm(UpdateGatewayRuleDto, {
        action: form.action,
        effect: form.effect,
        priority: formInt(form.priority),
        description: form.description?.trim() || null,
      });
      await this.rules.update(op.workspaceId, id, dto);
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal || refusal.status === 404) throw err;
      const rule = await this.rules.show(op.workspaceId, id);
      return sendPage(res, gatewayRulePage({ chrome: consoleChrome(op), rule, error: refusal.error, form }), refusal.status);
    }
    res.redirect(303, `${GATEWAY_RULES_PAGE}?notice=saved`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/delete')
  @ApiOperation({
    summary: 'Delete a gateway rule from its page',
    description:
      'The confirmed delete button (owners and admins), as `DELETE /api/v1/operator/gateway_rules/:id`; then back to the rules page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'deleted; back to the rules page' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace' })
  async delete(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.rules.delete(op.workspaceId, id);
    res.redirect(303, `${GATEWAY_RULES_PAGE}?notice=deleted`);
  }

  private async renderList(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    extra: Partial<GatewayRulesPageView>,
    status = 200,
  ): Promise<void> {
    const list = await this.rules.list(op.workspaceId, parseList(GATEWAY_RULE_LIST, {}));
    sendPage(res, gatewayRulesPage({ chrome: consoleChrome(op), rules: list.gateway_rules, ...extra }), status);
  }
}
