import { Injectable } from '@nestjs/common';
import { ProblemError } from '../core/common/problem/problem.error';
import { PlanLimits, QuotaKind, QuotasRepository } from './quotas.repository';
import type { Tx } from '../core/database/db.service';

export type { PlanLimits, QuotaKind };

/** 429 when a plan's robot or agent quota is reached (SPEC.md, Enrollment claim errors). */
export class QuotaExceededError extends ProblemError {
  constructor(
    readonly quota: QuotaKind,
    limit: number,
  ) {
    super({
      status: 429,
      code: quota === 'robots' ? 'robot_quota_reached' : 'agent_quota_reached',
      slug: 'quota-exceeded',
      title: 'Quota exceeded',
      extra: { quota, limit },
    });
  }
}

/** The plan's limit for a quota; null or undefined: none. */
export function quotaLimit(plan: PlanLimits | undefined, quota: QuotaKind): number | null {
  return (quota === 'robots' ? plan?.max_robots : plan?.max_service_agents) ?? null;
}

/**
 * Plan quotas (free: 10 agents / 25 robots; team: 100 / 1000; enterprise: none).
 *
 * Every creation counted toward a quota inserts its row first and checks last: it locks the
 * workspace row FOR NO KEY UPDATE, then counts. The count statement's snapshot is taken once the
 * lock is granted, so it sees every row of the workspace committed before (every creation that
 * held the lock before has committed or rolled back) and the caller's own uncommitted rows; two
 * creations in one workspace count one after the other and can never overshoot together. Taking
 * the lock last, after the inserts, is the order enrollment claims use too (ADR 0076, ADR 0078),
 * so a creation never holds the workspace lock while waiting for a row
 * another creation inserted (a slug, a serial), which could deadlock.
 */
@Injectable()
export class QuotasService {
  constructor(private readonly repo: QuotasRepository) {}

  /**
   * After the caller inserted its rows in `m`: locks the workspace row and throws 429 when the
   * workspace's rows (the caller's included) plus `adding` exceed the plan's quota.
   */
  async assertWithin(m: Tx, workspaceId: string, quota: QuotaKind, adding = 0): Promise<void> {
    const plan = await this.repo.lockWorkspacePlan(m, workspaceId);
    await this.assertCounts(m, workspaceId, plan, [quota], adding);
  }

  /**
   * With the workspace row already locked FOR NO KEY UPDATE by the caller, and `plan` read under
   * that lock: 429 for the first of `quotas` (in order) whose count plus `adding` exceeds its limit.
   */
  async assertCounts(m: Tx, workspaceId: string, plan: PlanLimits | undefined, quotas: readonly QuotaKind[], adding = 0): Promise<void> {
    for (const quota of quotas) {
      const limit = quotaLimit(plan, quota);
      if (limit === null) continue;
      const n = await this.repo.countTowardQuota(m, workspaceId, quota);
      if (n + adding > limit) throw new QuotaExceededError(quota, limit);
    }
  }
}
