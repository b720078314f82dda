import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDate, IsIn, IsOptional, IsString, Length, Matches, ValidateBy } from 'class-validator';
import { canonicalCidr, MAX_ALLOWED_IPS } from '../../core/common/http/ip-allowlist';
import { NO_CONTROL_CHARS } from '../../core/common/validation/text';
import { ToDate, Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import type { OperatorRole } from '../../auth';

/** The roles a token can have (API.md Part 3): never owner, so no token does what only an owner does (ADR 0258). */
export const API_TOKEN_ROLES = ['admin', 'member'] as const satisfies readonly OperatorRole[];
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

/** Each entry an IPv4 or IPv6 CIDR, or a single address (canonicalCidr; ADR 0261). */
const IsCidr = () =>
  ValidateBy(
    {
      name: 'isCidr',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && canonicalCidr(value) !== undefined,
        defaultMessage: () => 'each entry must be an IPv4 or IPv6 address or CIDR without host bits (10.0.0.0/8, 2001:db8::/32)',
      },
    },
    { each: true },
  );

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

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_ALLOWED_IPS,
    example: ['203.0.113.0/24', '2001:db8::/32'],
    description: `up to ${MAX_ALLOWED_IPS} IPv4 or IPv6 CIDRs (a bare address is a /32 or /128); requests from other addresses are 403 \`ip_not_allowed\`. Default: any address`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ALLOWED_IPS)
  @IsCidr()
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
