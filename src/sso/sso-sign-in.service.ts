import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { constantTimeEqual } from '../core/common/crypto/secrets';
import { Db, type Tx } from '../core/database/db.service';
import { nameFromEmail } from '../register';
import { accountActor, accountTarget, SessionsService } from '../sessions';
import { type IdTokenClaims, OidcClient, SignInRejected } from './oidc-client';
import { type SignInSubject, type SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository';
import { type SsoFlow, SsoFlowStore } from './sso-flow.store';
import type { AuditActor } from '../auth';

/** Where a refused sign-in ends: 400 (the answer failed a check) or 403 (the person may not sign in here). */
export class SignInRefused extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** What a test sign-in found: the provider's identity and what a real sign-in would do with it. */
export interface TestSignInReport {
  connection: { id: string; name: string };
  subject: string;
  email: string;
  claimUsed: string;
  outcome: string;
  claims: Record<string, unknown>;
}

export type CallbackOutcome =
  { kind: 'signed_in'; token: string; actor: AuditActor; returnTo?: string } | { kind: 'test'; report: TestSignInReport; testBy: string };

/** The same words whether the address has no account or an account that is not a member: the provider authenticated the person, but nothing more is said. */
const NOT_A_MEMBER = 'There is no member of this workspace with that address. Ask an owner of the workspace to invite you.';

/**
 * A sign-in through single sign-on (API.md Part 3), from its start to the session:
 *
 * - start: a state, a nonce and a PKCE verifier, kept in Redis under the browser's flow cookie,
 *   and the provider's authorization URL;
 * - callback: the flow taken once, the code exchanged and the ID token verified (OidcClient), the
 *   address read (`email`, or the connection's fallback claim), refused when `email_verified` is
 *   false or its domain is not the connection's; then, in one transaction, the member of the
 *   connection's workspace with that address (linked to the provider's subject at its first
 *   sign-in), or a new one with just-in-time provisioning, signed in with `auth_method: sso`.
 *
 * An account that is not a member of the connection's workspace is never signed in or linked: a
 * rogue workspace's provider cannot take over another workspace's user (ADR 0254).
 */
@Injectable()
export class SsoSignInService {
  constructor(
    private readonly db: Db,
    private readonly repo: SsoConnectionsRepository,
    private readonly oidc: OidcClient,
    private readonly flows: SsoFlowStore,
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** The provider's URL and the flow cookie's value; throws ProviderUnavailable when discovery fails. */
  async start(conn: SsoConnectionRow, opts: { returnTo?: string; testBy?: string }): Promise<{ location: string; flowToken: string }> {
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const location = await this.oidc.authorizationUrl(conn, { state, nonce, codeVerifier });
    const flowToken = await this.flows.create({
      connectionId: conn.id,
      state,
      nonce,
      codeVerifier,
      returnTo: opts.returnTo,
      testBy: opts.testBy,
    });
    return { location: location.href, flowToken };
  }

  /**
   * The provider's redirect back: signs the member in (or reports a test sign-in). Throws
   * SignInRefused (400/403) or ProviderUnavailable (503).
   */
  async callback(
    flowToken: string | undefined,
    callbackUrl: URL,
    client: { ip?: string; userAgent?: string; testerId?: string },
  ): Promise<CallbackOutcome> {
    const flow = await this.flows.take(flowToken);
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (!flow || !constantTimeEqual(state, flow.state)) {
      throw new SignInRefused(400, 'This sign-in was not started in this browser, was used already or took too long. Start it again.');
    }
    const conn = await this.repo.findById(flow.connectionId);
    if (!conn || (conn.status !== 'active' && !flow.testBy)) {
      throw new SignInRefused(400, 'This single sign-on connection is no longer active.');
    }
    if (flow.testBy && flow.testBy !== client.testerId) {
      throw new SignInRefused(400, 'A test sign-in ends in the browser session of the owner who started it.');
    }
    let claims: IdTokenClaims;
    try {
      claims = await this.oidc.exchange(conn, callbackUrl, flow);
    } catch (err) {
      if (err instanceof SignInRejected) throw new SignInRefused(400, `The identity provider's answer was refused: ${err.message}`);
      throw err;
    }
    const { email, claim } = this.addressOf(conn, claims);
    if (flow.testBy) return { kind: 'test', testBy: flow.testBy, report: await this.report(conn, claims, email, claim) };
    return this.signIn(conn, flow, claims.sub, email, client);
  }

  /** The address the provider vouches for, checked against the connection's domains. */
  private addressOf(conn: SsoConnectionRow, claims: IdTokenClaims): { email: string; claim: string } {
    if (claims.email_verified === false || claims.email_verified === 'false') {
      throw new SignInRefused(400, 'The identity provider says this address is not verified (email_verified is false).');
    }
    let claim = 'email';
    let raw = claims.email;
    if ((typeof raw !== 'string' || raw === '') && conn.email_claim_fallback) {
      claim = conn.email_claim_fallback;
      raw = claims[claim];
    }
    if (typeof raw !== 'string' || !raw.includes('@')) {
      throw new SignInRefused(
        400,
        conn.email_claim_fallback
          ? `The identity provider sent neither an email claim nor ${conn.email_claim_fallback}.`
          : 'The identity provider sent no email claim (the connection can read preferred_username or upn instead).',
      );
    }
    const email = raw.trim().toLowerCase();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!conn.domains.includes(domain)) {
      throw new SignInRefused(403, `The identity provider signed in ${email}, which is not in this connection's domains.`);
    }
    return { email, claim };
  }

  private async signIn(
    conn: SsoConnectionRow,
    flow: SsoFlow,
    subject: string,
    email: string,
    client: { ip?: string; userAgent?: string },
  ): Promise<CallbackOutcome> {
    const now = this.clock.date();
    return this.db.transaction(async (tx) => {
      const linkedTo = await this.repo.subjectAccount(tx, conn.id, subject);
      const found = await this.repo.signInSubject(tx, conn.id, conn.workspace_id, email);
      const decision = decide(conn, subject, linkedTo, found);
      if (decision.kind === 'refuse') throw new SignInRefused(403, REFUSALS[decision.why]);
      const userId = decision.kind === 'provision' ? await this.provision(tx, conn, email, now) : decision.account.id;
      const linked = await this.repo.link(tx, conn.id, subject, userId, now);
      if (linked === 'other') throw new SignInRefused(403, 'This identity-provider account is linked to another account.');
      const session = await this.sessions.logInBySso(tx, userId, client, conn.id);
      return { kind: 'signed_in', token: session.token, actor: session.actor, returnTo: flow.returnTo };
    });
  }

  /**
   * Just-in-time provisioning of an address without an account: a confirmed account without a
   * password and a `default_role` membership, with its `member.sso_provision` event by the new member.
   * The new account's id.
   */
  private async provision(tx: Tx, conn: SsoConnectionRow, email: string, now: Date): Promise<string> {
    const userId = await this.repo.insertAccount(tx, email, nameFromEmail(email), now);
    // the address got an account meanwhile (another sign-in, a registration): try again, it is then a member or not
    if (!userId) throw new SignInRefused(400, 'That address got an account at the same moment. Sign in again.');
    await this.repo.insertMembership(tx, conn.workspace_id, userId, conn.default_role);
    await this.audit.record(tx, {
      workspaceId: conn.workspace_id,
      action: 'member.sso_provision',
      target: accountTarget({ id: userId, email }),
      changes: { role: [null, conn.default_role], sso_connection_id: [null, conn.id] },
      actor: accountActor({ id: userId, email }),
    });
    return userId;
  }

  private async report(conn: SsoConnectionRow, claims: IdTokenClaims, email: string, claim: string): Promise<TestSignInReport> {
    const [linkedTo, account] = await Promise.all([
      this.repo.subjectAccount(this.db, conn.id, claims.sub),
      this.repo.signInSubject(this.db, conn.id, conn.workspace_id, email),
    ]);
    const decision = decide(conn, claims.sub, linkedTo, account);
    let outcome =
      decision.kind === 'refuse'
        ? `refused: ${TEST_REFUSALS[decision.why]}`
        : decision.kind === 'provision'
          ? `would create an account and make it a member (${conn.default_role})`
          : `would sign in ${decision.account.email} (${decision.account.role})`;
    if (conn.status !== 'active') outcome += '; the connection is disabled, so nobody signs in through it now';
    return {
      connection: { id: conn.id, name: conn.name },
      subject: claims.sub,
      email,
      claimUsed: claim,
      outcome,
      claims: shownClaims(claims),
    };
  }
}

/** Why a sign-in is refused once the address passed its checks. */
type Refusal = 'subject_elsewhere' | 'not_a_member' | 'no_account' | 'suspended' | 'other_subject';

/** The rules of ADR 0254 on what the provider asserted and what the database holds: what a sign-in (and a test sign-in) does. */
type Decision = { kind: 'refuse'; why: Refusal } | { kind: 'provision' } | { kind: 'sign_in'; account: SignInSubject };

function decide(conn: SsoConnectionRow, subject: string, linkedTo: string | undefined, account: SignInSubject | undefined): Decision {
  if (linkedTo && linkedTo !== account?.id) return { kind: 'refuse', why: 'subject_elsewhere' };
  // an account that is not a member here is never signed in or linked, with or without JIT
  if (account && account.role === null) return { kind: 'refuse', why: 'not_a_member' };
  if (!account) return conn.jit_provisioning ? { kind: 'provision' } : { kind: 'refuse', why: 'no_account' };
  // SCIM suspension of the account or its membership
  if (account.status !== 'active' || account.membership_status !== 'active') return { kind: 'refuse', why: 'suspended' };
  if (account.linked_subject && account.linked_subject !== subject) return { kind: 'refuse', why: 'other_subject' };
  return { kind: 'sign_in', account };
}

/** The refusal pages' words; "no account" and "not a member" read alike. */
const REFUSALS: Record<Refusal, string> = {
  subject_elsewhere: 'This identity-provider account signed in as another address before. An owner can check the connection.',
  not_a_member: NOT_A_MEMBER,
  no_account: NOT_A_MEMBER,
  suspended: 'This account or its membership of the workspace is suspended.',
  other_subject: 'This account is linked to another identity-provider account.',
};

/** What a test sign-in tells the owner (who may know which case it is). */
const TEST_REFUSALS: Record<Refusal, string> = {
  subject_elsewhere: 'this provider account signed in as another address before',
  not_a_member: 'the account with that address is not a member of this workspace',
  no_account: 'no account has that address (just-in-time provisioning is off)',
  suspended: 'the account or its membership is suspended',
  other_subject: 'the account is linked to another provider account',
};

/** The claims a test sign-in shows: identity claims only (never a token, a nonce or a hash). */
function shownClaims(claims: IdTokenClaims): Record<string, unknown> {
  const keep = ['iss', 'sub', 'aud', 'email', 'email_verified', 'name', 'preferred_username', 'upn', 'tid', 'oid'];
  return Object.fromEntries(keep.filter((k) => claims[k] !== undefined).map((k) => [k, claims[k]]));
}
