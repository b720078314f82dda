import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDate, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { AllowedIpsField } from '../../core/common/validation/allowed-ips';
import { NO_CONTROL_CHARS } from '../../core/common/validation/text';
import { ToDate, Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import type { OperatorRole } from '../../auth';

/** The roles a token can have (API.md Part 3): never owner, so no token does what only an owner does (ADR 0258). */
export const API_TOKEN_ROLES = ['admin', 'member'] as const satisfies readonly OperatorRole[];
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

export class CreateApiTokenDto {
  @ApiProperty({ minLength: 1, maxLength: 120, description: 'a label for the token; audit events name it' })
  @Trim()
  @IsString()
  @Length(1, 120)
  @Matches(NO_CONTROL_CHARS, { message: 'must be text without control characters' })
  name: string;

  @ApiProperty({ enum: API_TOKEN_ROLES, description: 'the role the token acts with in the workspace; at most your own' })
  @IsIn(API_TOKEN_ROLES)
  role: ApiTokenRole;

  @ApiPropertyOptional({ format: 'date-time', description: 'must be in the future; default: never expires' })
  @IsOptional()
  @ToDate()
  @IsDate({ message: 'must be an ISO 8601 date-time' })
  expires_at?: Date;

  @AllowedIpsField('requests')
  allowed_ips?: string[];
}

export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: API_TOKEN_ROLES }) role: ApiTokenRole;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'null: never expires' }) expires_at: string | null;
  @ApiProperty({ type: [String], description: 'canonical CIDRs; empty: any address' }) allowed_ips: string[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'written in batches, within seconds of a use' })
  last_used_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class IssuedApiTokenDto extends ApiTokenDto {
  @ApiProperty({ example: 'aot_AbCdEfGhIjK.<43 characters>', description: 'the bearer token, shown once; stored only as SHA-256' })
  token: string;
}

export class IssuedApiTokenEnvelopeDto {
  @ApiProperty() api_token: IssuedApiTokenDto;
}

export const API_TOKEN_LIST = defineList({
  key: 'api_tokens',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ApiTokenListDto {
  @ApiProperty({ type: [ApiTokenDto] }) api_tokens: ApiTokenDto[];
  @ApiProperty({ description: 'number of tokens in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
