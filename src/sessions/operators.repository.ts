import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement, type StatementRow } from '../core/database/statement';
import type { AuditedAccount } from './member-audit';

/** The workspaces an account is an active member of, oldest membership first: where its session events go (ADR 0240). */
const ACTIVE_WORKSPACE_IDS = (user: string) =>
  `COALESCE((SELECT array_agg(m.workspace_id ORDER BY m.inserted_at, m.workspace_id) FROM memberships m
              WHERE m.user_id = ${user} AND m.status = 'active'), '{}'::uuid[])`;

/** Whether the account has a second factor: a confirmed TOTP or a passkey. */
const HAS_SECOND_FACTOR = (user: string) =>
  `(EXISTS (SELECT 1 FROM user_totp tp WHERE tp.user_id = ${user} AND tp.confirmed_at IS NOT NULL)
     OR EXISTS (SELECT 1 FROM webauthn_credentials wc WHERE wc.user_id = ${user}))`;

/**
 * The account is a member, other than an owner, of a workspace whose active connection enforces
 * single sign-on for the account's domain (API.md Part 3: such members cannot log in with a
 * password; owners keep it as the way back in).
 */
const SSO_ENFORCED = (user: string, email: string) =>
  `EXISTS (SELECT 1 FROM sso_connection_domains d JOIN sso_connections c ON c.id = d.connection_id
            JOIN memberships m ON m.workspace_id = c.workspace_id AND m.user_id = ${user}
           WHERE d.domain = split_part(${email}, '@', 2) AND c.enforce AND c.status = 'active' AND m.role <> 'owner')`;

/**
 * The account of an email in any state, with its password hash (login checks both) and the
 * workspaces its log-in events go to: one statement whether or not the account exists, so a
 * failure's event costs the answer no extra round trip.
 */
const accountForLogin = (label: string, where: string, param: typeof t.text) =>
  statement({
    label,
    text: `SELECT u.id, u.email, u.password_hash, u.status, ${ACTIVE_WORKSPACE_IDS('u.id')} AS workspace_ids,
                  ${HAS_SECOND_FACTOR('u.id')} AS has_second_factor, ${SSO_ENFORCED('u.id', 'u.email')} AS sso_enforced
             FROM users u WHERE ${where}`,
    params: [param],
    row: {
      id: t.uuid,
      email: t.text,
      password_hash: t.text.null,
      status: t.text,
      workspace_ids: t.uuidArray,
      has_second_factor: t.bool,
      sso_enforced: t.bool,
    },
  });
const ACCOUNT_FOR_LOGIN = accountForLogin('operator_account_for_login', 'u.email = $1', t.text);

/** The same account by id: a second-factor step or a re-check reads it again when it completes (a reset or a suspension since ends it). */
const ACCOUNT_BY_ID = accountForLogin('operator_account_by_id', 'u.id = $1', t.uuid);

/** An account as log-in reads it. */
export interface LoginAccount extends AuditedAccount {
  passwordHash: string | null;
  status: string;
  /** A confirmed TOTP or a passkey: a correct password then starts the second-factor step, not a session. */
  hasSecondFactor: boolean;
  /** A member (not an owner) of a workspace enforcing SSO for this address's domain: no password log-in. */
  ssoEnforced: boolean;
}

const loginAccount = (row: StatementRow<typeof ACCOUNT_FOR_LOGIN>): LoginAccount => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  status: row.status,
  workspaceIds: row.workspace_ids,
  hasSecondFactor: row.has_second_factor,
  ssoEnforced: row.sso_enforced,
});

/** Whether an active connection enforcing SSO holds this domain: the log-in form then points there for every failure (an account or not). */
const DOMAIN_ENFORCES_SSO = statement({
  label: 'operator_domain_enforces_sso',
  text: `SELECT EXISTS (SELECT 1 FROM sso_connection_domains d JOIN sso_connections c ON c.id = d.connection_id
                     WHERE d.domain = $1 AND c.enforce AND c.status = 'active') AS enforced`,
  params: [t.text],
  row: { enforced: t.bool },
});

/** An account's address and active workspaces (its audit events' label and workspaces). */
const AUDITED_ACCOUNT = statement({
  label: 'operator_audited_account',
  text: `SELECT u.email, ${ACTIVE_WORKSPACE_IDS('u.id')} AS workspace_ids FROM users u WHERE u.id = $1`,
  params: [t.uuid],
  row: { email: t.text, workspace_ids: t.uuidArray },
});

const ACTIVE_ACCOUNT_BY_EMAIL = statement({
  label: 'operator_active_account_by_email',
  text: `SELECT id, email FROM users WHERE email = $1 AND status = 'active'`,
  params: [t.text],
  row: { id: t.uuid, email: t.text },
});

/** Sets the password; an unconfirmed account becomes confirmed at `now`. */
const UPDATE_PASSWORD = statement({
  label: 'operator_update_password',
  text: `UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3), updated_at = now() WHERE id = $1`,
  params: [t.uuid, t.text, t.timestamptz],
});

/** SQL for the operator accounts sessions sign in: users and their memberships. */
@Injectable()
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  /** See ACCOUNT_FOR_LOGIN. */
  async findByEmailForLogin(email: string): Promise<LoginAccount | undefined> {
    const row = await this.db.maybe(ACCOUNT_FOR_LOGIN, [email]);
    return row && loginAccount(row);
  }

  async domainEnforcesSso(domain: string): Promise<boolean> {
    return (await this.db.one(DOMAIN_ENFORCES_SSO, [domain])).enforced;
  }

  /** See ACCOUNT_BY_ID. */
  async findByIdForLogin(userId: string): Promise<LoginAccount | undefined> {
    const row = await this.db.maybe(ACCOUNT_BY_ID, [userId]);
    return row && loginAccount(row);
  }

  /** The account as its audit events name it (in `q`'s transaction); undefined when there is none. */
  async auditedAccount(q: Queryable, userId: string): Promise<AuditedAccount | undefined> {
    const row = await q.maybe(AUDITED_ACCOUNT, [userId]);
    return row && { id: userId, email: row.email, workspaceIds: row.workspace_ids };
  }

  findActiveByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db.maybe(ACTIVE_ACCOUNT_BY_EMAIL, [email]);
  }

  /** Sets the password; an unconfirmed account becomes confirmed at `now`. */
  async updatePassword(tx: Tx, userId: string, passwordHash: string, now: Date): Promise<void> {
    await tx.run(UPDATE_PASSWORD, [userId, passwordHash, now]);
  }
}
