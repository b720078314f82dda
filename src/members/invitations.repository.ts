import { Injectable } from '@nestjs/common';
import { OperatorRole } from '../auth';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import { INVITATION_LIST, type InvitationDto, type InvitationStatus } from './dto/invitation.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `i.id, i.email, i.role, i.status, i.expires_at, i.inserted_at, i.accepted_at, i.revoked_at`;
const ROW = {
  id: t.uuid,
  email: t.text,
  role: t.text.of<OperatorRole>(),
  status: t.text.of<InvitationStatus>(),
  expires_at: t.timestamptz,
  inserted_at: t.timestamptz,
  accepted_at: t.timestamptz.null,
  revoked_at: t.timestamptz.null,
};

const INVITATIONS = listStatements(INVITATION_LIST, {
  label: 'list_invitations',
  columns: COLUMNS,
  from: 'invitations',
  alias: 'i',
  scope: 'i.workspace_id = $1',
  params: [t.uuid],
  row: ROW,
});

/**
 * Invitations of one workspace and address take this transaction-scoped lock first: two at once
 * would both find the pending one to replace, and the second insert would break the one-pending
 * index (the lock blocks nothing else).
 */
const LOCK_ADDRESS = statement({
  label: 'lock_invitation_address',
  text: `SELECT pg_advisory_xact_lock(hashtextextended('invitations:' || $1::text || ':' || $2, 0))`,
  params: [t.text, t.text],
  row: { pg_advisory_xact_lock: t.void },
});

/** The pending invitation of the address, if any, becomes `replaced`: its link stops working (ADR 0242). */
const REPLACE_PENDING = statement({
  label: 'replace_pending_invitation',
  text: `UPDATE invitations SET status = 'replaced' WHERE workspace_id = $1 AND email = $2 AND status = 'pending' RETURNING id`,
  params: [t.uuid, t.text],
  row: { id: t.uuid },
});

const INSERT = statement({
  label: 'insert_invitation',
  text: `INSERT INTO invitations AS i (workspace_id, email, role, token_hash, invited_by, expires_at, inserted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.text.of<OperatorRole>(), t.bytea, t.uuid, t.timestamptz, t.timestamptz],
  row: ROW,
});

const REVOKE = statement({
  label: 'revoke_invitation',
  text: `UPDATE invitations AS i SET status = 'revoked', revoked_at = $3
          WHERE i.id = $1 AND i.workspace_id = $2 AND i.status = 'pending' RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.timestamptz],
  row: ROW,
});

const FIND = statement({
  label: 'find_invitation',
  text: `SELECT ${COLUMNS} FROM invitations i WHERE i.id = $1 AND i.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: ROW,
});

/**
 * A usable link: pending and unexpired, with whether its address has an account and the
 * workspace's name (what the acceptance page shows).
 */
const USABLE = statement({
  label: 'usable_invitation',
  text: `SELECT i.id, i.workspace_id, i.email, i.role, w.name AS workspace_name,
                EXISTS (SELECT 1 FROM users u WHERE u.email = i.email) AS has_account
           FROM invitations i JOIN workspaces w ON w.id = i.workspace_id
          WHERE i.token_hash = $1 AND i.status = 'pending' AND i.expires_at > $2`,
  params: [t.bytea, t.timestamptz],
  row: { id: t.uuid, workspace_id: t.uuid, email: t.text, role: t.text.of<OperatorRole>(), workspace_name: t.text, has_account: t.bool },
});

/**
 * Uses the link, once: of two accepts at once, the second waits for the first's row lock and then
 * finds it no longer pending (no row).
 */
const CLAIM = statement({
  label: 'claim_invitation',
  text: `UPDATE invitations SET status = 'accepted', accepted_at = $2
          WHERE token_hash = $1 AND status = 'pending' AND expires_at > $2
          RETURNING id, workspace_id, email, role`,
  params: [t.bytea, t.timestamptz],
  row: { id: t.uuid, workspace_id: t.uuid, email: t.text, role: t.text.of<OperatorRole>() },
});

const SET_ACCEPTED_BY = statement({
  label: 'set_invitation_accepted_by',
  text: `UPDATE invitations SET accepted_by = $2 WHERE id = $1`,
  params: [t.uuid, t.uuid],
});

/** A new account through an invitation: confirmed now (the mail proved the address); none when the address has one. */
const INSERT_ACCOUNT = statement({
  label: 'insert_invited_account',
  text: `INSERT INTO users (email, password_hash, name, confirmed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
  params: [t.text, t.text, t.text, t.timestamptz],
  row: { id: t.uuid },
});

const ACTIVE_ACCOUNT = statement({
  label: 'invited_active_account',
  text: `SELECT id FROM users WHERE email = $1 AND status = 'active'`,
  params: [t.text],
  row: { id: t.uuid },
});

/** The membership the invitation grants; an account that is a member already keeps its membership as it is. */
const INSERT_MEMBERSHIP = statement({
  label: 'insert_invited_membership',
  text: `INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (user_id, workspace_id) DO NOTHING RETURNING id`,
  params: [t.uuid, t.uuid, t.text.of<OperatorRole>()],
  row: { id: t.uuid },
});

const toDto = (r: StatementRow<typeof FIND>): InvitationDto => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: r.status,
  expires_at: r.expires_at.toISOString(),
  inserted_at: r.inserted_at.toISOString(),
  accepted_at: r.accepted_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

export type UsableInvitation = StatementRow<typeof USABLE>;
export type ClaimedInvitation = StatementRow<typeof CLAIM>;

/** SQL for invitations: their list, issue, revocation and single use. */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly db: Db) {}

  async list(workspaceId: string, q: ListQuery): Promise<{ rows: InvitationDto[]; total: number }> {
    const { rows, total } = await this.db.list(INVITATIONS, [workspaceId], q);
    return { rows: rows.map(toDto), total };
  }

  async lockAddress(tx: Tx, workspaceId: string, email: string): Promise<void> {
    await tx.rows(LOCK_ADDRESS, [workspaceId, email]);
  }

  async replacePending(tx: Tx, workspaceId: string, email: string): Promise<string | undefined> {
    return (await tx.maybe(REPLACE_PENDING, [workspaceId, email]))?.id;
  }

  async insert(
    tx: Tx,
    i: { workspaceId: string; email: string; role: OperatorRole; tokenHash: Buffer; invitedBy: string; expiresAt: Date; now: Date },
  ): Promise<InvitationDto> {
    return toDto(await tx.one(INSERT, [i.workspaceId, i.email, i.role, i.tokenHash, i.invitedBy, i.expiresAt, i.now]));
  }

  async revoke(tx: Tx, workspaceId: string, id: string, now: Date): Promise<InvitationDto | undefined> {
    const row = await tx.maybe(REVOKE, [id, workspaceId, now]);
    return row && toDto(row);
  }

  async find(tx: Tx, workspaceId: string, id: string): Promise<InvitationDto | undefined> {
    const row = await tx.maybe(FIND, [id, workspaceId]);
    return row && toDto(row);
  }

  usable(tokenHash: Buffer, now: Date): Promise<UsableInvitation | undefined> {
    return this.db.maybe(USABLE, [tokenHash, now]);
  }

  claim(tx: Tx, tokenHash: Buffer, now: Date): Promise<ClaimedInvitation | undefined> {
    return tx.maybe(CLAIM, [tokenHash, now]);
  }

  async setAcceptedBy(tx: Tx, id: string, userId: string): Promise<void> {
    await tx.run(SET_ACCEPTED_BY, [id, userId]);
  }

  async insertAccount(tx: Tx, a: { email: string; passwordHash: string; name: string; now: Date }): Promise<string | undefined> {
    return (await tx.maybe(INSERT_ACCOUNT, [a.email, a.passwordHash, a.name, a.now]))?.id;
  }

  async activeAccount(tx: Tx, email: string): Promise<string | undefined> {
    return (await tx.maybe(ACTIVE_ACCOUNT, [email]))?.id;
  }

  /** Whether a membership was added (false: the account was a member already). */
  async insertMembership(tx: Tx, workspaceId: string, userId: string, role: OperatorRole): Promise<boolean> {
    return (await tx.maybe(INSERT_MEMBERSHIP, [workspaceId, userId, role])) !== undefined;
  }
}
