import { createParamDecorator, ExecutionContext, Injectable, OnModuleInit } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import { AuthPolicy, AuthStrategy, AuthStrategyRegistry, INSUFFICIENT_SCOPE_DETAIL, principalOf, readBearerToken, RequestWithPrincipal } from '../auth';
import { ForbiddenProblem } from '../core/common/problem/problem.error';
import { FailedAuthThrottle } from './failed-auth-throttle.service';
import { MarketplaceAuthError } from './marketplace-auth.errors';
import { MarketplaceCredentialsService } from './marketplace-credentials.service';
import type { EngagementPrincipal, PartnerPrincipal } from './marketplace-principals';

type PartnerPolicy = Extract<AuthPolicy, { kind: 'partner' }>;
type EngagementPolicy = Extract<AuthPolicy, { kind: 'engagement' }>;

function assertScopes(held: readonly string[], needed: readonly string[]): void {
  for (const scope of needed) {
    if (!held.includes(scope)) throw new ForbiddenProblem('insufficient_scope', { detail: INSUFFICIENT_SCOPE_DETAIL });
  }
}

/**
 * The bearer token of a marketplace request, after the failed-authentication throttle admitted
 * its address. Only `Authorization: Bearer` is read (never x-agent-api-key, the query or a cookie):
 * anything else is "no credential", 401 invalid_token.
 */
async function admittedBearer(throttle: FailedAuthThrottle, req: Request, realm: 'partner' | 'engagement'): Promise<string> {
  await throttle.admit(req);
  const token = await readBearerToken(req);
  if (token === undefined) throw new MarketplaceAuthError('invalid_token', realm);
  return token;
}

/** @PartnerAuth(...scopes): `Authorization: Bearer mpk_...` of an active partner holding every scope. */
@Injectable()
export class PartnerAuthStrategy implements AuthStrategy<PartnerPolicy, PartnerPrincipal>, OnModuleInit {
  readonly kind = 'partner' as const;

  constructor(
    private readonly credentials: MarketplaceCredentialsService,
    private readonly throttle: FailedAuthThrottle,
    private readonly registry: AuthStrategyRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async authenticate(req: Request, policy: PartnerPolicy): Promise<PartnerPrincipal> {
    const principal = await this.credentials.authenticatePartner(await admittedBearer(this.throttle, req, 'partner'));
    assertScopes(principal.scopes, policy.scopes);
    return principal;
  }
}

/**
 * @EngagementAuth(...scopes): `Authorization: Bearer <engagement token>` for the route's own
 * engagement (`:id`), holding every scope.
 */
@Injectable()
export class EngagementAuthStrategy implements AuthStrategy<EngagementPolicy, EngagementPrincipal>, OnModuleInit {
  readonly kind = 'engagement' as const;

  constructor(
    private readonly credentials: MarketplaceCredentialsService,
    private readonly throttle: FailedAuthThrottle,
    private readonly registry: AuthStrategyRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async authenticate(req: Request, policy: EngagementPolicy): Promise<EngagementPrincipal> {
    const token = await admittedBearer(this.throttle, req, 'engagement');
    // A route id that is not a UUID names nothing: the route's pipe answers 404 for it.
    const routeId = typeof req.params?.id === 'string' && isUUID(req.params.id) ? req.params.id : undefined;
    const principal = await this.credentials.authenticateEngagement(token, routeId);
    assertScopes(principal.scopes, policy.scopes);
    return principal;
  }
}

/** The authenticated partner of the current request. */
export const CurrentPartner = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): PartnerPrincipal =>
    principalOf<PartnerPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'partner', '@CurrentPartner()'),
);

/** The authenticated engagement runtime of the current request. */
export const CurrentEngagement = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): EngagementPrincipal =>
    principalOf<EngagementPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'engagement', '@CurrentEngagement()'),
);
