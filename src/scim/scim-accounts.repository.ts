import { Injectable } from '@nestjs/common';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import type { OperatorRole } from '../auth';
import type { Tx } from '../core/database/db.service';

type Status = 'active' | 'suspended';

export interface AccountRow {
  id: string;
  email: string;
  status: Status;
  /** The workspace whose SCIM created the account, which therefore manages it; null otherwise. */
  scim_workspace_id: string | null;
}

export interface MembershipRow {
  role: OperatorRole;
  status: Status;
}

const ACCOUNT_ROW = { id: t.uuid, email: t.text, status: t.text.of<Status>(), scim_workspace_id: t.uuid.null };

const LOCK_ACCOUNT_BY_EMAIL = statement({
  label: 'scim_lock_account_by_email',
  text: `SELECT id, email, status, scim_workspace_id FROM users WHERE email = $1 FOR UPDATE`,
  params: [t.text],
  row: ACCOUNT_ROW,
});

const LOCK_ACCOUNT = statement({
  label: 'scim_lock_account',
  text: `SELECT id, email, status, scim_workspace_id FROM users WHERE id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: ACCOUNT_ROW,
});

const INSERT_ACCOUNT = statement({
  label: 'scim_insert_account',
  text: `INSERT INTO users (email, password_hash, name, status, scim_workspace_id) VALUES ($1, NULL, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
  params: [t.text, t.text, t.text.of<Status>(), t.uuid],
  row: { id: t.uuid },
});

const SET_ACCOUNT_STATUS = statement({
  label: 'scim_set_account_status',
  text: `UPDATE users SET status = $2, updated_at = now() WHERE id = $1 AND status <> $2`,
  params: [t.uuid, t.text.of<Status>()],
});

const SET_ACCOUNT_EMAIL = statement({
  label: 'scim_set_account_email',
  text: `UPDATE users SET email = $2, confirmed_at = NULL, updated_at = now() WHERE id = $1 AND email <> $2`,
  params: [t.uuid, t.text],
});

const SET_ACCOUNT_NAME = statement({
  label: 'scim_set_account_name',
  text: `UPDATE users SET name = $2, updated_at = now() WHERE id = $1 AND name <> $2`,
  params: [t.uuid, t.text],
});

const LOCK_MEMBERSHIP = statement({
  label: 'scim_lock_membership',
  text: `SELECT role, status FROM memberships WHERE user_id = $1 AND workspace_id = $2 FOR UPDATE`,
  params: [t.uuid, t.uuid],
  row: { role: t.text.of<OperatorRole>(), status: t.text.of<Status>() },
});

const ENSURE_MEMBERSHIP = statement({
  label: 'scim_ensure_membership',
  text: `INSERT INTO memberships (user_id, workspace_id, role, status) VALUES ($1, $2, 'member', $3)
       ON CONFLICT (user_id, workspace_id) DO UPDATE SET status = EXCLUDED.status`,
  params: [t.uuid, t.uuid, t.text.of<Status>()],
});

const DELETE_MEMBERSHIP = statement({
  label: 'scim_delete_membership',
  text: `DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2 AND role <> 'owner'`,
  params: [t.uuid, t.uuid],
});

const COUNT_MEMBERSHIPS = statement({
  label: 'scim_count_memberships',
  text: `SELECT count(*)::int AS n FROM memberships WHERE user_id = $1`,
  params: [t.uuid],
  row: { n: t.int },
});

/** recomputeRoles, first: the linked members' membership rows locked, in one order (see there). */
const LOCK_LINKED_MEMBERSHIPS = statement({
  label: 'scim_lock_linked_memberships',
  text: `SELECT 1 AS locked FROM memberships ms JOIN scim_users su ON ms.user_id = su.user_id AND ms.workspace_id = su.workspace_id
        WHERE su.workspace_id = $1 AND su.id = ANY($2::uuid[])
        ORDER BY ms.user_id FOR UPDATE OF ms`,
  params: [t.uuid, t.uuidArray],
  row: { locked: t.int },
});

/** recomputeRoles, then: each linked member's role, the highest its mapped groups grant (never the owner's). */
const RECOMPUTE_ROLES = statement({
  label: 'scim_recompute_roles',
  text: `UPDATE memberships ms
          SET role = CASE WHEN EXISTS (
                       SELECT 1 FROM scim_group_members gm JOIN scim_groups g ON g.id = gm.group_id
                        WHERE gm.scim_user_id = su.id AND g.role = 'admin') THEN 'admin' ELSE 'member' END
         FROM scim_users su
        WHERE su.workspace_id = $1 AND su.id = ANY($2::uuid[])
          AND ms.user_id = su.user_id AND ms.workspace_id = su.workspace_id AND ms.role <> 'owner'`,
  params: [t.uuid, t.uuidArray],
});

/**
 * SQL of what a SCIM User stands for in the tenancy core: the operator account (`users`) and its
 * membership in the token's workspace, with the role its mapped groups grant. Always inside the
 * SCIM write's transaction, accounts and memberships locked before they are changed.
 */
@Injectable()
export class ScimAccountsRepository {
  findAccountByEmail(tx: Tx, email: string): Promise<AccountRow | undefined> {
    return tx.maybe(LOCK_ACCOUNT_BY_EMAIL, [email]);
  }

  findAccount(tx: Tx, userId: string): Promise<AccountRow> {
    return tx.one(LOCK_ACCOUNT, [userId]);
  }

  /**
   * A SCIM-managed account: no password (its owner sets one through forgot-password), managed by
   * this workspace's SCIM. Undefined when the email was taken meanwhile (the caller links to it).
   */
  async createAccount(tx: Tx, email: string, name: string, workspaceId: string, active: boolean): Promise<string | undefined> {
    return (await tx.maybe(INSERT_ACCOUNT, [email, name, active ? 'active' : 'suspended', workspaceId]))?.id;
  }

  /** Takes over an account this workspace's SCIM created before (re-provisioned after a DELETE). */
  async setAccountStatus(tx: Tx, userId: string, status: Status): Promise<void> {
    await tx.run(SET_ACCOUNT_STATUS, [userId, status]);
  }

  /** A new address is not proven: the account is unconfirmed until a reset link mailed to it is used. */
  async setAccountEmail(tx: Tx, userId: string, email: string): Promise<void> {
    await tx.run(SET_ACCOUNT_EMAIL, [userId, email]);
  }

  async setAccountName(tx: Tx, userId: string, name: string): Promise<void> {
    await tx.run(SET_ACCOUNT_NAME, [userId, name]);
  }

  findMembership(tx: Tx, userId: string, workspaceId: string): Promise<MembershipRow | undefined> {
    return tx.maybe(LOCK_MEMBERSHIP, [userId, workspaceId]);
  }

  /** A member's membership, created when missing; an existing membership keeps its role. */
  async ensureMembership(tx: Tx, userId: string, workspaceId: string, status: Status): Promise<void> {
    await tx.run(ENSURE_MEMBERSHIP, [userId, workspaceId, status]);
  }

  async deleteMembership(tx: Tx, userId: string, workspaceId: string): Promise<void> {
    await tx.run(DELETE_MEMBERSHIP, [userId, workspaceId]);
  }

  async countMemberships(tx: Tx, userId: string): Promise<number> {
    return (await tx.one(COUNT_MEMBERSHIPS, [userId])).n;
  }

  /**
   * Sets each linked member's role to the highest role its mapped groups grant, else `member`;
   * the owner is never demoted. Returns nothing: roles are read per request, so it holds at once.
   *
   * The membership rows are locked first, in one order, by a statement of their own: the UPDATE
   * then reads group membership in a snapshot taken after every other transaction that changed
   * these members' roles has committed. In one statement, an UPDATE that waited for such a
   * transaction re-checked the row it waited for but still read the groups as they were before
   * that transaction: two PATCHes that took one user out of two admin groups at once each saw it
   * in the other group, and left it admin (test/scim-accounts.e2e-spec.ts races them).
   */
  async recomputeRoles(tx: Tx, workspaceId: string, scimUserIds: string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await tx.rows(LOCK_LINKED_MEMBERSHIPS, [workspaceId, scimUserIds]);
    await tx.run(RECOMPUTE_ROLES, [workspaceId, scimUserIds]);
  }
}
