import { createParamDecorator, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { AuthPolicy, AuthStrategy, AuthStrategyFor, Principal, principalOf, readBearerToken, RequestWithPrincipal } from '../auth';
import { sha256 } from '../core/common/crypto/secrets';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';
import { ScimTokensRepository } from './scim-tokens.repository';
import type { Request } from 'express';

/** An identity provider holding a SCIM token of one workspace. Not rate limited (SPEC.md). */
export interface ScimPrincipal extends Principal {
  readonly kind: 'scim';
  readonly workspaceId: string;
  readonly tokenId: string;
}

/** A SCIM token: `scim_` and 32 random bytes, base64url. */
export const SCIM_TOKEN_PATTERN = /^scim_[A-Za-z0-9_-]{43}$/;

/** How often a token's last_used_at may be written (API.md: at most one write a minute). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * @ScimAuth: `Authorization: Bearer <SCIM token>`, read by passport-http-bearer through
 * readBearerToken like every bearer family. The token is looked up by its SHA-256 (a hash lookup
 * reveals nothing of the secret), on every request, so a revocation holds at once on every node.
 * Anything else, an agk_ key, an access token or a session included, is 401.
 */
@AuthStrategyFor('scim')
@Injectable()
export class ScimAuthStrategy implements AuthStrategy<Extract<AuthPolicy, { kind: 'scim' }>, ScimPrincipal> {
  private readonly logger = new Logger(ScimAuthStrategy.name);

  constructor(private readonly tokens: ScimTokensRepository) {}

  async authenticate(req: Request): Promise<ScimPrincipal> {
    const token = readBearerToken(req);
    if (token === undefined || !SCIM_TOKEN_PATTERN.test(token)) throw new UnauthorizedProblem('invalid_scim_token');
    const found = await this.tokens.findLive(sha256(token));
    if (!found) throw new UnauthorizedProblem('invalid_scim_token');
    if (!found.last_used_at || Date.now() - new Date(found.last_used_at).getTime() > TOUCH_INTERVAL_MS) {
      this.tokens
        .touch(found.id)
        .catch((err: unknown) => this.logger.warn(`last_used_at of a SCIM token not recorded: ${(err as Error).message}`));
    }
    return {
      kind: 'scim',
      workspaceId: found.workspace_id,
      tokenId: found.id,
      scopes: [],
      rateLimitSubject: null,
      actor: { type: 'scim_token', id: found.id, label: null },
    };
  }
}

/** The SCIM principal of the current request (routes declaring @ScimAuth()). */
export const CurrentScim = createParamDecorator((_: unknown, ctx: ExecutionContext): ScimPrincipal =>
  principalOf<ScimPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'scim', '@CurrentScim()'),
);
