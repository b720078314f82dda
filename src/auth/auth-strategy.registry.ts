import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthKind, AuthPolicy } from './auth-policy';

/**
 * One way in (machine, operator session, SCIM, metrics, ...). `authenticate` either resolves,
 * having attached what it identified to the request, or throws a ProblemError.
 */
export interface AuthStrategy<P extends AuthPolicy = AuthPolicy> {
  readonly kind: P['kind'];
  authenticate(req: Request, policy: P): Promise<void> | void;
}

/** Feature modules register their strategy here at start-up; the global guard looks them up. */
@Injectable()
export class AuthStrategyRegistry {
  private readonly strategies = new Map<AuthKind, AuthStrategy>();

  register<P extends AuthPolicy>(strategy: AuthStrategy<P>): void {
    if (this.strategies.has(strategy.kind)) throw new Error(`auth strategy "${strategy.kind}" registered twice`);
    this.strategies.set(strategy.kind, strategy as unknown as AuthStrategy);
  }

  get(kind: AuthKind): AuthStrategy | undefined {
    return this.strategies.get(kind);
  }
}
