import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { PeriodicTask } from '../core/jobs/periodic-task';
import { listEnvelope } from '../core/listing/list-envelope';
import { Outbox } from '../events';
import { ApprovalsRepository, type ExpiryScope, type NewApproval } from './approvals.repository';
import { type APPROVAL_LIST, type ApprovalDecision, type ApprovalDto, type ApprovalListDto, APPROVAL_TTL_MS } from './dto/approval.dto';
import type { ListQuery } from '../core/listing/list-query';

/** How often each node expires pending approvals past their 24 hours. */
export const APPROVAL_SWEEP_MS = 30_000;
const SWEEP_BATCH = 500;

/** What a require_approval check asks for; the approval expires APPROVAL_TTL_MS later. */
export type ApprovalRequest = Omit<NewApproval, 'expiresAt'>;

/**
 * Approvals: created pending by a `require_approval` check (one per agent, action and resource
 * while it is pending), decided once by an operator, or expired 24 hours after the check.
 * `approval.requested` and `approval.decided` (approved, denied or expired) are recorded with the
 * change; an operator's decision is audited with it (`approval.decide`), an expiry, which no one
 * decided, is not (ADR 0239). Expiry is applied by a sweep on every node and, so that reads never show a stale
 * pending approval, before any read that could see one.
 */
@Injectable()
export class ApprovalsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeper = new PeriodicTask('approval expiry', () => this.sweep());

  constructor(
    private readonly db: Db,
    private readonly repo: ApprovalsRepository,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper.start(APPROVAL_SWEEP_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  /**
   * The agent's pending approval of this action and resource: a new one (with
   * `approval.requested`), or the one already pending. Concurrent checks share one approval.
   */
  request(r: ApprovalRequest): Promise<ApprovalDto> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await this.expire(tx, { workspaceId: r.workspaceId, key: r }, now);
      for (let attempt = 0; attempt < 3; attempt++) {
        const created = await this.repo.insertPending(tx, { ...r, expiresAt: new Date(now + APPROVAL_TTL_MS) });
        if (created) {
          await this.outbox.record(tx, r.workspaceId, 'approval.requested', { approval: created });
          return created;
        }
        const pending = await this.repo.findPending(tx, r.workspaceId, r.serviceAgentId, r.action, r.resource);
        if (pending) return pending;
        // decided between the two statements: try again
      }
      throw new Error('could not create or find the pending approval');
    });
  }

  /** Approves or denies a pending approval once; 409 approval_not_pending after (or once expired). */
  async decide(workspaceId: string, id: string, decision: ApprovalDecision, userId: string): Promise<ApprovalDto> {
    const now = this.clock.now();
    const decided = await this.db.transaction(async (tx) => {
      const approval = await this.repo.decide(tx, workspaceId, id, decision, userId, new Date(now));
      if (approval) {
        await Promise.all([
          this.audit.record(tx, {
            workspaceId,
            action: 'approval.decide',
            target: { type: 'approval', id: approval.id, label: approval.action },
            changes: { status: ['pending', approval.status] }, // only a pending approval is decided
          }),
          this.outbox.record(tx, workspaceId, 'approval.decided', { approval }),
        ]);
      }
      return approval;
    });
    if (decided) return decided;
    await this.show(workspaceId, id); // 404 when unknown; expires it when it just ran out
    throw new ConflictProblem('approval_not_pending');
  }

  /** One approval; a pending one past its expiry is expired first. */
  async show(workspaceId: string, id: string): Promise<ApprovalDto> {
    const approval = await this.repo.find(workspaceId, id);
    if (!approval) throw new NotFoundProblem();
    if (approval.status !== 'pending' || Date.parse(approval.expires_at) > this.clock.now()) return approval;
    await this.db.transaction((tx) => this.expire(tx, { workspaceId, id }, this.clock.now()));
    return (await this.repo.find(workspaceId, id))!;
  }

  async list(workspaceId: string, q: ListQuery<typeof APPROVAL_LIST.key, true>): Promise<ApprovalListDto> {
    await this.expireAll({ workspaceId });
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /**
   * Expires every pending approval past its expiry (all workspaces); the sweep's run. It goes by
   * the database's clock: housekeeping of every workspace must not follow one node's idea of now.
   */
  sweep(): Promise<number> {
    return this.expireAll({}, null);
  }

  private async expireAll(scope: ExpiryScope, now: number | null = this.clock.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction((tx) => this.expire(tx, scope, now));
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  /** Expires due approvals in `tx` (as of `now`, or the database's time), recording `approval.decided` for each. */
  private async expire(tx: Tx, scope: ExpiryScope, now: number | null): Promise<number> {
    const expired = await this.repo.expireDue(tx, now === null ? null : new Date(now), scope, SWEEP_BATCH);
    for (const { workspace_id, ...approval } of expired) {
      await this.outbox.record(tx, workspace_id, 'approval.decided', { approval });
    }
    return expired.length;
  }
}
