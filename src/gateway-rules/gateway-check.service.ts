import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { ViolationRecorder } from '../security-violations';
import { ApprovalsService } from './approvals.service';
import { GatewayRulesService } from './gateway-rules.service';
import { globMatches } from './glob';
import type { MachinePrincipal } from '../credentials';
import type { GatewayCheckDto, GatewayCheckResponseDto } from './dto/gateway-check.dto';

/**
 * POST /api/v1/gateway/check: the first rule (ascending priority, ties oldest first) whose glob
 * matches the action decides; with none, the action is allowed. A deny opens (or counts on) a
 * medium security violation (ViolationRecorder: the first is written with the check, repeats are
 * counted off the request path); require_approval answers the agent's pending approval.
 */
@Injectable()
export class GatewayCheckService {
  constructor(
    private readonly rules: GatewayRulesService,
    private readonly approvals: ApprovalsService,
    private readonly violations: ViolationRecorder,
    private readonly clock: Clock,
  ) {}

  async check(principal: MachinePrincipal, dto: GatewayCheckDto): Promise<GatewayCheckResponseDto> {
    const now = this.clock.now();
    const rules = await this.rules.forCheck(principal.workspaceId, now);
    const rule = rules.find((r) => globMatches(r.action, dto.action));
    if (!rule) return { decision: 'allow', reason: 'no_matching_rule', rule_id: null };
    const decided = { decision: rule.effect, reason: 'matched_rule' as const, rule_id: rule.id };
    const resource = dto.resource ?? null;
    switch (rule.effect) {
      case 'allow':
        return decided;
      case 'deny':
        await this.violations.deny({
          workspaceId: principal.workspaceId,
          kind: 'gateway_denied',
          serviceAgentId: principal.serviceAgentId,
          credentialId: principal.credentialId,
          detail: { rule_id: rule.id, rule_action: rule.action, action: dto.action, resource },
          about: [principal.serviceAgentId, rule.id, dto.action, resource ?? ''],
          at: now,
        });
        return decided;
      case 'require_approval': {
        const approval = await this.approvals.request({
          workspaceId: principal.workspaceId,
          serviceAgentId: principal.serviceAgentId,
          credentialId: principal.credentialId,
          gatewayRuleId: rule.id,
          action: dto.action,
          resource,
          context: dto.context ?? {},
        });
        return { ...decided, approval };
      }
    }
  }
}
