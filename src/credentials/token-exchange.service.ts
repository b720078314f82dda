import { Injectable } from '@nestjs/common';
import { ForbiddenProblem } from '../core/common/problem/problem.error';
import { CredentialIssuer } from './credential-issuer.service';
import { MachineAuthError } from './machine-auth.errors';
import { MachineCredentialVerifier } from './machine-credential-verifier.service';
import type { MachineScope } from '../auth';
import type { ClientAddress } from './credential-refusals';
import type { TokenResponseDto } from './dto/token-exchange.dto';

export interface ExchangeInput {
  headerKey: string | undefined;
  bodyKey: string | undefined;
  scopes: MachineScope[] | undefined;
  /** Where the request came from: the key's allowlist is checked against it. */
  from: ClientAddress;
}

/** POST /api/v1/agent_tokens: an agk_ key in, a 30-day access token out. */
@Injectable()
export class TokenExchangeService {
  constructor(
    private readonly verifier: MachineCredentialVerifier,
    private readonly issuer: CredentialIssuer,
  ) {}

  async exchange(input: ExchangeInput): Promise<TokenResponseDto> {
    const presented = input.headerKey || input.bodyKey;
    if (!presented) throw new MachineAuthError('api_key_required');
    const record = await this.verifier.verifyApiKey(presented, input.from);
    this.verifier.assertPresentedAccepts(record);
    const scopes = input.scopes ? [...new Set(input.scopes)] : record.credentialScopes;
    if (!scopes.every((s) => record.credentialScopes.includes(s))) throw new ForbiddenProblem('insufficient_scopes');
    const token = await this.issuer.issueAccessToken(
      undefined,
      { credentialId: record.credentialId, serviceAgentId: record.serviceAgentId },
      scopes,
    );
    return {
      token: token.token,
      scopes: token.scopes,
      credential_id: token.credential_id,
      expires_in: token.expires_in,
      service_agent_id: token.service_agent_id,
      workspace_id: record.workspaceId,
    };
  }
}
