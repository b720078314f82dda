import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProblemError } from '../core/common/problem/problem.error';

export type QuotaKind = 'service_agents' | 'robots';

/** 429 when a plan's robot or agent quota is reached (SPEC.md, Enrollment claim errors). */
export class QuotaExceededError extends ProblemError {
  constructor(readonly quota: QuotaKind, limit: number) {
    super({
      status: 429,
      code: quota === 'robots' ? 'robot_quota_reached' : 'agent_quota_reached',
      slug: 'quota-exceeded',
      title: 'Quota exceeded',
      extra: { quota, limit },
    });
  }
}

const COUNT_SQL: Record<QuotaKind, string> = {
  // the default agent and the hidden workspace-key agent count toward no quota
  service_agents: `SELECT count(*)::int AS n FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default`,
  robots: `SELECT count(*)::int AS n FROM robots WHERE workspace_id = $1 AND status <> 'retired'`,
};

/**
 * Plan quotas (free: 10 agents / 25 robots; team: 100 / 1000; enterprise: none). The check locks
 * the workspace row, so concurrent creations in one workspace are serialised and can never
 * overshoot: call it inside the transaction that creates the row, before creating it.
 */
@Injectable()
export class QuotasService {
  async assertRoomFor(m: EntityManager, workspaceId: string, quota: QuotaKind, adding = 1): Promise<void> {
    const [plan] = await m.query(
      `SELECT p.max_service_agents, p.max_robots FROM workspaces w JOIN plans p ON p.slug = w.plan
        WHERE w.id = $1 FOR UPDATE OF w`,
      [workspaceId],
    );
    const limit: number | null = quota === 'robots' ? plan?.max_robots : plan?.max_service_agents;
    if (limit === null || limit === undefined) return;
    const [{ n }] = await m.query(COUNT_SQL[quota], [workspaceId]);
    if (n + adding > limit) throw new QuotaExceededError(quota, limit);
  }
}
