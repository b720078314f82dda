import { Injectable } from '@nestjs/common';
import { type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';

export type QuotaKind = 'service_agents' | 'robots';

/** A workspace's plan limits; null is "no limit". */
export interface PlanLimits {
  max_service_agents: number | null;
  max_robots: number | null;
}

/** A plan's limits as PlanLimits has them. */
export const PLAN_LIMITS_ROW = { max_service_agents: t.int.null, max_robots: t.int.null };

const COUNT: Record<QuotaKind, ReturnType<typeof countStatement>> = {
  // the default agent and the hidden workspace-key agent count toward no quota
  service_agents: countStatement(
    'count_service_agents_toward_quota',
    `SELECT count(*)::int AS n FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default`,
  ),
  robots: countStatement(
    'count_robots_toward_quota',
    `SELECT count(*)::int AS n FROM robots WHERE workspace_id = $1 AND status <> 'retired'`,
  ),
};

function countStatement(label: string, text: string) {
  return statement({ label, text, params: [t.uuid], row: { n: t.int } });
}

/**
 * The plan limits of the workspace, its row locked FOR NO KEY UPDATE until the transaction ends.
 * Not FOR UPDATE: that mode also conflicts with the FOR KEY SHARE lock every insert of a row
 * referencing the workspace takes, so two transactions that both inserted (a claim, a creation)
 * would deadlock asking for it; NO KEY UPDATE conflicts with itself, FOR SHARE and status or plan
 * changes, never with those inserts. The row is locked alone and the plan joined after: joined
 * inside the locking query, a plan changed while this waited failed the re-checked join (the new
 * plan against the old plan's row) and the workspace read as missing, so no quota was counted.
 */
const LOCK_WORKSPACE_PLAN = statement({
  label: 'lock_workspace_plan',
  text: `WITH w AS (SELECT plan FROM workspaces WHERE id = $1 FOR NO KEY UPDATE)
       SELECT p.max_service_agents, p.max_robots FROM w JOIN plans p ON p.slug = w.plan`,
  params: [t.uuid],
  row: PLAN_LIMITS_ROW,
});

/** SQL for plan quotas; every read runs in the caller's transaction. */
@Injectable()
export class QuotasRepository {
  /** The plan limits of the workspace, its row locked (LOCK_WORKSPACE_PLAN); undefined: no such workspace. */
  lockWorkspacePlan(m: Tx, workspaceId: string): Promise<PlanLimits | undefined> {
    return m.maybe(LOCK_WORKSPACE_PLAN, [workspaceId]);
  }

  /** How many rows of the workspace count toward the quota. */
  async countTowardQuota(m: Tx, workspaceId: string, quota: QuotaKind): Promise<number> {
    return (await m.one(COUNT[quota], [workspaceId])).n;
  }
}
