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
/** Who did something, as the audit log records it (API.md Part 3 "Audit log"). */
export const AUDIT_ACTOR_TYPES = ['user', 'api_token', 'scim_token', 'partner', 'service_agent', 'platform_admin', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The actor of an audit event: built by the strategy that authenticated the request, never by a route. */
export interface AuditActor {
  readonly type: AuditActorType;
  readonly id: string | null;
  readonly label: string | null;
}

/** The actor of work no one asked for in a request (jobs, sweeps, retention). */
export const SYSTEM_ACTOR: AuditActor = Object.freeze({ type: 'system', id: null, label: null });

export interface Principal {
  readonly kind: Exclude<AuthKind, 'public'>;
  /** The workspace the request acts on, taken from authentication only; null when none. */
  readonly workspaceId: string | null;
  /** What the credential may do (each kind narrows it to its own scopes); empty for kinds without scopes (operator, metrics). */
  readonly scopes: readonly CredentialScope[];
  /** Whom the rate limit counts the request against, for kinds whose policies rate-limit. */
  readonly rateLimitSubject: RateLimitSubject | null;
  /** Who the audit log says acted (null for kinds that change nothing: the metrics scraper). */
  readonly actor: AuditActor | null;
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
