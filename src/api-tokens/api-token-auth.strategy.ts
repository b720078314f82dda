import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import {
  API_TOKEN_PATH_PREFIX,
  AuthPolicy,
  AuthStrategy,
  AuthStrategyFor,
  OPERATOR_ALTERNATIVE,
  personOnly,
  readBearerToken,
  roleAtLeast,
} from '../auth';
import { Clock } from '../core/common/clock/clock';
import { clientIp } from '../core/common/http/client-ip';
import { ForbiddenProblem, UnauthorizedProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { CredentialRefusals } from '../credentials';
import { ApiTokenVerifier, type VerifiedApiToken } from './api-token-verifier.service';
import type { OperatorPrincipal } from '../sessions';
import type { Request } from 'express';

type OperatorPolicy = Extract<AuthPolicy, { kind: 'operator' }>;

/** A token never authenticated as a person does: no route asking for a recent check can pass with it. */
const NO_PERSON_AUTH: OperatorPrincipal['auth'] = Object.freeze({
  method: 'password',
  mfa: false,
  authenticatedAt: new Date(0),
  rememberMe: false,
  createdAt: new Date(0),
});

/**
 * An operator route reached with `Authorization: Bearer aot_...` (the guard picks this strategy
 * when the request presents one; API.md Part 3 "Operator API tokens"). In order:
 * - outside `/api/v1/operator/*`, on pages and on platform administration: 401 `session_required`
 *   (a token is no way in there);
 * - the token itself: 401 `invalid_api_token`, `api_token_revoked`, `api_token_expired`;
 * - its allowlist against the client IP (trusted proxies honoured): 403 `ip_not_allowed`, and a
 *   security violation (`disallowed_ip`, through CredentialRefusals like a key's);
 * - a route that needs a person (`personOnly`, ADR 0260): 403 `person_required`;
 * - `x-workspace-id` naming another workspace than the token's: 403 `not_a_member`;
 * - the route's minimum role against the token's: 403 `insufficient_role`.
 * The principal acts on the token's workspace with its role, and the audit log names the token.
 */
@AuthStrategyFor(OPERATOR_ALTERNATIVE)
@Injectable()
export class ApiTokenAuthStrategy implements AuthStrategy<OperatorPolicy, OperatorPrincipal> {
  constructor(
    private readonly verifier: ApiTokenVerifier,
    private readonly config: AppConfig,
    private readonly refusals: CredentialRefusals,
    private readonly clock: Clock,
  ) {}

  async authenticate(req: Request, policy: OperatorPolicy): Promise<OperatorPrincipal> {
    if (policy.page || policy.platformAdmin || !req.path.startsWith(API_TOKEN_PATH_PREFIX)) {
      throw new UnauthorizedProblem('session_required');
    }
    const token = await this.verifier.verify(readBearerToken(req, 'lenient'));
    const from = () => clientIp(req, this.config.trustedProxyIps);
    this.refusals.assertFrom({ type: 'api_token', id: token.row.id }, token.row.workspace_id, token.ranges, from, this.clock.now());
    if (personOnly(policy)) throw new ForbiddenProblem('person_required');
    const requested = req.headers['x-workspace-id'];
    if (requested !== undefined) {
      const id = Array.isArray(requested) ? requested[0] : requested;
      if (typeof id !== 'string' || !isUUID(id) || id.toLowerCase() !== token.row.workspace_id) throw new ForbiddenProblem('not_a_member');
    }
    if (policy.role && !roleAtLeast(token.row.role, policy.role)) throw new ForbiddenProblem('insufficient_role');
    this.verifier.markUsed(token.row.id);
    return principalOf(token);
  }
}

function principalOf({ row }: VerifiedApiToken): OperatorPrincipal {
  return {
    kind: 'operator',
    via: 'api_token',
    userId: row.created_by,
    email: row.email,
    name: row.user_name,
    sessionId: '',
    platformAdmin: false,
    workspaceId: row.workspace_id,
    role: row.role,
    workspaces: [
      {
        id: row.workspace_id,
        name: row.workspace_name,
        slug: row.slug,
        plan: row.plan,
        status: row.status,
        role: row.role,
        require_mfa: row.require_mfa,
      },
    ],
    auth: NO_PERSON_AUTH,
    mfaEnabled: false,
    scopes: [],
    rateLimitSubject: { kind: 'api_token', id: row.id },
    actor: { type: 'api_token', id: row.id, label: row.name },
  };
}
