import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import { type GatewayEffect, type GatewayRuleDto, MAX_GATEWAY_RULES } from './dto/gateway-rule.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `r.id, r.action, r.effect, r.priority, r.description, r.created_by,
  ${isoColumn('r', 'inserted_at')}, ${isoColumn('r', 'updated_at')}`;

/** A rule as a check needs it, in evaluation order. */
export interface CheckRule {
  id: string;
  action: string;
  effect: GatewayEffect;
}

export interface RuleChanges {
  action?: string;
  effect?: GatewayEffect;
  priority?: number;
  /** null clears it */
  description?: string | null;
}

@Injectable()
export class GatewayRulesRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /**
   * Inserts a rule unless the workspace already has MAX_GATEWAY_RULES; undefined then. Inserts of
   * one workspace take a transaction-scoped advisory lock first, so two cannot both take the last
   * place (the lock blocks nothing else, unlike a lock on the workspace row).
   */
  insertWithinLimit(
    workspaceId: string,
    rule: { action: string; effect: GatewayEffect; priority: number; description: string | null; createdBy: string },
  ): Promise<GatewayRuleDto | undefined> {
    return this.db.transaction(async (m: EntityManager) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('gateway_rules:' || $1::text, 0))`, [workspaceId]);
      const rows: GatewayRuleDto[] = await m.query(
        `INSERT INTO gateway_rules AS r (workspace_id, action, effect, priority, description, created_by)
         SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT count(*) FROM gateway_rules WHERE workspace_id = $1) < ${MAX_GATEWAY_RULES}
         RETURNING ${COLUMNS}`,
        [workspaceId, rule.action, rule.effect, rule.priority, rule.description, rule.createdBy],
      );
      return rows[0];
    });
  }

  async find(workspaceId: string, id: string): Promise<GatewayRuleDto | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM gateway_rules r WHERE r.id = $1 AND r.workspace_id = $2`, [id, workspaceId]);
    return rows[0];
  }

  /** Applies the given changes (the others stay); undefined when the rule is not in the workspace. */
  async update(workspaceId: string, id: string, changes: RuleChanges): Promise<GatewayRuleDto | undefined> {
    const sets: string[] = [];
    const values: unknown[] = [id, workspaceId];
    for (const column of ['action', 'effect', 'priority', 'description'] as const) {
      if (changes[column] === undefined) continue;
      values.push(changes[column]);
      sets.push(`${column} = $${values.length}`);
    }
    const [rows] = await this.db.query(
      `UPDATE gateway_rules AS r SET ${[...sets, 'updated_at = now()'].join(', ')}
        WHERE r.id = $1 AND r.workspace_id = $2 RETURNING ${COLUMNS}`,
      values,
    );
    return (rows as GatewayRuleDto[])[0];
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const [rows] = await this.db.query(`DELETE FROM gateway_rules WHERE id = $1 AND workspace_id = $2 RETURNING id`, [id, workspaceId]);
    return (rows as unknown[]).length > 0;
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: GatewayRuleDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'gateway_rules', alias: 'r', scope: 'r.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  /** Every rule of the workspace in evaluation order (ascending priority, ties oldest first); the check's hot read. */
  forCheck(workspaceId: string): Promise<CheckRule[]> {
    return this.sql.rows<CheckRule>(
      'gateway_rules_for_check',
      `SELECT id, action, effect FROM gateway_rules WHERE workspace_id = $1 ORDER BY priority, inserted_at, id`,
      [workspaceId],
    );
  }
}
