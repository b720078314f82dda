import { Injectable } from '@nestjs/common';
import { OperatorRole } from '../auth';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import { MEMBER_LIST, type MemberDto, type MemberStatus } from './dto/member.dto';
import type { ListQuery } from '../core/listing/list-query';

/**
 * A member as the API shows it. `mfa_enabled`: a confirmed TOTP or a passkey; `scim_managed`: a
 * scim_users row of this workspace links the account; `sso`: the account signed in through one of
 * this workspace's SSO connections (a linked subject; ADR 0254).
 */
const MEMBER_COLUMNS = `u.id AS user_id, u.email, u.name, m.role,
  CASE WHEN m.status = 'active' AND u.status = 'active' THEN 'active' ELSE 'suspended' END AS status,
  (EXISTS (SELECT 1 FROM user_totp tp WHERE tp.user_id = u.id AND tp.confirmed_at IS NOT NULL)
    OR EXISTS (SELECT 1 FROM webauthn_credentials wc WHERE wc.user_id = u.id)) AS mfa_enabled,
  EXISTS (SELECT 1 FROM scim_users su WHERE su.workspace_id = m.workspace_id AND su.user_id = u.id) AS scim_managed,
  EXISTS (SELECT 1 FROM sso_identities si JOIN sso_connections c ON c.id = si.connection_id
           WHERE si.user_id = u.id AND c.workspace_id = m.workspace_id) AS sso,
  m.inserted_at`;
const MEMBER_ROW = {
  user_id: t.uuid,
  email: t.text,
  name: t.text,
  role: t.text.of<OperatorRole>(),
  status: t.text.of<MemberStatus>(),
  mfa_enabled: t.bool,
  scim_managed: t.bool,
  sso: t.bool,
  inserted_at: t.timestamptz,
};

const MEMBERS = listStatements(MEMBER_LIST, {
  label: 'list_members',
  columns: MEMBER_COLUMNS,
  from: 'memberships m JOIN users u ON u.id = m.user_id',
  alias: 'm',
  scope: 'm.workspace_id = $1',
  params: [t.uuid],
  row: MEMBER_ROW,
  countFrom: 'memberships m',
});

const MEMBER = statement({
  label: 'find_member',
  text: `SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2`,
  params: [t.uuid, t.uuid],
  row: MEMBER_ROW,
});

/**
 * The workspace's owner rows and the target's, locked in one order (by user), so two changes of
 * owners serialise: the second re-reads the owners the first left (ADR 0244, last owner).
 */
const LOCK_OWNERS_AND_MEMBER = statement({
  label: 'lock_owners_and_member',
  text: `SELECT m.user_id, m.role,
                EXISTS (SELECT 1 FROM scim_users su WHERE su.workspace_id = m.workspace_id AND su.user_id = m.user_id) AS scim_managed
           FROM memberships m
          WHERE m.workspace_id = $1 AND (m.role = 'owner' OR m.user_id = $2)
          ORDER BY m.user_id
            FOR UPDATE OF m`,
  params: [t.uuid, t.uuid],
  row: { user_id: t.uuid, role: t.text.of<OperatorRole>(), scim_managed: t.bool },
});

const SET_ROLE = statement({
  label: 'set_member_role',
  text: `UPDATE memberships SET role = $3 WHERE workspace_id = $1 AND user_id = $2`,
  params: [t.uuid, t.uuid, t.text.of<OperatorRole>()],
});

/**
 * Deletes the membership; with the commit, PostgreSQL tells every node to close the user's
 * operator sockets (ADR 0243), whatever Redis does. Returns whether the account has a membership
 * left (in any state) and its address.
 */
const DELETE_MEMBERSHIP = statement({
  label: 'delete_membership',
  text: `WITH gone AS (DELETE FROM memberships WHERE workspace_id = $1 AND user_id = $2 RETURNING user_id)
         SELECT u.email,
                EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = u.id AND o.workspace_id <> $1) AS other_memberships,
                ${notifyCredentialEventSql.userMembershipEnded('u.id')} AS notified
           FROM gone JOIN users u ON u.id = gone.user_id`,
  params: [t.uuid, t.uuid],
  row: { email: t.text, other_memberships: t.bool, notified: t.void },
});

const MEMBER_BY_EMAIL = statement({
  label: 'member_by_email',
  text: `SELECT 1 AS one FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND u.email = $2`,
  params: [t.uuid, t.text],
  row: { one: t.int },
});

const toMember = (r: StatementRow<typeof MEMBER>): MemberDto => ({
  user: { id: r.user_id, email: r.email, name: r.name },
  role: r.role,
  status: r.status,
  mfa_enabled: r.mfa_enabled,
  sso: r.sso,
  scim_managed: r.scim_managed,
  inserted_at: r.inserted_at.toISOString(),
});

/** SQL for a workspace's memberships as the members routes see and change them. */
@Injectable()
export class MembersRepository {
  constructor(private readonly db: Db) {}

  async list(workspaceId: string, q: ListQuery): Promise<{ rows: MemberDto[]; total: number }> {
    const { rows, total } = await this.db.list(MEMBERS, [workspaceId], q);
    return { rows: rows.map(toMember), total };
  }

  async find(q: Queryable, workspaceId: string, userId: string): Promise<MemberDto | undefined> {
    const row = await q.maybe(MEMBER, [workspaceId, userId]);
    return row && toMember(row);
  }

  lockOwnersAndMember(tx: Tx, workspaceId: string, userId: string) {
    return tx.rows(LOCK_OWNERS_AND_MEMBER, [workspaceId, userId]);
  }

  async setRole(tx: Tx, workspaceId: string, userId: string, role: OperatorRole): Promise<void> {
    await tx.run(SET_ROLE, [workspaceId, userId, role]);
  }

  async delete(tx: Tx, workspaceId: string, userId: string): Promise<{ email: string; otherMemberships: boolean } | undefined> {
    const row = await tx.maybe(DELETE_MEMBERSHIP, [workspaceId, userId]);
    return row && { email: row.email, otherMemberships: row.other_memberships };
  }

  async isMemberByEmail(tx: Tx, workspaceId: string, email: string): Promise<boolean> {
    return (await tx.maybe(MEMBER_BY_EMAIL, [workspaceId, email])) !== undefined;
  }
}
