import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MACHINE_SCOPES, type MachineScope } from '../../auth';
import { AcceptedWithoutValidation } from '../../core/common/validation/fast-accept';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../../core/config/environment';
import { durationAdjective } from '../../core/text/duration';
import { OptionalScopes } from './scopes-field';

const API_KEY_MAX_LENGTH = 256;
const MAX_SCOPES = MACHINE_SCOPES.length * 2; // duplicates are collapsed
const KNOWN_SCOPES = new Set<string>(MACHINE_SCOPES);

/**
 * The exchange's usual bodies (`{}`, `{ "scopes": [...] }`, `{ "api_key": "..." }`) pass the
 * rules below without class-validator: keys among the two fields, `api_key` a string of at most
 * 256 UTF-16 units (so at most 256 characters as MaxLength counts them), `scopes` a non-empty
 * array of at most twice the known scopes, each a known scope. Anything else is validated by
 * class-validator as it always was (fast-accept.ts; token-exchange.dto.spec.ts compares the two).
 */
function usualExchangeBody(body: Record<string, unknown>): boolean {
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (key === 'api_key') {
      if (typeof value !== 'string' || value.length > API_KEY_MAX_LENGTH) return false;
    } else if (key === 'scopes') {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SCOPES) return false;
      for (const scope of value) if (typeof scope !== 'string' || !KNOWN_SCOPES.has(scope)) return false;
    } else {
      return false;
    }
  }
  return true;
}

@AcceptedWithoutValidation(usualExchangeBody)
export class TokenExchangeDto {
  @ApiPropertyOptional({ description: 'agk_<prefix>.<secret>; alternative to the x-agent-api-key header' })
  @IsOptional()
  @IsString()
  @MaxLength(API_KEY_MAX_LENGTH)
  api_key?: string;

  @OptionalScopes("subset of the credential's scopes", {
    emptyMessage: 'must not be empty (omit it to get every scope of the key)',
    maxItems: MAX_SCOPES,
  })
  scopes?: MachineScope[];
}

export class TokenResponseDto {
  @ApiProperty({ description: `${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token` }) token: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ example: SPEC_ACCESS_TOKEN_TTL_SECONDS }) expires_in: number;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'uuid' }) workspace_id: string;
}
