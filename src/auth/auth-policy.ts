import { applyDecorators, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ProblemDto } from '../core/common/problem/problem.dto';

export const AUTH_POLICY = 'auth:policy';

export type OperatorRole = 'owner' | 'admin' | 'member';

/** How a machine-plane route is counted by the rate limiter (SPEC.md Limits). */
export type RateLimitBucket = 'credential' | 'ip' | 'none';

/** How a route is reached. Every route declares exactly one; the global guard denies the rest. */
export type AuthPolicy =
  | { kind: 'public'; rateLimit: RateLimitBucket }
  | { kind: 'metrics' }
  | { kind: 'machine'; scopes: readonly string[] }
  | { kind: 'operator'; role?: OperatorRole; platformAdmin?: boolean; page?: boolean }
  | { kind: 'scim' }
  | { kind: 'partner' }
  | { kind: 'engagement' };

export type AuthKind = AuthPolicy['kind'];

const problem = { type: ProblemDto, description: 'problem body (application/problem+json)' };
const policy = (p: AuthPolicy, ...docs: (ClassDecorator & MethodDecorator)[]) =>
  applyDecorators(SetMetadata(AUTH_POLICY, p), ...(docs as MethodDecorator[]));

/** Reachable without credentials (probes, login pages). Not counted by the machine rate limit. */
export const Public = () => policy({ kind: 'public', rateLimit: 'none' });
/**
 * Unauthenticated machine bootstrap routes (register, token exchange, enrollment claim):
 * reachable without credentials, counted per client IP by the machine rate limit.
 */
export const MachineBootstrap = () =>
  policy({ kind: 'public', rateLimit: 'ip' }, ApiTooManyRequestsResponse(problem));
/** Reachable with the metrics bearer token only. */
export const MetricsAuth = () => policy({ kind: 'metrics' }, ApiBearerAuth('metrics'));
/** Machine credential (agk_ key or access token) holding every listed scope; counted per credential. */
export const MachineAuth = (...scopes: string[]) =>
  policy(
    { kind: 'machine', scopes },
    ApiBearerAuth('machine'),
    ApiSecurity('agent-api-key'),
    ApiUnauthorizedResponse(problem),
    ApiForbiddenResponse({ ...problem, description: 'insufficient scope, inactive agent or refused workspace' }),
    ApiTooManyRequestsResponse(problem),
  );
/** Operator browser session, optionally with a minimum workspace role or platform-admin right. */
export const OperatorAuth = (opts: { role?: OperatorRole; platformAdmin?: boolean; page?: boolean } = {}) =>
  policy(
    { kind: 'operator', ...opts },
    ApiCookieAuth('session'),
    ApiUnauthorizedResponse(problem),
    ApiForbiddenResponse(problem),
  );
/** SCIM bearer token. */
export const ScimAuth = () => policy({ kind: 'scim' }, ApiBearerAuth('scim'), ApiUnauthorizedResponse(problem));
