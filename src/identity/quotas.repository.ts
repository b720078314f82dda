import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';

export type QuotaKind = 'service_agents' | 'robots';

/** A workspace's plan limits; null is "no limit". */
export interface PlanLimits {
  max_service_agents: number | null;
  max_robots: number | null;
}

const COUNT_SQL: Record<QuotaKind, string> = {
  // the default agent and the hidden workspace-key agent count toward no quota
  service_agents: `SELECT count(*)::int AS n FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default`,
  robots: `SELECT count(*)::int AS n FROM robots WHERE workspace_id = $1 AND status <> 'retired'`,
};

/** SQL for plan quotas; every read runs in the caller's transaction. */
@Injectable()
export class QuotasRepository {
  /**
   * The plan limits of the workspace, its row locked FOR NO KEY UPDATE until the transaction ends
   * (undefined: no such workspace). Not FOR UPDATE: that mode also conflicts with the FOR KEY
   * SHARE lock every insert of a row referencing the workspace takes, so two transactions that
   * both inserted (a claim, a creation) would deadlock asking for it; NO KEY UPDATE conflicts
   * with itself, FOR SHARE and status or plan changes, never with those inserts. The row is locked
   * alone and the plan joined after: joined inside the locking query, a plan changed while this
   * waited failed the re-checked join (the new plan against the old plan's row) and the workspace
   * read as missing, so no quota was counted.
   */
  async lockWorkspacePlan(m: EntityManager, workspaceId: string): Promise<PlanLimits | undefined> {
    const [plan] = await m.query(
      `WITH w AS (SELECT plan FROM workspaces WHERE id = $1 FOR NO KEY UPDATE)
       SELECT p.max_service_agents, p.max_robots FROM w JOIN plans p ON p.slug = w.plan`,
      [workspaceId],
    );
    return plan;
  }

  /** How many rows of the workspace count toward the quota. */
  async countTowardQuota(m: SqlExecutor, workspaceId: string, quota: QuotaKind): Promise<number> {
    const [{ n }] = await m.query(COUNT_SQL[quota], [workspaceId]);
    return n;
  }
}
