import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProblemError } from '../core/common/problem/problem.error';
import { QuotaKind, QuotasRepository } from './quotas.repository';

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

/**
 * Plan quotas (free: 10 agents / 25 robots; team: 100 / 1000; enterprise: none). The check locks
 * the workspace row, so concurrent creations in one workspace are serialised and can never
 * overshoot: call it inside the transaction that creates the row, before creating it.
 */
@Injectable()
export class QuotasService {
  constructor(private readonly repo: QuotasRepository) {}

  async assertRoomFor(m: EntityManager, workspaceId: string, quota: QuotaKind, adding = 1): Promise<void> {
    const plan = await this.repo.lockWorkspacePlan(m, workspaceId);
    const limit: number | null | undefined = quota === 'robots' ? plan?.max_robots : plan?.max_service_agents;
    if (limit === null || limit === undefined) return;
    const n = await this.repo.countTowardQuota(m, workspaceId, quota);
    if (n + adding > limit) throw new QuotaExceededError(quota, limit);
  }
}
