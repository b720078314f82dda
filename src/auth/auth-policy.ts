import { applyDecorators, SetMetadata } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ProblemDto } from '../core/common/problem/problem.dto';
import type { OperatorRole } from './roles';
import type { EngagementScope, MachineScope, PartnerScope } from './scopes';

export const AUTH_POLICY = 'auth:policy';

/**
 * How a route is counted by the API rate limiter (SPEC.md Limits): against the principal
 * authentication identified (its `rateLimitSubject`; refused requests count against the client
 * IP), against the client IP, or not at all.
 */
export type RateLimitBucket = 'principal' | 'ip' | 'none';

/** How a route is reached. Every route declares exactly one; the global guard denies the rest. */
export type AuthPolicy =
  | { kind: 'public'; rateLimit: 'ip' | 'none' }
  | { kind: 'metrics'; rateLimit: 'none' }
  | { kind: 'machine'; rateLimit: 'principal'; scopes: readonly MachineScope[] }
  | ({ kind: 'operator'; rateLimit: 'none' } & OperatorPolicyOptions)
  | { kind: 'scim'; rateLimit: 'none' }
  | { kind: 'partner'; rateLimit: 'principal'; scopes: readonly PartnerScope[] }
  | { kind: 'engagement'; rateLimit: 'principal'; scopes: readonly EngagementScope[] }
  | { kind: 'payments'; rateLimit: 'none' };

export type AuthKind = AuthPolicy['kind'];

/** What an operator route asks of the session beyond its being live. */
export interface OperatorPolicyOptions {
  /** The minimum role in the workspace the request acts on. */
  role?: OperatorRole;
  platformAdmin?: boolean;
  /** An HTML page: no session redirects to log in, refusals are pages. */
  page?: boolean;
  /**
   * "Recent authentication" (API.md Part 3): the session's last password, SSO or second-factor
   * check is at most 10 minutes old, else 403 `reauthentication_required` (pages: the re-check page).
   */
  recentAuth?: boolean;
  /**
   * Open to a member of a `require_mfa` workspace who has no second factor yet (the routes that
   * enroll one, and who-am-I); every other operator route refuses them 403 `mfa_enrollment_required`.
   */
  mfaEnrollment?: boolean;
  /**
   * Only a person may do this (API.md Part 3 "Operator API tokens"): an operator API token (aot_)
   * is refused 403 `person_required`. Routes that manage API tokens, SSO, members and invitations,
   * SCIM and the workspace's policy declare it; see `personOnly` for the routes that need a person
   * whatever they declare.
   */
  person?: boolean;
}

/**
 * Whether an operator route needs a person, so that an API token is refused 403 `person_required`
 * (ADR 0260, deny by default): it says so (`person`), or it asks what only a person has (a recent
 * password or second-factor check, a second factor to enroll), or it acts on no workspace (a
 * token acts on its workspace with its role: a route without a role is about the account itself,
 * as the /me routes are). Pages and platform administration never take a token at all (401).
 */
export const personOnly = (p: OperatorPolicyOptions): boolean =>
  p.person === true || p.recentAuth === true || p.mfaEnrollment === true || p.role === undefined;

/** Where operator API tokens are taken (API.md Part 3): nowhere else, whatever a route declares. */
export const API_TOKEN_PATH_PREFIX = '/api/v1/operator/';

/** Whether an operator route takes an `aot_` token besides the session (what OpenAPI declares). */
export const acceptsApiToken = (p: OperatorPolicyOptions): boolean => !p.page && !p.platformAdmin && !personOnly(p);

const problem = { type: ProblemDto, description: 'problem body (application/problem+json)' };
const policy = (p: AuthPolicy, ...docs: (ClassDecorator & MethodDecorator)[]) =>
  applyDecorators(SetMetadata(AUTH_POLICY, p), ...(docs as MethodDecorator[]));

/** Reachable without credentials (probes, login pages). Not counted by the machine rate limit. */
export const Public = () => policy({ kind: 'public', rateLimit: 'none' });
/**
 * Unauthenticated machine bootstrap routes (register, token exchange, enrollment claim):
 * reachable without credentials, counted per client IP by the machine rate limit.
 */
export const MachineBootstrap = () => policy({ kind: 'public', rateLimit: 'ip' }, ApiTooManyRequestsResponse(problem));
/** Reachable with the metrics bearer token only. */
export const MetricsAuth = () => policy({ kind: 'metrics', rateLimit: 'none' }, ApiBearerAuth('metrics'));
/** Machine credential (agk_ key or access token) holding every listed scope; counted per credential. */
export const MachineAuth = (...scopes: MachineScope[]) =>
  policy(
    { kind: 'machine', rateLimit: 'principal', scopes },
    ApiBearerAuth('machine'),
    ApiSecurity('agent-api-key'),
    ApiUnauthorizedResponse(problem),
    ApiForbiddenResponse({ ...problem, description: 'insufficient scope, inactive agent or refused workspace' }),
    ApiTooManyRequestsResponse(problem),
  );
/**
 * Operator browser session, optionally with a minimum workspace role or platform-admin right. On
 * `/api/v1/operator/*` routes that act on a workspace and need no person, an operator API token
 * (`Authorization: Bearer aot_...`) is accepted too: the second security scheme `api-token`.
 */
export const OperatorAuth = (opts: OperatorPolicyOptions = {}) =>
  policy(
    { kind: 'operator', rateLimit: 'none', ...opts },
    ApiCookieAuth('session'),
    ...(acceptsApiToken(opts) ? [ApiBearerAuth('api-token'), ApiTooManyRequestsResponse(problem)] : []),
    ...(opts.page
      ? [
          // A page sends a browser without a session to log in, and shows a refusal as a page.
          ApiFoundResponse({ description: 'no session: to /users/log-in?return_to=<this page>' }),
          ApiForbiddenResponse({
            description:
              'not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML',
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } },
            },
          }),
        ]
      : [ApiUnauthorizedResponse(problem), ApiForbiddenResponse(problem)]),
  );
/**
 * SCIM bearer token of one workspace. Its 401 is a SCIM error (application/scim+json), not a
 * problem body: the SCIM controllers document it (ScimResource in src/scim/scim-openapi.ts).
 */
export const ScimAuth = () => policy({ kind: 'scim', rateLimit: 'none' }, ApiBearerAuth('scim'));
/** A scoped bearer credential of the marketplace plane, counted per principal. */
const scopedBearer = (p: Extract<AuthPolicy, { kind: 'partner' | 'engagement' }>) =>
  policy(p, ApiBearerAuth(p.kind), ApiUnauthorizedResponse(problem), ApiForbiddenResponse(problem), ApiTooManyRequestsResponse(problem));
/** Marketplace partner key (mpk_) holding every listed scope; counted per partner. */
export const PartnerAuth = (...scopes: PartnerScope[]) => scopedBearer({ kind: 'partner', rateLimit: 'principal', scopes });
/** Engagement token of one partner in one workspace, holding every listed scope; counted per engagement. */
export const EngagementAuth = (...scopes: EngagementScope[]) => scopedBearer({ kind: 'engagement', rateLimit: 'principal', scopes });
/**
 * The payment provider's signed events (Stripe-Signature over the raw body): no workspace, not
 * rate limited and without rate-limit headers (SPEC.md Limits: the /webhooks route).
 */
export const PaymentProviderAuth = () =>
  policy({ kind: 'payments', rateLimit: 'none' }, ApiSecurity('payments-signature'), ApiBadRequestResponse(problem));
