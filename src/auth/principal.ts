import type { RateLimitSubject } from '../rate-limit';
import type { AuthKind } from './auth-policy';
import type { CredentialScope } from './scopes';
import type { Request } from 'express';

/**
 * The one authentication result. Every strategy returns a principal; the global guard sets it on
 * the request (`req.principal`) in one place and rate-limits it when the route's policy asks.
 * Features extend it with what they identify (MachinePrincipal in credentials/, OperatorPrincipal
 * in sessions/) and read it back through their own param decorators (`@CurrentMachine()`,
 * `@CurrentOperator()`, `@WorkspaceOperator()`).
 */
export interface Principal {
  readonly kind: Exclude<AuthKind, 'public'>;
  /** The workspace the request acts on, taken from authentication only; null when none. */
  readonly workspaceId: string | null;
  /** What the credential may do (each kind narrows it to its own scopes); empty for kinds without scopes (operator, metrics). */
  readonly scopes: readonly CredentialScope[];
  /** Whom the rate limit counts the request against, for kinds whose policies rate-limit. */
  readonly rateLimitSubject: RateLimitSubject | null;
}

export type RequestWithPrincipal<P extends Principal = Principal> = Request & { principal?: P };

/** The principal of a request, checked to be of the kind a param decorator expects. */
export function principalOf<P extends Principal>(req: RequestWithPrincipal, kind: P['kind'], decorator: string): P {
  const principal = req.principal;
  if (!principal || principal.kind !== kind) {
    throw new Error(`${decorator} used on a route whose policy is not ${kind} authentication`);
  }
  return principal as P;
}
