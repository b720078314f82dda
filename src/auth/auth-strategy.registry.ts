import { Injectable } from '@nestjs/common';
import type { AuthKind, AuthPolicy } from './auth-policy';
import type { Principal } from './principal';
import type { Request } from 'express';

/**
 * One way in (machine, operator session, SCIM, metrics, ...). `authenticate` either returns the
 * principal it identified (the guard sets it on the request) or throws a ProblemError.
 */
export interface AuthStrategy<P extends AuthPolicy = AuthPolicy, R extends Principal = Principal> {
  readonly kind: P['kind'];
  authenticate(req: Request, policy: P): Promise<R> | R;
}

/** Feature modules register their strategy here at start-up; the global guard looks them up. */
@Injectable()
export class AuthStrategyRegistry {
  private readonly strategies = new Map<AuthKind, AuthStrategy>();

  register<P extends AuthPolicy, R extends Principal>(strategy: AuthStrategy<P, R>): void {
    if (this.strategies.has(strategy.kind)) throw new Error(`auth strategy "${strategy.kind}" registered twice`);
    this.strategies.set(strategy.kind, strategy);
  }

  get(kind: AuthKind): AuthStrategy | undefined {
    return this.strategies.get(kind);
  }

  /** The kinds with a registered strategy (the route walk checks every route against them). */
  kinds(): AuthKind[] {
    return [...this.strategies.keys()];
  }
}
