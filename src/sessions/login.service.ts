import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Db } from '../core/database/db.service';
import { PasswordHasher } from '../identity';
import { LoginThrottleService } from './login-throttle.service';
import { accountActor, accountTarget, type AuditedAccount, MemberAudit } from './member-audit';
import { MfaPendingStore } from './mfa-pending.store';
import { OperatorsRepository } from './operators.repository';
import { SessionsService } from './sessions.service';
import type { AuditActor } from '../auth';

export type LoginOutcome =
  | { ok: true; token: string; actor: AuditActor }
  /** The password was right and the account has a second factor: no session yet, a pending step (its token). */
  | { ok: 'mfa'; pendingToken: string }
  /**
   * The address's domain enforces single sign-on: every failure says so (whether or not an
   * account exists), and so does the right password of a member the enforcement binds.
   */
  | { ok: 'sso' }
  | { ok: false };

/**
 * Password login. Unknown addresses, suspended accounts, accounts without a password (created by
 * SCIM, until their owner sets one through forgot-password) and wrong passwords are one outcome,
 * and cost one bcrypt each (a dummy hash stands in for a missing one), so neither the answer nor
 * its timing tells whether an account exists. Throttles may refuse with LoginThrottled.
 *
 * Audit (ADR 0240): a success writes `member.login` in the session's transaction; a failure of an
 * existing account writes `member.login` with outcome `failure`, issued without the answer waiting
 * for it (the account and its workspaces came with the one lookup every attempt makes), so a
 * failure answers as an unknown address does, which writes nothing.
 */
@Injectable()
export class LoginService implements OnModuleInit {
  private readonly logger = new Logger(LoginService.name);
  private dummyHash = '';

  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionsService,
    private readonly audit: MemberAudit,
    private readonly pending: MfaPendingStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.passwords.hash('dummy password for timing equalisation');
  }

  async login(
    email: string,
    password: string,
    client: { ipBucket: string; ip: string; userAgent?: string; rememberMe: boolean; returnTo?: string },
  ): Promise<LoginOutcome> {
    const slot = await this.throttle.admit(email, client.ipBucket);
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const [user, domainEnforced] = email
      ? await Promise.all([this.operators.findByEmailForLogin(email), domain ? this.operators.domainEnforcesSso(domain) : false])
      : [undefined, false];
    const hash = user?.passwordHash ?? null;
    const matches = await this.passwords.verify(password, hash ?? this.dummyHash);
    if (!user || hash === null || !matches || user.status !== 'active') {
      if (user) this.recordFailure(user);
      await this.throttle.recordFailure(email, client.ipBucket, slot);
      return domainEnforced ? { ok: 'sso' } : { ok: false };
    }
    if (user.ssoEnforced) {
      // the right password, but the workspace signs its members in through its provider only
      await this.throttle.recordSuccess(email, client.ipBucket);
      return { ok: 'sso' };
    }
    if (user.hasSecondFactor) {
      // No session: the second factor completes the log-in (SecondFactorService.complete). The
      // identity's throttle slot stays counted until it does (ADR 0249).
      const pendingToken = await this.pending.create({
        userId: user.id,
        rememberMe: client.rememberMe,
        returnTo: client.returnTo,
        userAgent: client.userAgent,
        passwordHash: hash,
      });
      await this.throttle.passwordVerified(client.ipBucket);
      return { ok: 'mfa', pendingToken };
    }
    await this.throttle.recordSuccess(email, client.ipBucket);
    const { token } = await this.db.transaction((tx) => this.sessions.logIn(tx, user, client));
    return { ok: true, token, actor: accountActor(user) };
  }

  /**
   * The failure's events, each on its own (there is no change to commit them with), and the
   * answer does not wait for them: a slow or failing insert must not make an existing account's
   * failure answer otherwise than an unknown address's. Issued now, while the request is being
   * answered, so they carry its address, user agent and request id.
   */
  private recordFailure(user: AuditedAccount): void {
    this.audit
      .record(this.db, user.workspaceIds, {
        action: 'member.login',
        outcome: 'failure',
        target: accountTarget(user),
        actor: accountActor(user),
      })
      .catch((err: unknown) => this.logger.warn(`a failed log-in of ${user.id} was not audited: ${(err as Error).message}`));
  }
}
