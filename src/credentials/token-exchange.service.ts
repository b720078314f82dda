import { Injectable } from '@nestjs/common';
import { ForbiddenProblem } from '../core/common/problem/problem.error';
import { MachineAuthError } from './machine-auth.errors';
import { MachineCredentialsService } from './machine-credentials.service';
import type { TokenResponseDto } from './dto/token-exchange.dto';

export interface ExchangeInput {
  headerKey: string | undefined;
  bodyKey: string | undefined;
  scopes: string[] | undefined;
}

/** POST /api/v1/agent_tokens: an agk_ key in, a 30-day access token out. */
@Injectable()
export class TokenExchangeService {
  constructor(private readonly credentials: MachineCredentialsService) {}

  async exchange(input: ExchangeInput): Promise<TokenResponseDto> {
    const presented = input.headerKey || input.bodyKey;
    if (!presented) throw new MachineAuthError('api_key_required');
    const record = await this.credentials.verifyApiKey(presented);
    this.credentials.assertPresentedAccepts(record);
    const scopes = input.scopes ? [...new Set(input.scopes)] : record.credentialScopes;
    if (!scopes.every((s) => record.credentialScopes.includes(s))) throw new ForbiddenProblem('insufficient_scopes');
    const token = await this.credentials.issueAccessToken(
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
