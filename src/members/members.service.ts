import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { OperatorRole } from '../auth';
import { ConflictProblem, ForbiddenProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { EventBus } from '../core/redis/event-bus.service';
import { SessionEvents } from '../core/redis/redis-keys';
import { SessionsService, type WorkspaceOperatorPrincipal } from '../sessions';
import { MEMBER_LIST, type MemberDto, type MemberListDto } from './dto/member.dto';
import { MembersRepository } from './members.repository';
import type { ListQuery } from '../core/listing/list-query';

/**
 * A workspace's members (API.md Part 3; ADR 0244): owners and admins change roles and remove
 * members; only an owner makes or unmakes an owner; the last owner stays; memberships SCIM
 * provisioned change only through SCIM. Each change is one audit event in its transaction.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly repo: MembersRepository,
    private readonly audit: AuditLog,
    private readonly sessions: SessionsService,
    private readonly events: EventBus,
  ) {}

  async list(workspaceId: string, q: ListQuery<typeof MEMBER_LIST.key, true>): Promise<MemberListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async changeRole(op: WorkspaceOperatorPrincipal, userId: string, role: OperatorRole): Promise<MemberDto> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockForChange(tx, op, userId, role !== 'owner');
      if (role === 'owner' && op.role !== 'owner') throw new ForbiddenProblem('insufficient_role');
      if (before.role !== role) {
        await this.repo.setRole(tx, op.workspaceId, userId, role);
        const member = (await this.repo.find(tx, op.workspaceId, userId))!;
        await this.audit.record(tx, {
          workspaceId: op.workspaceId,
          action: 'member.role_change',
          target: { type: 'user', id: userId, label: member.user.email },
          changes: { role: [before.role, role] },
        });
        return member;
      }
      return (await this.repo.find(tx, op.workspaceId, userId))!;
    });
  }

  /**
   * Removes the membership (ADR 0243): the account's sessions open every workspace it is a member
   * of and the membership is read on every request, so the removed member is refused this
   * workspace at once; with no membership left its sessions are deleted. Its operator sockets
   * close on every node: the DELETE notifies PostgreSQL's channel with the commit, and the bus
   * hears it too once committed.
   */
  async remove(op: WorkspaceOperatorPrincipal, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockForChange(tx, op, userId, true);
      const gone = (await this.repo.delete(tx, op.workspaceId, userId))!;
      if (!gone.otherMemberships) await this.sessions.endAllForUser(userId, tx);
      await this.audit.record(tx, {
        workspaceId: op.workspaceId,
        action: 'member.remove',
        target: { type: 'user', id: userId, label: gone.email },
        changes: gone.otherMemberships ? null : { sessions: ['active', 'ended'] },
      });
    });
    await this.events.publish({ type: SessionEvents.userMembershipEnded, userId });
  }

  /**
   * Locks the workspace's owner rows and the target's (ADR 0244) and checks what every change
   * needs: the member exists here (404), is not SCIM's (409 scim_managed), an owner is changed by
   * an owner only (403 insufficient_role), and, when the change takes the owner role away
   * (`demotes`), another owner remains (409 last_owner).
   */
  private async lockForChange(tx: Tx, op: WorkspaceOperatorPrincipal, userId: string, demotes: boolean) {
    const locked = await this.repo.lockOwnersAndMember(tx, op.workspaceId, userId);
    const target = locked.find((r) => r.user_id === userId);
    if (!target) throw new NotFoundProblem();
    if (target.scim_managed) throw new ConflictProblem('scim_managed');
    if (target.role === 'owner' && op.role !== 'owner') throw new ForbiddenProblem('insufficient_role');
    const owners = locked.filter((r) => r.role === 'owner').length;
    if (demotes && target.role === 'owner' && owners <= 1) throw new ConflictProblem('last_owner');
    return target;
  }
}
