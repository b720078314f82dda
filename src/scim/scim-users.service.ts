import { Injectable, Logger } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditLog } from '../audit';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { parseScimPage, scimListResponse, ScimListResponse } from '../core/listing/scim-page';
import { Outbox } from '../events';
import { SessionsService } from '../sessions';
import { AccountRow, ScimAccountsRepository } from './scim-accounts.repository';
import { parseUserFilter } from './scim-filter';
import { applyPatch, readPatchOperations } from './scim-patch';
import { patchMeta, ScimUserResource, userResource } from './scim-resources';
import { ScimUrns } from './scim-schemas';
import { ScimAudited, ScimSyncLog, writeTarget } from './scim-sync-log.service';
import { accountName, loginEmail, readUserInput, ScimUserInput } from './scim-user-input';
import { ScimUserRow, ScimUsersRepository } from './scim-users.repository';
import { ScimOwnerProtected, ScimUniqueness } from './scim.errors';
import type { Tx } from '../core/database/db.service';

/** What a committed write still has to tell other nodes (accounts whose sessions were ended), and its audit event. */
interface WriteOutcome {
  id: string;
  externalId: string | null;
  revokedSessionsOf: string[];
  audited: ScimAudited;
}

/**
 * What a SCIM User's audit events say of it (ADR 0240): its id and whether it is active, no
 * attribute that identifies the person (userName, emails, names, externalId). Audit events are
 * chained and cannot be rewritten, while an erasure must leave no trace of the person; the id is
 * a pseudonym that the erasure's deletion of the SCIM User leaves pointing at nothing.
 */
const auditedUser = (before: { active: boolean } | null, after: { active: boolean } | null): ScimAudited => ({
  label: null,
  changes: AuditLog.changes(before, after, ['active']),
});

/**
 * SCIM Users (API.md Part 2, "SCIM 2.0"). A SCIM User is an operator account with a membership in
 * the token's workspace:
 * - its login email (the primary email, else the first, else userName) links it to the existing
 *   account with that email, or creates a SCIM-managed account without a password;
 * - `active: false` suspends the membership, and for an account this workspace's SCIM manages also
 *   the account (sessions ended, sockets closed, reset links invalidated, log-in refused);
 * - DELETE removes the SCIM User, its membership and group memberships; a managed account left
 *   without memberships is suspended;
 * - the workspace owner's membership is never suspended or removed (403).
 * Every write runs in one transaction with row locks on the SCIM User, the account and the
 * membership, and is recorded in the sync log.
 */
@Injectable()
export class ScimUsersService {
  private readonly logger = new Logger(ScimUsersService.name);

  constructor(
    private readonly users: ScimUsersRepository,
    private readonly accounts: ScimAccountsRepository,
    private readonly sync: ScimSyncLog,
    private readonly sessions: SessionsService,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  async get(workspaceId: string, id: string): Promise<ScimUserResource> {
    return userResource(await this.found(workspaceId, id), this.config.baseUrl);
  }

  async list(workspaceId: string, query: Record<string, unknown>): Promise<ScimListResponse<ScimUserResource>> {
    const page = parseScimPage(query);
    const { rows, total } = await this.users.list(workspaceId, parseUserFilter(query.filter), page);
    return scimListResponse(
      page,
      rows.map((r) => userResource(r, this.config.baseUrl)),
      total,
    );
  }

  async create(workspaceId: string, body: unknown): Promise<ScimUserResource> {
    const outcome = await this.sync.write(workspaceId, 'create', 'User', writeTarget(body, null), 201, async (tx) => {
      const input = readUserInput(body);
      await this.assertUserNameFree(tx, workspaceId, input.userName, null);
      const account = await this.accountFor(tx, workspaceId, loginEmail(input), input);
      const id = await this.users.insert(tx, workspaceId, account.id, input);
      const revoked = await this.applyMembership(tx, workspaceId, account, input);
      await this.outbox.record(tx, workspaceId, 'scim.user.provisioned', this.eventData(id, account.id, input));
      return { id, externalId: input.externalId, revokedSessionsOf: revoked, audited: auditedUser(null, input) };
    });
    return this.afterWrite(workspaceId, outcome);
  }

  /** PUT: every writable attribute is replaced; one the body omits is cleared (active defaults to true). */
  async replace(workspaceId: string, id: string, body: unknown): Promise<ScimUserResource> {
    const outcome = await this.sync.write(workspaceId, 'replace', 'User', writeTarget(body, id), 200, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      return this.update(tx, workspaceId, row, readUserInput(body));
    });
    return this.afterWrite(workspaceId, outcome);
  }

  /** PATCH: the operations applied to the current resource, then stored as a replace of the result. */
  async patch(workspaceId: string, id: string, body: unknown): Promise<ScimUserResource> {
    const outcome = await this.sync.write(workspaceId, 'patch', 'User', { resourceId: id }, 200, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      const current = userResource(row, this.config.baseUrl);
      const patched = applyPatch({ ...current, meta: patchMeta(current.meta) }, readPatchOperations(body, ScimUrns.user));
      return this.update(tx, workspaceId, row, readUserInput(patched));
    });
    return this.afterWrite(workspaceId, outcome);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    const outcome = await this.sync.write(workspaceId, 'delete', 'User', { resourceId: id }, 204, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      const account = await this.accounts.findAccount(tx, row.user_id);
      const membership = await this.accounts.findMembership(tx, account.id, workspaceId);
      if (membership?.role === 'owner') throw new ScimOwnerProtected();
      await this.users.delete(tx, row.id);
      await this.accounts.deleteMembership(tx, account.id, workspaceId);
      const revoked: string[] = [];
      if (this.manages(account, workspaceId) && (await this.accounts.countMemberships(tx, account.id)) === 0) {
        revoked.push(...(await this.setAccountActive(tx, account, false)));
      }
      await this.outbox.record(tx, workspaceId, 'scim.user.deprovisioned', {
        scim_user: { id: row.id, userName: row.user_name, externalId: row.external_id, active: false },
        user_id: account.id,
        deleted: true,
      });
      return { id: row.id, externalId: row.external_id, revokedSessionsOf: revoked, audited: auditedUser(null, null) };
    });
    await this.publishRevocations(outcome.revokedSessionsOf);
  }

  /** The SCIM User, row-locked when read inside a write; 404 for an unknown, foreign or non-UUID id. */
  private async found(workspaceId: string, id: string, tx?: Tx): Promise<ScimUserRow> {
    if (!isUUID(id)) throw new NotFoundProblem();
    const row = tx
      ? await this.users.findForUpdate(tx, workspaceId, id.toLowerCase())
      : await this.users.find(workspaceId, id.toLowerCase());
    if (!row) throw new NotFoundProblem();
    return row;
  }

  /** userName is unique per workspace (a concurrent write is caught by the unique index instead). */
  private async assertUserNameFree(tx: Tx, workspaceId: string, userName: string, except: string | null): Promise<void> {
    if (await this.users.userNameTaken(tx, workspaceId, userName, except))
      throw new ScimUniqueness('userName is already in use in this workspace');
  }

  private manages(account: AccountRow, workspaceId: string): boolean {
    return account.scim_workspace_id === workspaceId;
  }

  /**
   * The account a new SCIM User stands for: the existing account with its login email (refused
   * when another SCIM User of this workspace already links it), else a new SCIM-managed one.
   */
  private async accountFor(tx: Tx, workspaceId: string, email: string, input: ScimUserInput): Promise<AccountRow> {
    let account = await this.accounts.findAccountByEmail(tx, email);
    if (!account) {
      const created = await this.accounts.createAccount(tx, email, accountName(input), workspaceId, input.active);
      // Taken meanwhile by a concurrent write: link to that account instead.
      account = created
        ? { id: created, email, status: input.active ? 'active' : 'suspended', scim_workspace_id: workspaceId }
        : await this.accounts.findAccountByEmail(tx, email);
    }
    if (!account) throw new ScimUniqueness('the login email belongs to another account');
    if (await this.users.findIdByAccount(tx, workspaceId, account.id)) {
      throw new ScimUniqueness('the login email belongs to another SCIM User of this workspace');
    }
    return account;
  }

  private async update(tx: Tx, workspaceId: string, row: ScimUserRow, input: ScimUserInput): Promise<WriteOutcome> {
    await this.assertUserNameFree(tx, workspaceId, input.userName, row.id);
    const account = await this.accounts.findAccount(tx, row.user_id);
    const email = loginEmail(input);
    if (email !== account.email) {
      const other = await this.accounts.findAccountByEmail(tx, email);
      if (this.manages(account, workspaceId)) {
        // The login email of a managed account follows its SCIM User (its reset links die with the
        // old one, and the new address is unconfirmed until a reset link mailed to it is used),
        // unless another workspace's SCIM has linked it too: the address is then no longer this
        // workspace's alone to move, or it could mail itself a reset link to an account that holds
        // another tenant's membership. It is kept, as for a linked account, and the SCIM User
        // records the new emails. (The row lock on the account, taken by findAccount and by the
        // other workspace's link, orders the two.)
        const sharedWithAnotherWorkspace = (await this.accounts.countMemberships(tx, account.id)) > 1;
        if (!sharedWithAnotherWorkspace) {
          if (other) throw new ScimUniqueness('the login email belongs to another account');
          await this.accounts.setAccountEmail(tx, account.id, email);
        }
      } else if (other && (await this.users.findIdByAccount(tx, workspaceId, other.id))) {
        throw new ScimUniqueness('the login email belongs to another SCIM User of this workspace');
      }
    }
    await this.users.update(tx, row.id, input);
    const revoked = await this.applyMembership(tx, workspaceId, account, input);
    if (row.active !== input.active) {
      await this.outbox.record(
        tx,
        workspaceId,
        input.active ? 'scim.user.provisioned' : 'scim.user.deprovisioned',
        this.eventData(row.id, account.id, input),
      );
    }
    return { id: row.id, externalId: input.externalId, revokedSessionsOf: revoked, audited: auditedUser(row, input) };
  }

  /**
   * The membership follows `active` (the owner's is never suspended: 403); an account this
   * workspace manages follows it too, and takes the SCIM User's name. Returns the accounts whose
   * sessions were ended.
   */
  private async applyMembership(tx: Tx, workspaceId: string, account: AccountRow, input: ScimUserInput): Promise<string[]> {
    const membership = await this.accounts.findMembership(tx, account.id, workspaceId);
    if (membership?.role === 'owner' && !input.active) throw new ScimOwnerProtected();
    await this.accounts.ensureMembership(tx, account.id, workspaceId, input.active ? 'active' : 'suspended');
    if (!this.manages(account, workspaceId)) return [];
    await this.accounts.setAccountName(tx, account.id, accountName(input));
    return this.setAccountActive(tx, account, input.active);
  }

  /** Suspends (ending every session) or reinstates a managed account. */
  private async setAccountActive(tx: Tx, account: AccountRow, active: boolean): Promise<string[]> {
    await this.accounts.setAccountStatus(tx, account.id, active ? 'active' : 'suspended');
    if (active) return [];
    await this.sessions.endAllForUser(account.id, tx);
    return [account.id];
  }

  private eventData(id: string, userId: string, input: ScimUserInput): Record<string, unknown> {
    return { scim_user: { id, userName: input.userName, externalId: input.externalId, active: input.active }, user_id: userId };
  }

  private async afterWrite(workspaceId: string, outcome: WriteOutcome): Promise<ScimUserResource> {
    await this.publishRevocations(outcome.revokedSessionsOf);
    return this.get(workspaceId, outcome.id);
  }

  /** Live sockets of ended sessions close on every node (best effort: the sessions are gone either way). */
  private async publishRevocations(userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      await this.sessions.publishUserSessionsRevoked(userId).catch((err: unknown) => {
        this.logger.warn(`sockets of suspended account ${userId} not closed on other nodes: ${(err as Error).message}`);
      });
    }
  }
}
