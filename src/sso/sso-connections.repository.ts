import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import type { OperatorRole } from '../auth';
import type { SsoConnectionStatus, SsoDefaultRole, SsoEmailClaimFallback } from './dto/sso-connection.dto';

/** A connection's columns, its domains gathered in their order of creation. */
const COLUMNS = `c.id, c.workspace_id, c.name, c.issuer, c.client_id, c.client_secret_sealed, c.enforce, c.jit_provisioning,
  c.default_role, c.email_claim_fallback, c.status, c.inserted_at, c.updated_at,
  COALESCE((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_connection_domains d WHERE d.connection_id = c.id), '{}'::text[]) AS domains`;
const ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  name: t.text,
  issuer: t.text,
  client_id: t.text,
  client_secret_sealed: t.text,
  enforce: t.bool,
  jit_provisioning: t.bool,
  default_role: t.text.of<SsoDefaultRole>(),
  email_claim_fallback: t.text.of<SsoEmailClaimFallback>().null,
  status: t.text.of<SsoConnectionStatus>(),
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
  domains: t.textArray,
};
export type SsoConnectionRow = StatementRow<typeof LIST>;

const LIST = statement({
  label: 'sso_connections_list',
  text: `SELECT ${COLUMNS} FROM sso_connections c WHERE c.workspace_id = $1 ORDER BY c.inserted_at, c.id LIMIT $2::int`,
  params: [t.uuid, t.int],
  row: ROW,
});

const FIND = statement({
  label: 'sso_connection_find',
  text: `SELECT ${COLUMNS} FROM sso_connections c WHERE c.id = $1 AND c.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: ROW,
});

/** The connection a sign-in starts or returns through, whatever its workspace (the flow names it). */
const FIND_BY_ID = statement({
  label: 'sso_connection_by_id',
  text: `SELECT ${COLUMNS} FROM sso_connections c WHERE c.id = $1`,
  params: [t.uuid],
  row: ROW,
});

/** The active connection holding an address's domain: where `POST /users/sso` sends it. */
const ACTIVE_BY_DOMAIN = statement({
  label: 'sso_connection_active_by_domain',
  text: `SELECT ${COLUMNS} FROM sso_connection_domains d JOIN sso_connections c ON c.id = d.connection_id
          WHERE d.domain = $1 AND c.status = 'active'`,
  params: [t.text],
  row: ROW,
});

/** Serialises the creations of one workspace, so two at once cannot both pass the count. */
const LOCK_WORKSPACE_COUNT = statement({
  label: 'sso_connections_lock_count',
  text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE) w, sso_connections c WHERE c.workspace_id = $1`,
  params: [t.uuid],
  row: { n: t.int },
});

const INSERT = statement({
  label: 'sso_connection_insert',
  text: `INSERT INTO sso_connections (id, workspace_id, name, issuer, client_id, client_secret_sealed, enforce, jit_provisioning,
                                     default_role, email_claim_fallback, inserted_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
  params: [t.uuid, t.uuid, t.text, t.text, t.text, t.text, t.bool, t.bool, t.text, t.text.null, t.timestamptz],
});

/** Inserts the domains; one held by any connection already is a unique violation of the primary key (`domain_taken`). */
const INSERT_DOMAINS = statement({
  label: 'sso_connection_domains_insert',
  text: `INSERT INTO sso_connection_domains (domain, connection_id, workspace_id) SELECT unnest($3::text[]), $1, $2`,
  params: [t.uuid, t.uuid, t.textArray],
});

const DELETE_DOMAINS = statement({
  label: 'sso_connection_domains_delete',
  text: `DELETE FROM sso_connection_domains WHERE connection_id = $1`,
  params: [t.uuid],
});

/** The row, locked for a change (PATCH and DELETE serialise on it). */
const LOCK = statement({
  label: 'sso_connection_lock',
  text: `SELECT ${COLUMNS} FROM sso_connections c WHERE c.id = $1 AND c.workspace_id = $2 FOR UPDATE OF c`,
  params: [t.uuid, t.uuid],
  row: ROW,
});

const UPDATE = statement({
  label: 'sso_connection_update',
  text: `UPDATE sso_connections SET name = $2, issuer = $3, client_id = $4, client_secret_sealed = $5, enforce = $6, jit_provisioning = $7,
                default_role = $8, email_claim_fallback = $9, status = $10, updated_at = $11
          WHERE id = $1`,
  params: [t.uuid, t.text, t.text, t.text, t.text, t.bool, t.bool, t.text, t.text.null, t.text, t.timestamptz],
});

const DELETE = statement({
  label: 'sso_connection_delete',
  text: `DELETE FROM sso_connections WHERE id = $1`,
  params: [t.uuid],
});

/**
 * What a sign-in needs to know of an address, in one statement: its account (if any), the
 * account's membership of the connection's workspace, and which subject of this connection the
 * account is linked to; plus the account the provider's subject is linked to already.
 */
const SIGN_IN_SUBJECTS = statement({
  label: 'sso_sign_in_subjects',
  text: `SELECT u.id, u.email, u.status, m.role, m.status AS membership_status,
                (SELECT si.subject FROM sso_identities si WHERE si.connection_id = $1 AND si.user_id = u.id) AS linked_subject
           FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.workspace_id = $2
          WHERE u.email = $3`,
  params: [t.uuid, t.uuid, t.text],
  row: {
    id: t.uuid,
    email: t.text,
    status: t.text,
    role: t.text.of<OperatorRole>().null,
    membership_status: t.text.null,
    linked_subject: t.text.null,
  },
});

const SUBJECT_ACCOUNT = statement({
  label: 'sso_subject_account',
  text: `SELECT user_id FROM sso_identities WHERE connection_id = $1 AND subject = $2`,
  params: [t.uuid, t.text],
  row: { user_id: t.uuid },
});

/**
 * Links the subject to the account, or notes the sign-in of an existing link. The account's one
 * subject per connection is a unique constraint: a concurrent link of another subject fails.
 */
const LINK = statement({
  label: 'sso_identity_link',
  text: `INSERT INTO sso_identities (connection_id, subject, user_id, inserted_at, last_sign_in_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (connection_id, subject) DO UPDATE SET last_sign_in_at = EXCLUDED.last_sign_in_at
         WHERE sso_identities.user_id = EXCLUDED.user_id
         RETURNING (xmax = 0) AS linked`,
  params: [t.uuid, t.text, t.uuid, t.timestamptz],
  row: { linked: t.bool },
});

/** A just-in-time account: confirmed (the provider vouched for the address) and without a password; none when the address has one. */
const INSERT_ACCOUNT = statement({
  label: 'sso_insert_account',
  text: `INSERT INTO users (email, password_hash, name, confirmed_at) VALUES ($1, NULL, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id`,
  params: [t.text, t.text, t.timestamptz],
  row: { id: t.uuid },
});

const INSERT_MEMBERSHIP = statement({
  label: 'sso_insert_membership',
  text: `INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (user_id, workspace_id) DO NOTHING RETURNING id`,
  params: [t.uuid, t.uuid, t.text.of<OperatorRole>()],
  row: { id: t.uuid },
});

export type SignInSubject = StatementRow<typeof SIGN_IN_SUBJECTS>;

export interface ConnectionValues {
  name: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  enforce: boolean;
  jitProvisioning: boolean;
  defaultRole: SsoDefaultRole;
  emailClaimFallback: SsoEmailClaimFallback | null;
}

/** SQL of SSO connections, their domains and the subjects they signed in. */
@Injectable()
export class SsoConnectionsRepository {
  constructor(private readonly db: Db) {}

  list(workspaceId: string, limit: number): Promise<SsoConnectionRow[]> {
    return this.db.rows(LIST, [workspaceId, limit]);
  }

  find(q: Queryable, workspaceId: string, id: string): Promise<SsoConnectionRow | undefined> {
    return q.maybe(FIND, [id, workspaceId]);
  }

  findById(id: string): Promise<SsoConnectionRow | undefined> {
    return this.db.maybe(FIND_BY_ID, [id]);
  }

  activeByDomain(domain: string): Promise<SsoConnectionRow | undefined> {
    return this.db.maybe(ACTIVE_BY_DOMAIN, [domain]);
  }

  async lockCount(tx: Tx, workspaceId: string): Promise<number> {
    return (await tx.one(LOCK_WORKSPACE_COUNT, [workspaceId])).n;
  }

  async insert(tx: Tx, id: string, workspaceId: string, v: ConnectionValues, domains: readonly string[], now: Date): Promise<void> {
    await tx.run(INSERT, [
      id,
      workspaceId,
      v.name,
      v.issuer,
      v.clientId,
      v.clientSecretSealed,
      v.enforce,
      v.jitProvisioning,
      v.defaultRole,
      v.emailClaimFallback,
      now,
    ]);
    await tx.run(INSERT_DOMAINS, [id, workspaceId, domains]);
  }

  lock(tx: Tx, workspaceId: string, id: string): Promise<SsoConnectionRow | undefined> {
    return tx.maybe(LOCK, [id, workspaceId]);
  }

  async update(
    tx: Tx,
    row: SsoConnectionRow,
    v: ConnectionValues & { status: SsoConnectionStatus },
    domains: readonly string[] | undefined,
    now: Date,
  ): Promise<void> {
    await tx.run(UPDATE, [
      row.id,
      v.name,
      v.issuer,
      v.clientId,
      v.clientSecretSealed,
      v.enforce,
      v.jitProvisioning,
      v.defaultRole,
      v.emailClaimFallback,
      v.status,
      now,
    ]);
    if (domains) {
      await tx.run(DELETE_DOMAINS, [row.id]);
      await tx.run(INSERT_DOMAINS, [row.id, row.workspace_id, domains]);
    }
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.run(DELETE, [id]);
  }

  signInSubject(q: Queryable, connectionId: string, workspaceId: string, email: string): Promise<SignInSubject | undefined> {
    return q.maybe(SIGN_IN_SUBJECTS, [connectionId, workspaceId, email]);
  }

  async subjectAccount(q: Queryable, connectionId: string, subject: string): Promise<string | undefined> {
    return (await q.maybe(SUBJECT_ACCOUNT, [connectionId, subject]))?.user_id;
  }

  /** 'linked' (first sign-in), 'seen' (an existing link), or 'other' (the subject belongs to another account). */
  async link(tx: Tx, connectionId: string, subject: string, userId: string, now: Date): Promise<'linked' | 'seen' | 'other'> {
    const row = await tx.maybe(LINK, [connectionId, subject, userId, now]);
    if (!row) return 'other';
    return row.linked ? 'linked' : 'seen';
  }

  async insertAccount(tx: Tx, email: string, name: string, now: Date): Promise<string | undefined> {
    return (await tx.maybe(INSERT_ACCOUNT, [email, name, now]))?.id;
  }

  async insertMembership(tx: Tx, workspaceId: string, userId: string, role: OperatorRole): Promise<boolean> {
    return (await tx.maybe(INSERT_MEMBERSHIP, [workspaceId, userId, role])) !== undefined;
  }
}
