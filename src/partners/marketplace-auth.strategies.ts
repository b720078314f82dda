import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuthPolicy, AuthStrategy, AuthStrategyFor, assertHoldsScopes, principalOf, readBearerToken, RequestWithPrincipal } from '../auth';
import { FailedAuthThrottle } from './failed-auth-throttle.service';
import { MarketplaceAuthError } from './marketplace-auth.errors';
import { MarketplaceCredentialsService } from './marketplace-credentials.service';
import type { EngagementPrincipal, PartnerPrincipal } from './marketplace-principals';
import type { Request } from 'express';

type MarketplacePolicy = Extract<AuthPolicy, { kind: 'partner' | 'engagement' }>;

/**
 * What both marketplace kinds do: the failed-authentication throttle admits the client address
 * first; then the bearer token of `Authorization` is verified (never x-agent-api-key, the query
 * or a cookie: anything else is "no credential", 401 invalid_token), and the principal must hold
 * every scope of the route.
 */
@Injectable() // emits the constructor's parameter types, which the concrete strategies inherit
abstract class MarketplaceAuthStrategy<
  P extends MarketplacePolicy,
  R extends PartnerPrincipal | EngagementPrincipal,
> implements AuthStrategy<P, R> {
  abstract readonly kind: P['kind'];

  constructor(
    protected readonly credentials: MarketplaceCredentialsService,
    private readonly throttle: FailedAuthThrottle,
  ) {}

  protected abstract verify(token: string, req: Request): Promise<R>;

  async authenticate(req: Request, policy: P): Promise<R> {
    await this.throttle.admit(req);
    const token = readBearerToken(req);
    if (token === undefined) throw new MarketplaceAuthError('invalid_token', this.kind);
    const principal = await this.verify(token, req);
    assertHoldsScopes(principal.scopes, policy.scopes);
    return principal;
  }
}

/** @PartnerAuth(...scopes): `Authorization: Bearer mpk_...` of an active partner holding every scope. */
@AuthStrategyFor('partner')
@Injectable()
export class PartnerAuthStrategy extends MarketplaceAuthStrategy<Extract<AuthPolicy, { kind: 'partner' }>, PartnerPrincipal> {
  readonly kind = 'partner' as const;

  protected verify(token: string): Promise<PartnerPrincipal> {
    return this.credentials.authenticatePartner(token);
  }
}

/**
 * @EngagementAuth(...scopes): `Authorization: Bearer <engagement token>` for the route's own
 * engagement (`:id`), holding every scope.
 */
@AuthStrategyFor('engagement')
@Injectable()
export class EngagementAuthStrategy extends MarketplaceAuthStrategy<Extract<AuthPolicy, { kind: 'engagement' }>, EngagementPrincipal> {
  readonly kind = 'engagement' as const;

  protected verify(token: string, req: Request): Promise<EngagementPrincipal> {
    // A route id that is not a UUID names nothing: the route's pipe answers 404 for it.
    const routeId = typeof req.params?.id === 'string' && isUUID(req.params.id) ? req.params.id : undefined;
    return this.credentials.authenticateEngagement(token, routeId);
  }
}

/** The authenticated partner of the current request. */
export const CurrentPartner = createParamDecorator((_: unknown, ctx: ExecutionContext): PartnerPrincipal =>
  principalOf<PartnerPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'partner', '@CurrentPartner()'),
);

/** The authenticated engagement runtime of the current request. */
export const CurrentEngagement = createParamDecorator((_: unknown, ctx: ExecutionContext): EngagementPrincipal =>
  principalOf<EngagementPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'engagement', '@CurrentEngagement()'),
);
