import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditAction } from '../audit';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { WorkspacesService } from '../identity';
import { AdminWorkspacesRepository } from './admin-workspaces.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { WorkspaceStatus } from '../identity';
import type { ADMIN_WORKSPACE_LIST, AdminWorkspaceDto, AdminWorkspaceListDto } from './dto/admin.dto';

/**
 * The platform admin's view of every workspace (the controller's @OperatorAuth admits platform
 * admins only). A change goes through WorkspacesService, so it reaches machine traffic on every
 * node as any workspace change does, and is audited in its transaction (actor: the platform admin).
 */
@Injectable()
export class AdminWorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly repo: AdminWorkspacesRepository,
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  /** A page of all workspaces, newest first, with the total. */
  async list(q: ListQuery<typeof ADMIN_WORKSPACE_LIST.key, true>): Promise<AdminWorkspaceListDto> {
    const { workspaces, total } = await this.repo.listNewestFirst(q);
    return listEnvelope(q, workspaces, total);
  }

  /** One workspace, or 404 not_found. */
  async find(id: string): Promise<AdminWorkspaceDto> {
    const workspace = await this.repo.findById(id);
    if (!workspace) throw new NotFoundProblem();
    return workspace;
  }

  /**
   * Sets the status and/or plan (404 not_found for an unknown workspace), with one audit event in
   * the workspace's log: the status it moved to names the action (workspaceAction), and changes
   * hold the fields that moved.
   */
  async update(id: string, changes: { status?: WorkspaceStatus; plan?: string }): Promise<AdminWorkspaceDto> {
    const after = await this.db.transaction(async (m) => {
      const changed = await this.workspaces.updateIn(m, id, changes);
      if (!changed) throw new NotFoundProblem();
      await this.audit.record(m, {
        workspaceId: id,
        action: workspaceAction(changed.before.status, changed.after.status),
        target: { type: 'workspace', id, label: changed.after.slug },
        changes: AuditLog.changes(changed.before, changed.after, ['status', 'plan']),
      });
      return changed.after;
    });
    await this.workspaces.announceChanged(id);
    return after;
  }
}

/**
 * The action of a platform admin's change (ADR 0240): to frozen is a freeze, to paused or archived
 * a suspension, back to active an unfreeze (from frozen) or a reactivation; a change that leaves
 * the status as it was (the plan, or a status set again) is an update.
 */
export function workspaceAction(before: WorkspaceStatus, after: WorkspaceStatus): AuditAction {
  if (before === after) return 'workspace.update';
  switch (after) {
    case 'frozen':
      return 'workspace.freeze';
    case 'paused':
    case 'archived':
      return 'workspace.suspend';
    case 'active':
      return before === 'frozen' ? 'workspace.unfreeze' : 'workspace.reactivate';
  }
}
