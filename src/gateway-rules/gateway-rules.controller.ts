import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import {
  CreateGatewayRuleDto,
  GATEWAY_RULE_LIST,
  GatewayRuleEnvelopeDto,
  GatewayRuleListDto,
  UpdateGatewayRuleDto,
} from './dto/gateway-rule.dto';
import { GatewayRulesService } from './gateway-rules.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Gateway rules of the session's workspace (owners and admins). */
@OperatorResource()
@Controller('api/v1/operator/gateway_rules')
export class GatewayRulesController {
  constructor(private readonly rules: GatewayRulesService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a gateway rule',
    description:
      'Operator session, owners and admins. A rule matches actions by glob (`*` any run of characters, `?` one) and decides `allow`, `deny` or `require_approval`; ' +
      'checks apply the first matching rule by ascending `priority` (ties: the older first) and see a change at once (at most 30 seconds late should a node miss the news). ' +
      '409 `gateway_rule_limit_reached` at 500 rules a workspace.',
  })
  @ApiCreatedResponse({ type: GatewayRuleEnvelopeDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'gateway_rule_limit_reached (500 rules a workspace)' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateGatewayRuleDto): Promise<GatewayRuleEnvelopeDto> {
    return { gateway_rule: await this.rules.create(op.workspaceId, op.userId, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's gateway rules",
    description:
      'Operator session, owners and admins. Answers every rule of the workspace (at most 500) in the order checks apply them: ascending priority, ties oldest first.',
  })
  @ApiList(GATEWAY_RULE_LIST)
  @ApiOkResponse({ type: GatewayRuleListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<GatewayRuleListDto> {
    return this.rules.list(op.workspaceId, parseList(GATEWAY_RULE_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a gateway rule',
    description: 'Operator session, owners and admins. Answers the rule; 404 `not_found` for a rule of another workspace.',
  })
  @ApiOkResponse({ type: GatewayRuleEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<GatewayRuleEnvelopeDto> {
    return { gateway_rule: await this.rules.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
  @ApiOperation({
    summary: 'Change a gateway rule',
    description:
      'Operator session, owners and admins. Changes what is given of `action`, `effect`, `priority` and `description` (null clears it); checks see the change at once. ' +
      'Answers the rule; 404 `not_found` for a rule of another workspace.',
  })
  @ApiOkResponse({ type: GatewayRuleEnvelopeDto })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateGatewayRuleDto,
  ): Promise<GatewayRuleEnvelopeDto> {
    return { gateway_rule: await this.rules.update(op.workspaceId, id, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a gateway rule',
    description: 'Operator session, owners and admins. Deletes the rule (204); 404 `not_found` for a rule of another workspace.',
  })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotInWorkspace()
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.rules.delete(op.workspaceId, id);
  }
}
