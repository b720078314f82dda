import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { slugCandidate, slugify } from '../core/common/slug';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { WorkspaceRow, WorkspacesRepository, type WorkspaceSettingsRow } from './workspaces.repository';
import type { OperatorRole } from '../auth';
import type { Queryable, Tx } from '../core/database/db.service';
import type { WorkspaceStatus } from './workspace-status';

const SLUG_ATTEMPTS = 8;

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly repo: WorkspacesRepository,
    private readonly events: EventBus,
  ) {}

  /**
   * Changes a workspace's status and/or plan. A status change takes effect on machine traffic at
   * once on every node (cached credentials of the workspace are dropped everywhere).
   */
  async update(workspaceId: string, changes: { status?: WorkspaceStatus; plan?: string }): Promise<WorkspaceRow> {
    const row = await this.repo.updateStatusAndPlan(workspaceId, changes.status ?? null, changes.plan ?? null);
    if (!row) throw new NotFoundProblem();
    await this.events.publish({ type: CredentialEvents.workspaceChanged, workspaceId });
    return row;
  }

  /**
   * `update` inside the caller's transaction, answering the workspace before and after (an audited
   * change names what it changed); undefined for an unknown workspace. Other nodes hear of a
   * status change with the commit; the caller announces it on the bus after (announceChanged).
   */
  async updateIn(
    m: Tx,
    workspaceId: string,
    changes: { status?: WorkspaceStatus; plan?: string },
  ): Promise<{ before: WorkspaceRow; after: WorkspaceRow } | undefined> {
    const before = await this.repo.lock(m, workspaceId);
    if (!before) return undefined;
    const after = await this.repo.updateStatusAndPlan(workspaceId, changes.status ?? null, changes.plan ?? null, m);
    return after && { before, after };
  }

  /** The workspace's settings (the operator's policy included); undefined for an unknown workspace. */
  settings(q: Queryable, workspaceId: string): Promise<WorkspaceSettingsRow | undefined> {
    return this.repo.settings(q, workspaceId);
  }

  /**
   * Sets the workspace's `require_mfa` policy in the caller's transaction, the row locked first:
   * the settings before and after (equal when nothing changed), undefined for an unknown workspace.
   * Every request reads the policy with its session, so the change applies to the next request.
   */
  async setRequireMfa(
    m: Tx,
    workspaceId: string,
    requireMfa: boolean,
  ): Promise<{ before: WorkspaceSettingsRow; after: WorkspaceSettingsRow } | undefined> {
    const before = await this.repo.lockSettings(m, workspaceId);
    if (!before) return undefined;
    if (before.require_mfa === requireMfa) return { before, after: before };
    return { before, after: await this.repo.setRequireMfa(m, workspaceId, requireMfa) };
  }

  /**
   * Says on the bus that a workspace's status changed outside `update` (a payment paused or resumed
   * it, in a transaction now committed): credential caches drop it and live sockets are re-checked.
   */
  async announceChanged(workspaceId: string): Promise<void> {
    await this.events.publish({ type: CredentialEvents.workspaceChanged, workspaceId });
  }

  // The payment provider's effects, in the caller's transaction: the workspace row is locked first,
  // so events for one workspace apply one at a time. A pause by a payment is remembered, and only
  // such a pause is lifted by a paid invoice; any status set by a platform admin forgets it.

  lockForPayment(m: Tx, workspaceId: string): Promise<(WorkspaceRow & { pausedByPayment: boolean }) | undefined> {
    return this.repo.lockForPayment(m, workspaceId);
  }

  setPlanFromPayment(m: Tx, workspaceId: string, plan: string): Promise<void> {
    return this.repo.setPlan(m, workspaceId, plan);
  }

  /** Pauses an active workspace; false (nothing changed) for any other status. */
  pauseForPayment(m: Tx, workspaceId: string): Promise<boolean> {
    return this.repo.pauseForPayment(m, workspaceId);
  }

  /** Reactivates a workspace a payment paused; false (nothing changed) otherwise. */
  resumeAfterPayment(m: Tx, workspaceId: string): Promise<boolean> {
    return this.repo.resumeAfterPayment(m, workspaceId);
  }

  /** Creates an active workspace on the given plan with a globally unique slug derived from its name. */
  async create(m: Tx, name: string, plan = 'free'): Promise<WorkspaceRow> {
    const base = slugify(name, 'workspace');
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const row = await this.repo.insertUnlessSlugTaken(m, name, slugCandidate(base, attempt), plan);
      if (row) return row;
    }
    throw new Error(`could not find a free workspace slug for "${base}"`);
  }

  async addMember(m: Tx, workspaceId: string, userId: string, role: OperatorRole): Promise<void> {
    await this.repo.insertMembership(m, workspaceId, userId, role);
  }
}
