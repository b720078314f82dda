import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { type PgType, t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { type RowOf, type Statement, statement } from '../core/database/statement';
import { GATEWAY_RULE_LIST, type GatewayEffect, type GatewayRuleDto, MAX_GATEWAY_RULES } from './dto/gateway-rule.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `r.id, r.action, r.effect, r.priority, r.description, r.created_by,
  ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;
const RULE_ROW = {
  id: t.uuid,
  action: t.text,
  effect: t.text.of<GatewayEffect>(),
  priority: t.int,
  description: t.text.null,
  created_by: t.uuid.null,
  inserted_at: t.text,
  updated_at: t.text,
};

/**
 * Inserts of one workspace take this transaction-scoped advisory lock first, so two cannot both
 * take the last place (the lock blocks nothing else, unlike a lock on the workspace row).
 */
const LOCK_WORKSPACE_RULES = statement({
  label: 'lock_workspace_gateway_rules',
  text: `SELECT pg_advisory_xact_lock(hashtextextended('gateway_rules:' || $1::text, 0))`,
  params: [t.text],
  row: { pg_advisory_xact_lock: t.void },
});

/** A rule, unless the workspace already has MAX_GATEWAY_RULES (no row then). */
const INSERT_WITHIN_LIMIT = statement({
  label: 'insert_gateway_rule_within_limit',
  text: `INSERT INTO gateway_rules AS r (workspace_id, action, effect, priority, description, created_by)
         SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT count(*) FROM gateway_rules WHERE workspace_id = $1) < ${MAX_GATEWAY_RULES}
         RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.text, t.int, t.text.null, t.uuid],
  row: RULE_ROW,
});

const FIND_RULE = statement({
  label: 'find_gateway_rule',
  text: `SELECT ${COLUMNS} FROM gateway_rules r WHERE r.id = $1 AND r.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: RULE_ROW,
});

/** The rule, row-locked until the transaction ends (a change reads what it replaces). */
const LOCK_RULE = statement({
  label: 'lock_gateway_rule',
  text: `SELECT ${COLUMNS} FROM gateway_rules r WHERE r.id = $1 AND r.workspace_id = $2 FOR NO KEY UPDATE`,
  params: [t.uuid, t.uuid],
  row: RULE_ROW,
});

export interface RuleChanges {
  action?: string;
  effect?: GatewayEffect;
  priority?: number;
  /** null clears it */
  description?: string | null;
}

/** The columns a change may set, in the order their values follow $1 (id) and $2 (workspace). */
const CHANGEABLE: readonly (readonly [keyof RuleChanges, PgType<unknown, unknown>])[] = [
  ['action', t.text],
  ['effect', t.text],
  ['priority', t.int],
  ['description', t.text.null],
];

/** Sets the columns of a change (the others stay): one statement per set of columns, by their names joined. */
const UPDATE_RULE = new Map<string, Statement<readonly unknown[], RowOf<typeof RULE_ROW>>>();
for (let mask = 0; mask < 2 ** CHANGEABLE.length; mask++) {
  const changed = CHANGEABLE.filter((_c, i) => mask & (1 << i));
  const sets = changed.map(([column], i) => `${column} = $${i + 3}`);
  const variant = changed.map(([column]) => column).join('_and_');
  UPDATE_RULE.set(
    variant,
    statement({
      label: `update_gateway_rule${variant && `_${variant}`}`,
      text: `UPDATE gateway_rules AS r SET ${[...sets, 'updated_at = now()'].join(', ')}
        WHERE r.id = $1 AND r.workspace_id = $2 RETURNING ${COLUMNS}`,
      params: [t.uuid, t.uuid, ...changed.map(([, tag]) => tag)],
      row: RULE_ROW,
    }),
  );
}

const DELETE_RULE = statement({
  label: 'delete_gateway_rule',
  text: `DELETE FROM gateway_rules AS r WHERE r.id = $1 AND r.workspace_id = $2 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid],
  row: RULE_ROW,
});

const RULES = listStatements(GATEWAY_RULE_LIST, {
  label: 'list_gateway_rules',
  columns: COLUMNS,
  from: 'gateway_rules',
  alias: 'r',
  scope: 'r.workspace_id = $1',
  params: [t.uuid],
  row: RULE_ROW,
});

/** Every rule of the workspace in evaluation order (ascending priority, ties oldest first); the check's hot read. */
const RULES_FOR_CHECK = statement({
  label: 'gateway_rules_for_check',
  lane: 'read',
  text: `SELECT id, action, effect FROM gateway_rules WHERE workspace_id = $1 ORDER BY priority, inserted_at, id`,
  params: [t.uuid],
  row: { id: t.uuid, action: t.text, effect: t.text.of<GatewayEffect>() },
});

/** A rule as a check needs it, in evaluation order. */
export interface CheckRule {
  id: string;
  action: string;
  effect: GatewayEffect;
}

@Injectable()
export class GatewayRulesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts a rule in `tx` unless the workspace already has MAX_GATEWAY_RULES; undefined then.
   * Inserts of one workspace take a transaction-scoped advisory lock first, so two cannot both take
   * the last place (the lock blocks nothing else, unlike a lock on the workspace row).
   */
  async insertWithinLimit(
    tx: Tx,
    workspaceId: string,
    rule: { action: string; effect: GatewayEffect; priority: number; description: string | null; createdBy: string },
  ): Promise<GatewayRuleDto | undefined> {
    await tx.run(LOCK_WORKSPACE_RULES, [workspaceId]);
    return tx.maybe(INSERT_WITHIN_LIMIT, [workspaceId, rule.action, rule.effect, rule.priority, rule.description, rule.createdBy]);
  }

  find(workspaceId: string, id: string): Promise<GatewayRuleDto | undefined> {
    return this.db.maybe(FIND_RULE, [id, workspaceId]);
  }

  /** The rule, row-locked until `tx` ends; undefined when not in the workspace. */
  lock(tx: Tx, workspaceId: string, id: string): Promise<GatewayRuleDto | undefined> {
    return tx.maybe(LOCK_RULE, [id, workspaceId]);
  }

  /** Applies the given changes (the others stay) in `tx`; undefined when the rule is not in the workspace. */
  update(tx: Tx, workspaceId: string, id: string, changes: RuleChanges): Promise<GatewayRuleDto | undefined> {
    const changed = CHANGEABLE.map(([column]) => column).filter((column) => changes[column] !== undefined);
    const values: unknown[] = [id, workspaceId, ...changed.map((column) => changes[column])];
    return tx.maybe(UPDATE_RULE.get(changed.join('_and_'))!, values);
  }

  /** Deletes the rule in `tx`; the rule as it was, or undefined when not in the workspace. */
  delete(tx: Tx, workspaceId: string, id: string): Promise<GatewayRuleDto | undefined> {
    return tx.maybe(DELETE_RULE, [id, workspaceId]);
  }

  /** Every rule of the workspace, in the order checks apply them (the list has no total). */
  list(workspaceId: string, q: ListQuery): Promise<GatewayRuleDto[]> {
    return this.db.listRows(RULES, [workspaceId], q);
  }

  /** Every rule of the workspace in evaluation order (ascending priority, ties oldest first); the check's hot read. */
  forCheck(workspaceId: string): Promise<CheckRule[]> {
    return this.db.rows(RULES_FOR_CHECK, [workspaceId]);
  }
}
