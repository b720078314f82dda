import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditEntry } from '../audit';
import type { AuditActor } from '../auth';
import type { Queryable } from '../core/database/db.service';

/** An account as its log-in, log-out and reset events name it: its id, its address, and the workspaces it is an active member of. */
export interface AuditedAccount {
  id: string;
  email: string;
  workspaceIds: readonly string[];
}

/** The actor of the log-in routes (@Public: no principal acted): the account itself, labelled with its address. */
export const accountActor = (account: { id: string; email: string }): AuditActor => ({
  type: 'user',
  id: account.id,
  label: account.email,
});

/** The target of member.* events: the account. */
export const accountTarget = (account: { id: string; email: string }) => ({ type: 'user', id: account.id, label: account.email });

/**
 * The audit events of an account's sessions (ADR 0240): a session is not bound to one workspace
 * (it opens every workspace the account is an active member of), so each of those workspaces gets
 * the event in its own chain; an account that is a member of none writes nothing.
 */
@Injectable()
export class MemberAudit {
  constructor(private readonly audit: AuditLog) {}

  /**
   * One event per workspace, in `q`'s transaction (each on its own for a Db). All are issued at
   * once, so each has read the request (address, user agent, request id) by the time this returns.
   * The actor is the request's principal unless given (the log-in routes act for no principal).
   */
  async record(q: Queryable, workspaceIds: readonly string[], entry: Omit<AuditEntry, 'workspaceId'>): Promise<void> {
    await Promise.all(workspaceIds.map((workspaceId) => this.audit.record(q, { ...entry, workspaceId })));
  }
}
