import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MACHINE_SCOPES } from '../../auth';
import { OptionalScopes } from './scopes-field';

export class TokenExchangeDto {
  @ApiPropertyOptional({ description: 'agk_<prefix>.<secret>; alternative to the x-agent-api-key header' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  api_key?: string;

  @OptionalScopes("subset of the credential's scopes", {
    emptyMessage: 'must not be empty (omit it to get every scope of the key)',
    maxItems: MACHINE_SCOPES.length * 2, // duplicates are collapsed
  })
  scopes?: string[];
}

export class TokenResponseDto {
  @ApiProperty({ description: '30-day access token' }) token: string;
  @ApiProperty({ type: [String] }) scopes: string[];
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ example: 2592000 }) expires_in: number;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'uuid' }) workspace_id: string;
}
