import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuditLog } from '../audit';
import { LocalCache } from '../core/common/cache/local-cache';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { EventBus } from '../core/redis/event-bus.service';
import {
  type CreateGatewayRuleDto,
  DEFAULT_PRIORITY,
  type GATEWAY_RULE_LIST,
  type GatewayRuleDto,
  type GatewayRuleListDto,
  type UpdateGatewayRuleDto,
} from './dto/gateway-rule.dto';
import { type CheckRule, GatewayRulesRepository } from './gateway-rules.repository';
import type { ListQuery } from '../core/listing/list-query';

/** EventBus message: a workspace's rules changed; every node drops its cached copy. */
export const GATEWAY_RULES_CHANGED = 'gateway_rules.changed';
/** How long a node serves a workspace's rules from memory at most (a change drops them at once). */
export const RULES_CACHE_TTL_MS = 30_000;
const RULES_CACHE_MAX_WORKSPACES = 10_000;

/** What a rule's audit events name of it (the fields an operator sets). */
const RULE_FIELDS = ['action', 'effect', 'priority', 'description'] as const satisfies readonly (keyof GatewayRuleDto)[];
/** A rule's events name it, labelled with the action it matches. */
const ruleTarget = (r: GatewayRuleDto) => ({ type: 'gateway_rule', id: r.id, label: r.action });

interface CachedRules {
  workspaceId: string;
  rules: CheckRule[];
}

/**
 * Gateway rules: operator CRUD (owners and admins, each change audited in its transaction) and the
 * ordered rule list every check reads.
 * Checks read it from an in-process cache that any change drops on every node (EventBus); while
 * the bus is down the cache is suspended and every check reads Postgres, so a rule change applies
 * to the next check on every node.
 */
@Injectable()
export class GatewayRulesService implements OnModuleInit {
  private readonly cache = new LocalCache<CachedRules>(RULES_CACHE_TTL_MS, RULES_CACHE_MAX_WORKSPACES);

  constructor(
    private readonly repo: GatewayRulesRepository,
    private readonly bus: EventBus,
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  onModuleInit(): void {
    this.bus.on(GATEWAY_RULES_CHANGED, (e) => this.cache.invalidate((c) => c.workspaceId === e.workspaceId));
    this.cache.setSuspended(!this.bus.healthy);
    this.bus.onHealthChange((healthy) => this.cache.setSuspended(!healthy));
  }

  /** The workspace's rules in evaluation order (ascending priority, ties oldest first). */
  async forCheck(workspaceId: string, now: number): Promise<CheckRule[]> {
    const cached = this.cache.get(workspaceId, now);
    if (cached) return cached.rules;
    const generation = this.cache.generation;
    const rules = await this.repo.forCheck(workspaceId);
    this.cache.set(workspaceId, { workspaceId, rules }, now, generation);
    return rules;
  }

  async create(workspaceId: string, userId: string, dto: CreateGatewayRuleDto): Promise<GatewayRuleDto> {
    const rule = await this.db.transaction(async (tx) => {
      const created = await this.repo.insertWithinLimit(tx, workspaceId, {
        action: dto.action,
        effect: dto.effect,
        priority: dto.priority ?? DEFAULT_PRIORITY,
        description: dto.description ?? null,
        createdBy: userId,
      });
      if (created) {
        await this.audit.record(tx, {
          workspaceId,
          action: 'gateway_rule.create',
          target: ruleTarget(created),
          changes: AuditLog.changes(null, created, RULE_FIELDS),
        });
      }
      return created;
    });
    if (!rule) throw new ConflictProblem('gateway_rule_limit_reached');
    await this.changed(workspaceId);
    return rule;
  }

  async list(workspaceId: string, q: ListQuery<typeof GATEWAY_RULE_LIST.key, false>): Promise<GatewayRuleListDto> {
    return listEnvelope(q, await this.repo.list(workspaceId, q));
  }

  async show(workspaceId: string, id: string): Promise<GatewayRuleDto> {
    const rule = await this.repo.find(workspaceId, id);
    if (!rule) throw new NotFoundProblem();
    return rule;
  }

  /** `gateway_rule.update` naming the fields that changed (none changed: no event). */
  async update(workspaceId: string, id: string, dto: UpdateGatewayRuleDto): Promise<GatewayRuleDto> {
    const rule = await this.db.transaction(async (tx) => {
      const before = await this.repo.lock(tx, workspaceId, id);
      if (!before) throw new NotFoundProblem();
      const after = (await this.repo.update(tx, workspaceId, id, {
        action: dto.action,
        effect: dto.effect,
        priority: dto.priority,
        description: dto.description,
      }))!; // locked above: still there
      const changes = AuditLog.changes(before, after, RULE_FIELDS);
      if (changes) await this.audit.record(tx, { workspaceId, action: 'gateway_rule.update', target: ruleTarget(after), changes });
      return after;
    });
    await this.changed(workspaceId);
    return rule;
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await this.repo.delete(tx, workspaceId, id);
      if (!deleted) throw new NotFoundProblem();
      await this.audit.record(tx, {
        workspaceId,
        action: 'gateway_rule.delete',
        target: ruleTarget(deleted),
        changes: AuditLog.changes(deleted, null, RULE_FIELDS),
      });
    });
    await this.changed(workspaceId);
  }

  /** Drops the cached rules here at once and on the other nodes through the bus (best effort; the TTL bounds a miss). */
  private async changed(workspaceId: string): Promise<void> {
    await this.bus.publish({ type: GATEWAY_RULES_CHANGED, workspaceId });
  }
}
