import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { constantTimeEqual } from '../core/common/crypto/secrets';
import { Db, type Tx } from '../core/database/db.service';
import { PasswordHasher } from '../identity';
import { LoginThrottleService } from './login-throttle.service';
import { accountActor, accountTarget, type AuditedAccount, MemberAudit } from './member-audit';
import { MfaPendingStore } from './mfa-pending.store';
import { type LoginAccount, OperatorsRepository } from './operators.repository';
import { MFA_MAX_WRONG_CODES } from './session.constants';
import { SessionsService } from './sessions.service';
import type { AuditActor } from '../auth';
import type { OperatorPrincipal } from './operator-principal';

/**
 * A second factor presented by a client, checked by the feature that owns it (src/mfa for TOTP
 * and recovery codes; passkeys add theirs). `verify` runs in the transaction that starts the
 * session (or renews it), so whatever it consumes (a TOTP step, a recovery code, a passkey's
 * counter) is consumed exactly when the log-in happens: a failure after it rolls it back.
 */
export interface FactorCheck {
  /** Named in the audit event: `totp`, `recovery_code`, `webauthn`. */
  readonly kind: string;
  verify(tx: Tx, userId: string): Promise<boolean>;
}

/** The client of the request: throttles key on its IP bucket, the pending step on its user agent. */
export interface StepClient {
  ip: string;
  ipBucket: string;
  userAgent?: string;
}

export type SecondFactorOutcome =
  | { ok: true; token: string; actor: AuditActor; rememberMe: boolean; returnTo: string | undefined }
  /** `wrong`: the factor did not match and the step goes on; `ended`: there is no step any more (log in again). */
  | { ok: false; reason: 'wrong' | 'ended' };

/** The proof a re-check takes: the password, or a second factor. */
export type Proof = { password: string } | { factor: FactorCheck };

/** Thrown inside the session's transaction when the step was taken by another request: rolls back what the check consumed. */
class StepGone extends Error {}

/**
 * The second half of a log-in (API.md Part 3 "Second factor"), and "recent authentication"'s
 * re-check. Both count what is wrong in the per-identity login throttle of SPEC.md, so password
 * and code guesses share one limit (ADR 0249).
 */
@Injectable()
export class SecondFactorService {
  private readonly logger = new Logger(SecondFactorService.name);

  constructor(
    private readonly db: Db,
    private readonly pending: MfaPendingStore,
    private readonly operators: OperatorsRepository,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordHasher,
    private readonly audit: MemberAudit,
    private readonly clock: Clock,
  ) {}

  /**
   * The user of a live pending step for this browser, or undefined. For pages and for a factor
   * that needs the user before it can be checked (a passkey's options).
   */
  async pendingUser(token: string | undefined, userAgent: string | undefined): Promise<string | undefined> {
    return (await this.pending.read(token, userAgent))?.userId;
  }

  /**
   * Completes a pending log-in with a second factor: the one function every factor goes
   * through. The step must be live, for this browser; the account is read again (a suspended
   * account, or one whose password was reset since, ends the step). The attempt takes a slot of
   * the login throttles (429 when refused). Then, in one transaction: `check.verify`, the step
   * taken atomically (of concurrent correct attempts, one wins), the session started (password,
   * mfa, remember-me as asked) and `member.login` written. A wrong factor counts against the
   * step (the 5th ends it) and the throttle, and writes `member.login` failure without waiting.
   */
  async complete(token: string | undefined, client: StepClient, check: FactorCheck): Promise<SecondFactorOutcome> {
    const step = await this.pending.read(token, client.userAgent);
    if (!token || !step) return { ok: false, reason: 'ended' };
    const account = await this.operators.findByIdForLogin(step.userId);
    if (!account || !this.stillValid(account, step.password)) {
      await this.pending.end(token);
      return { ok: false, reason: 'ended' };
    }
    const slot = await this.throttle.admit(account.email, client.ipBucket);
    let started: { token: string; sessionId: string } | undefined;
    let taken: Awaited<ReturnType<MfaPendingStore['take']>>;
    try {
      started = await this.db.transaction(async (tx) => {
        if (!(await check.verify(tx, account.id))) return undefined;
        taken = await this.pending.take(token, client.userAgent);
        if (!taken) throw new StepGone();
        return this.sessions.logIn(tx, account, { ...client, rememberMe: taken.rememberMe }, check.kind);
      });
    } catch (err) {
      if (err instanceof StepGone) return { ok: false, reason: 'ended' };
      throw err;
    }
    if (!started || !taken) {
      this.recordFailure(account, 'member.login', accountTarget(account), check.kind);
      const wrong = await this.pending.wrongCode(token);
      await this.throttle.recordFailure(account.email, client.ipBucket, slot);
      return { ok: false, reason: wrong < 0 || wrong >= MFA_MAX_WRONG_CODES ? 'ended' : 'wrong' };
    }
    await this.throttle.recordSuccess(account.email, client.ipBucket);
    return { ok: true, token: started.token, actor: accountActor(account), rememberMe: taken.rememberMe, returnTo: taken.returnTo };
  }

  /**
   * "Recent authentication"'s re-check (API.md Part 3) on the operator's current session: the
   * password or a second factor. Counted in the login throttle like a log-in (429 when refused);
   * a pass renews the session's `authenticated_at` (and `mfa` for a factor) with a
   * `session.reauthenticate` event; a failure writes that event with outcome failure, without
   * waiting. Returns whether it passed.
   */
  async reauthenticate(op: OperatorPrincipal, client: StepClient, proof: Proof): Promise<boolean> {
    const account = await this.operators.findByIdForLogin(op.userId);
    if (!account) return false;
    const slot = await this.throttle.admit(account.email, client.ipBucket);
    const kind = 'password' in proof ? 'password' : proof.factor.kind;
    // bcrypt outside the transaction: no connection is held while it runs
    const passwordOk =
      'password' in proof && account.passwordHash !== null && (await this.passwords.verify(proof.password, account.passwordHash));
    const passed = await this.db.transaction(async (tx) => {
      if ('factor' in proof ? !(await proof.factor.verify(tx, account.id)) : !passwordOk) return false;
      if (!(await this.sessions.markAuthenticated(tx, op.sessionId, 'factor' in proof))) return false;
      await this.audit.record(tx, account.workspaceIds, {
        action: 'session.reauthenticate',
        target: { type: 'session', id: op.sessionId },
        changes: { authenticated_at: [op.auth.authenticatedAt.toISOString(), this.clock.date().toISOString()], method: [null, kind] },
        actor: accountActor(account),
      });
      return true;
    });
    if (!passed) {
      this.recordFailure(account, 'session.reauthenticate', { type: 'session', id: op.sessionId }, kind);
      await this.throttle.recordFailure(account.email, client.ipBucket, slot);
      return false;
    }
    await this.throttle.recordSuccess(account.email, client.ipBucket);
    return true;
  }

  /** The account may still complete a step started with the password whose fingerprint is `password`. */
  private stillValid(account: LoginAccount, password: string): boolean {
    return (
      account.status === 'active' &&
      account.hasSecondFactor &&
      constantTimeEqual(password, this.pending.passwordFingerprint(account.passwordHash))
    );
  }

  /** Like a wrong password's event (ADR 0240): issued now, not waited for. */
  private recordFailure(
    account: AuditedAccount,
    action: 'member.login' | 'session.reauthenticate',
    target: { type: string; id: string; label?: string },
    kind: string,
  ): void {
    this.audit
      .record(this.db, account.workspaceIds, {
        action,
        outcome: 'failure',
        target,
        changes: { method: [null, kind] },
        actor: accountActor(account),
      })
      .catch((err: unknown) => this.logger.warn(`a failed ${action} of ${account.id} was not audited: ${(err as Error).message}`));
  }
}
