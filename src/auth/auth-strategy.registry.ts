import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ProviderRegistrations } from '../core/discovery/provider-registrations';
import type { AuthKind, AuthPolicy } from './auth-policy';
import type { Principal } from './principal';
import type { Request } from 'express';

/**
 * The kinds a strategy authenticates: every kind but `public`, which is reached without one, and
 * `api_token`, the second way into operator routes (operator API tokens, chosen by the guard when
 * the request presents one: `OPERATOR_ALTERNATIVE`). Keyed by kind, so a kind added to AuthPolicy
 * does not compile until it is listed here, and the app does not boot until a strategy for it is
 * declared.
 */
const AUTHENTICATED: Record<Exclude<AuthKind, 'public'> | 'api_token', true> = {
  api_token: true,
  metrics: true,
  machine: true,
  operator: true,
  scim: true,
  partner: true,
  engagement: true,
  payments: true,
};
export type StrategyKind = keyof typeof AUTHENTICATED;
export const STRATEGY_KINDS = Object.keys(AUTHENTICATED) as StrategyKind[];

/**
 * One way in (machine, operator session, SCIM, metrics, ...). `authenticate` either returns the
 * principal it identified (the guard sets it on the request) or throws a ProblemError.
 */
export interface AuthStrategy<P extends AuthPolicy = AuthPolicy, R extends Principal = Principal> {
  authenticate(req: Request, policy: P): Promise<R> | R;
}

/** The strategy that serves a policy kind's routes besides its own, for the requests that present its credential. */
export const OPERATOR_ALTERNATIVE = 'api_token' satisfies StrategyKind;

const strategies = new ProviderRegistrations<StrategyKind, AuthStrategy>('auth strategies', 'AuthStrategyFor');

/**
 * Declares the class the strategy of `kind` (it must authenticate that kind's policy);
 * AuthStrategyRegistry finds it at boot.
 */
export const AuthStrategyFor = <K extends StrategyKind>(kind: K) => strategies.decorator<AuthStrategy<PolicyOf<K>>>(kind);

/** The policies a strategy of `K` authenticates (an API token, the operator routes'). */
type PolicyOf<K extends StrategyKind> = Extract<AuthPolicy, { kind: K extends typeof OPERATOR_ALTERNATIVE ? 'operator' : K }>;

/**
 * The strategy of every kind, found at boot by its `@AuthStrategyFor`; the global guard looks them
 * up. The app does not boot unless every kind of STRATEGY_KINDS has exactly one.
 */
@Injectable()
export class AuthStrategyRegistry implements OnModuleInit {
  private strategies: ReadonlyMap<StrategyKind, AuthStrategy> = new Map();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.strategies = new Map(strategies.discover(this.discovery, STRATEGY_KINDS).map((r) => [r.key, r.instance]));
  }

  get(kind: StrategyKind): AuthStrategy | undefined {
    return this.strategies.get(kind);
  }

  /** The kinds with a registered strategy (the route walk checks every route against them). */
  kinds(): StrategyKind[] {
    return [...this.strategies.keys()];
  }
}
