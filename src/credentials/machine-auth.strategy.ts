import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthPolicy, AuthStrategy, AuthStrategyFor, assertHoldsScopes, principalOf, readBearerToken, RequestWithPrincipal } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { MachineAuthError } from './machine-auth.errors';
import { MachineCredentialVerifier } from './machine-credential-verifier.service';
import type { MachinePrincipal } from './machine-principal';
import type { Request } from 'express';

type MachinePolicy = Extract<AuthPolicy, { kind: 'machine' }>;

export interface PresentedCredential {
  value: string | undefined;
  /** Where it came from: the key header takes agk_ keys only. */
  source: 'authorization' | 'api-key-header' | 'none';
}

/**
 * The credential a machine request presents: `Authorization: Bearer <agk_ key or access token>`,
 * or `x-agent-api-key: <agk_ key>`. A non-empty Authorization header wins, read in the lenient
 * layout (readBearerToken). Underscore-named headers are never read.
 */
export function presentedCredential(req: Pick<Request, 'headers'>): PresentedCredential {
  const authorization = req.headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    return { value: readBearerToken(req, 'lenient'), source: 'authorization' };
  }
  const header = req.headers['x-agent-api-key'];
  if (typeof header === 'string' && header.length > 0) return { value: header, source: 'api-key-header' };
  return { value: undefined, source: 'none' };
}

/**
 * @MachineAuth(...scopes): a valid credential of an active agent in an active workspace, holding
 * every listed scope. Runs in the global guard, so refusals happen before any controller.
 */
@AuthStrategyFor('machine')
@Injectable()
export class MachineAuthStrategy implements AuthStrategy<MachinePolicy, MachinePrincipal> {
  constructor(
    private readonly verifier: MachineCredentialVerifier,
    private readonly config: AppConfig,
  ) {}

  async authenticate(req: Request, policy: MachinePolicy): Promise<MachinePrincipal> {
    const { value, source } = presentedCredential(req);
    if (value === undefined) {
      throw new MachineAuthError(source === 'authorization' ? 'invalid_token' : 'api_key_required');
    }
    if (source === 'api-key-header' && !value.startsWith('agk_')) throw new MachineAuthError('invalid_api_key');
    const principal = await this.verifier.authenticate(value, () => clientIp(req, this.config.trustedProxyIps));
    assertHoldsScopes(principal.scopes, policy.scopes);
    return principal;
  }
}

/** The authenticated machine principal of the current request. */
export const CurrentMachine = createParamDecorator((_: unknown, ctx: ExecutionContext): MachinePrincipal =>
  principalOf<MachinePrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'machine', '@CurrentMachine()'),
);
