import { Injectable, OnModuleInit } from '@nestjs/common';
import { PasswordHasher } from '../identity';
import { LoginThrottleService } from './login-throttle.service';
import { OperatorsRepository } from './operators.repository';
import { SessionsService } from './sessions.service';

export type LoginOutcome = { ok: true; token: string } | { ok: false };

/**
 * Password login. Unknown addresses, suspended accounts, accounts without a password (created by
 * SCIM, until their owner sets one through forgot-password) and wrong passwords are one outcome,
 * and cost one bcrypt each (a dummy hash stands in for a missing one), so neither the answer nor
 * its timing tells whether an account exists. Throttles may refuse with LoginThrottled.
 */
@Injectable()
export class LoginService implements OnModuleInit {
  private dummyHash = '';

  constructor(
    private readonly operators: OperatorsRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionsService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.passwords.hash('dummy password for timing equalisation');
  }

  async login(email: string, password: string, client: { ipBucket: string; ip: string; userAgent?: string }): Promise<LoginOutcome> {
    const slot = await this.throttle.admit(email, client.ipBucket);
    const user = email ? await this.operators.findByEmailForLogin(email) : undefined;
    const hash = user?.password_hash ?? null;
    const matches = await this.passwords.verify(password, hash ?? this.dummyHash);
    if (!user || hash === null || !matches || user.status !== 'active') {
      await this.throttle.recordFailure(email, client.ipBucket, slot);
      return { ok: false };
    }
    await this.throttle.recordSuccess(email, client.ipBucket);
    const token = await this.sessions.create(user.id, { ip: client.ip, userAgent: client.userAgent });
    return { ok: true, token };
  }
}
