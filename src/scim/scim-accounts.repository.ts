import { Injectable } from '@nestjs/common';
import type { OperatorRole } from '../auth';
import type { EntityManager } from 'typeorm';

export interface AccountRow {
  id: string;
  email: string;
  status: 'active' | 'suspended';
  /** The workspace whose SCIM created the account, which therefore manages it; null otherwise. */
  scim_workspace_id: string | null;
}

export interface MembershipRow {
  role: OperatorRole;
  status: 'active' | 'suspended';
}

/**
 * SQL of what a SCIM User stands for in the tenancy core: the operator account (`users`) and its
 * membership in the token's workspace, with the role its mapped groups grant. Always inside the
 * SCIM write's transaction, accounts and memberships locked before they are changed.
 */
@Injectable()
export class ScimAccountsRepository {
  async findAccountByEmail(m: EntityManager, email: string): Promise<AccountRow | undefined> {
    const rows: AccountRow[] = await m.query(`SELECT id, email, status, scim_workspace_id FROM users WHERE email = $1 FOR UPDATE`, [email]);
    return rows[0];
  }

  async findAccount(m: EntityManager, userId: string): Promise<AccountRow> {
    const rows: AccountRow[] = await m.query(`SELECT id, email, status, scim_workspace_id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return rows[0];
  }

  /**
   * A SCIM-managed account: no password (its owner sets one through forgot-password), managed by
   * this workspace's SCIM. Undefined when the email was taken meanwhile (the caller links to it).
   */
  async createAccount(m: EntityManager, email: string, name: string, workspaceId: string, active: boolean): Promise<string | undefined> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO users (email, password_hash, name, status, scim_workspace_id) VALUES ($1, NULL, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email, name, active ? 'active' : 'suspended', workspaceId],
    );
    return rows[0]?.id;
  }

  /** Takes over an account this workspace's SCIM created before (re-provisioned after a DELETE). */
  async setAccountStatus(m: EntityManager, userId: string, status: 'active' | 'suspended'): Promise<void> {
    await m.query(`UPDATE users SET status = $2, updated_at = now() WHERE id = $1 AND status <> $2`, [userId, status]);
  }

  /** A new address is not proven: the account is unconfirmed until a reset link mailed to it is used. */
  async setAccountEmail(m: EntityManager, userId: string, email: string): Promise<void> {
    await m.query(`UPDATE users SET email = $2, confirmed_at = NULL, updated_at = now() WHERE id = $1 AND email <> $2`, [userId, email]);
  }

  async setAccountName(m: EntityManager, userId: string, name: string): Promise<void> {
    await m.query(`UPDATE users SET name = $2, updated_at = now() WHERE id = $1 AND name <> $2`, [userId, name]);
  }

  async findMembership(m: EntityManager, userId: string, workspaceId: string): Promise<MembershipRow | undefined> {
    const rows: MembershipRow[] = await m.query(
      `SELECT role, status FROM memberships WHERE user_id = $1 AND workspace_id = $2 FOR UPDATE`,
      [userId, workspaceId],
    );
    return rows[0];
  }

  /** A member's membership, created when missing; an existing membership keeps its role. */
  async ensureMembership(m: EntityManager, userId: string, workspaceId: string, status: 'active' | 'suspended'): Promise<void> {
    await m.query(
      `INSERT INTO memberships (user_id, workspace_id, role, status) VALUES ($1, $2, 'member', $3)
       ON CONFLICT (user_id, workspace_id) DO UPDATE SET status = EXCLUDED.status`,
      [userId, workspaceId, status],
    );
  }

  async deleteMembership(m: EntityManager, userId: string, workspaceId: string): Promise<void> {
    await m.query(`DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2 AND role <> 'owner'`, [userId, workspaceId]);
  }

  async countMemberships(m: EntityManager, userId: string): Promise<number> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM memberships WHERE user_id = $1`, [userId]);
    return n;
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
  async recomputeRoles(m: EntityManager, workspaceId: string, scimUserIds: string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await m.query(
      `SELECT 1 FROM memberships ms JOIN scim_users su ON ms.user_id = su.user_id AND ms.workspace_id = su.workspace_id
        WHERE su.workspace_id = $1 AND su.id = ANY($2::uuid[])
        ORDER BY ms.user_id FOR UPDATE OF ms`,
      [workspaceId, scimUserIds],
    );
    await m.query(
      `UPDATE memberships ms
          SET role = CASE WHEN EXISTS (
                       SELECT 1 FROM scim_group_members gm JOIN scim_groups g ON g.id = gm.group_id
                        WHERE gm.scim_user_id = su.id AND g.role = 'admin') THEN 'admin' ELSE 'member' END
         FROM scim_users su
        WHERE su.workspace_id = $1 AND su.id = ANY($2::uuid[])
          AND ms.user_id = su.user_id AND ms.workspace_id = su.workspace_id AND ms.role <> 'owner'`,
      [workspaceId, scimUserIds],
    );
  }
}
