import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  CreateGatewayRuleDto,
  GATEWAY_RULE_LIST,
  GatewayRuleEnvelopeDto,
  GatewayRuleListDto,
  UpdateGatewayRuleDto,
} from './dto/gateway-rule.dto';
import { GatewayRulesService } from './gateway-rules.service';

/** Gateway rules of the session's workspace (owners and admins). */
@OperatorResource()
@Controller('api/v1/operator/gateway_rules')
export class GatewayRulesController {
  constructor(private readonly rules: GatewayRulesService) {}

  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: GatewayRuleEnvelopeDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'gateway_rule_limit_reached (500 rules a workspace)' })
  @ApiInvalidBody()
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateGatewayRuleDto): Promise<GatewayRuleEnvelopeDto> {
    return { gateway_rule: await this.rules.create(op.workspaceId, op.userId, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get()
  @ApiList(GATEWAY_RULE_LIST)
  @ApiOkResponse({ type: GatewayRuleListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<GatewayRuleListDto> {
    return this.rules.list(op.workspaceId, parseList(GATEWAY_RULE_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id')
  @ApiOkResponse({ type: GatewayRuleEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<GatewayRuleEnvelopeDto> {
    return { gateway_rule: await this.rules.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
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
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotInWorkspace()
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.rules.delete(op.workspaceId, id);
  }
}
