import { Injectable } from '@nestjs/common';
import { roleAtLeast } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { ForbiddenProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { AccountSessionDto } from './dto/account-session.dto';
import { MemberAudit } from './member-audit';
import { type AccountSessionRow, SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import type { OperatorPrincipal, WorkspaceOperatorPrincipal } from './operator-principal';

/** What ending sessions did: how many, and whether the request's own session was among them (the browser is logged out). */
export interface EndedSessions {
  count: number;
  current: boolean;
}

/**
 * The sessions an operator can see and end (API.md Part 3 "Sessions"): their own, and, for an
 * owner or admin, a member's (ADR 0245). Each session ended is one `session.end` event in every
 * workspace the account is an active member of (ADR 0240), by the operator who acted (the
 * request's principal), written in the deleting transaction. The deleting statement tells every
 * node with its commit, and the bus after it, so the session's live sockets close with 4401
 * everywhere whatever Redis does.
 */
@Injectable()
export class AccountSessionsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SessionsRepository,
    private readonly sessions: SessionsService,
    private readonly audit: MemberAudit,
    private readonly clock: Clock,
  ) {}

  /** The account's live sessions, newest first; the request's own is seen now. */
  async list(op: OperatorPrincipal): Promise<AccountSessionDto[]> {
    const now = this.clock.date();
    const rows = await this.repo.listOfAccount(op.userId, now);
    return rows.map((r) => sessionDto(r, r.id === op.sessionId, now));
  }

  /** Ends one of the operator's own sessions (the current one too); another account's or an unknown id is 404. */
  async endOwn(op: OperatorPrincipal, sessionId: string): Promise<EndedSessions> {
    const ended = await this.end(op, { only: sessionId }, () => ownAccount(op));
    if (ended.count === 0) throw new NotFoundProblem();
    return ended;
  }

  /** Ends every session of the operator's but the request's own. */
  endOthers(op: OperatorPrincipal): Promise<EndedSessions> {
    return this.end(op, { except: op.sessionId }, () => ownAccount(op));
  }

  /**
   * Ends every session of a member of the request's workspace (everywhere: sessions are the
   * account's, not the workspace's). Not a member (any status) of it: 404. An admin may not end an
   * owner's (403 `insufficient_role`).
   */
  endMember(op: WorkspaceOperatorPrincipal, userId: string): Promise<EndedSessions> {
    return this.end(op, {}, async (tx) => {
      const member = await this.repo.memberOfWorkspace(tx, op.workspaceId, userId);
      if (!member) throw new NotFoundProblem();
      if (!roleAtLeast(op.role, member.role)) throw new ForbiddenProblem('insufficient_role');
      return { id: userId, email: member.email, workspaceIds: member.workspace_ids };
    });
  }

  /** In one transaction: whose sessions (`account` may refuse), which of them end, and their events; then the bus. */
  private async end(
    op: OperatorPrincipal,
    which: { only?: string; except?: string },
    account: (tx: Tx) => Account | Promise<Account>,
  ): Promise<EndedSessions> {
    const ids = await this.db.transaction(async (tx) => {
      const whose = await account(tx);
      const ended = await this.repo.endOfAccount(tx, whose.id, this.clock.date(), which);
      for (const id of ended) {
        await this.audit.record(tx, whose.workspaceIds, {
          action: 'session.end',
          target: { type: 'session', id, label: whose.email },
        });
      }
      return ended;
    });
    for (const id of ids) await this.sessions.publishSessionEnded(id);
    return { count: ids.length, current: ids.includes(op.sessionId) };
  }
}

interface Account {
  id: string;
  email: string;
  workspaceIds: readonly string[];
}

const sessionDto = (r: AccountSessionRow, current: boolean, now: Date): AccountSessionDto => ({
  id: r.id,
  current,
  created_at: r.created_at.toISOString(),
  last_seen_at: (current && r.last_seen_at < now ? now : r.last_seen_at).toISOString(),
  ip: r.ip,
  user_agent: r.user_agent,
  auth_method: r.auth_method,
  mfa: r.mfa,
  remember_me: r.remember_me,
});

const ownAccount = (op: OperatorPrincipal): Account => ({ id: op.userId, email: op.email, workspaceIds: op.workspaces.map((w) => w.id) });
