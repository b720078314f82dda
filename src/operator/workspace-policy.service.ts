import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { WorkspacesService, type WorkspaceSettingsRow } from '../identity';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import './operator.problem-codes';

/**
 * The workspace's own settings as its operators see them, and the owner's policy `require_mfa`
 * (API.md Part 3 "Second factor"). Requiring a second factor is refused to an owner who has none
 * (ADR 0253): the policy would otherwise shut its own author out of every route but enrolling,
 * this one included (GitHub refuses the same).
 */
@Injectable()
export class WorkspacePolicyService {
  constructor(
    private readonly db: Db,
    private readonly workspaces: WorkspacesService,
    private readonly audit: AuditLog,
  ) {}

  async settings(workspaceId: string): Promise<WorkspaceSettingsRow> {
    const row = await this.workspaces.settings(this.db, workspaceId);
    if (!row) throw new NotFoundProblem();
    return row;
  }

  /** `workspace.update` with the change, in the change's transaction; nothing when nothing changed. */
  async update(op: WorkspaceOperatorPrincipal, changes: { require_mfa?: boolean }): Promise<WorkspaceSettingsRow> {
    if (changes.require_mfa === undefined) return this.settings(op.workspaceId);
    const requireMfa = changes.require_mfa;
    if (requireMfa && !op.mfaEnabled && op.auth.method !== 'sso') throw new ConflictProblem('mfa_not_enabled');
    return this.db.transaction(async (m) => {
      const changed = await this.workspaces.setRequireMfa(m, op.workspaceId, requireMfa);
      if (!changed) throw new NotFoundProblem();
      const { before, after } = changed;
      if (before.require_mfa !== after.require_mfa) {
        await this.audit.record(m, {
          workspaceId: op.workspaceId,
          action: 'workspace.update',
          target: { type: 'workspace', id: after.id, label: after.name },
          changes: AuditLog.changes(before, after, ['require_mfa']),
        });
      }
      return after;
    });
  }
}
