import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';

export const SSO_CONNECTION_STATUSES = ['active', 'disabled'] as const;
export type SsoConnectionStatus = (typeof SSO_CONNECTION_STATUSES)[number];
export const SSO_DEFAULT_ROLES = ['member', 'admin'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];
/** Where the address comes from when the ID token has no `email` (Entra without a mail attribute; ADR 0256). */
export const SSO_EMAIL_CLAIM_FALLBACKS = ['preferred_username', 'upn'] as const;
export type SsoEmailClaimFallback = (typeof SSO_EMAIL_CLAIM_FALLBACKS)[number];

export const SSO_MAX_DOMAINS = 20;
/** Connections a workspace may have (the list is not paged). */
export const SSO_MAX_CONNECTIONS = 50;
export const SSO_NAME_MAX = 200;
export const SSO_ISSUER_MAX = 2048;
export const SSO_CLIENT_ID_MAX = 500;
export const SSO_CLIENT_SECRET_MAX = 2000;
/** A lower-case DNS name of at least two labels (`example.com`, `eu.corp.example`). */
export const SSO_DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

const domainsDoc: ApiPropertyOptions = {
  type: [String],
  minItems: 1,
  maxItems: SSO_MAX_DOMAINS,
  example: ['example.com'],
  description: `1 to ${SSO_MAX_DOMAINS} lower-case domains; addresses in them sign in through this connection. A domain belongs to one connection of one workspace (409 \`domain_taken\`).`,
};
const fallbackDoc: ApiPropertyOptions = {
  enum: SSO_EMAIL_CLAIM_FALLBACKS,
  nullable: true,
  type: String,
  description:
    'the claim to read the address from when the ID token has no `email` (Microsoft Entra ID for users without a mail attribute); null (the default): such a token is refused',
};

const Domains = () => (target: object, key: string) => {
  IsArray({ message: 'must be an array of domains' })(target, key);
  ArrayMinSize(1, { message: 'must name at least one domain' })(target, key);
  ArrayMaxSize(SSO_MAX_DOMAINS, { message: `must have at most ${SSO_MAX_DOMAINS} domains` })(target, key);
  Matches(SSO_DOMAIN, { each: true, message: 'each must be a lower-case domain such as example.com' })(target, key);
};

export class CreateSsoConnectionDto {
  @ApiProperty({ maxLength: SSO_NAME_MAX, example: 'Okta' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_NAME_MAX)
  name: string;

  @ApiProperty({
    maxLength: SSO_ISSUER_MAX,
    example: 'https://example.okta.com/oauth2/default',
    description:
      "the provider's issuer; its discovery document (`/.well-known/openid-configuration`) is fetched and must name this issuer (422 `errors.issuer`). https in production; outside production http on a loopback address is allowed",
  })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_ISSUER_MAX)
  issuer: string;

  @ApiProperty({ maxLength: SSO_CLIENT_ID_MAX })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_CLIENT_ID_MAX)
  client_id: string;

  @ApiProperty({ maxLength: SSO_CLIENT_SECRET_MAX, description: 'sealed at rest and never returned' })
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_CLIENT_SECRET_MAX)
  client_secret: string;

  @ApiProperty(domainsDoc)
  @Domains()
  domains: string[];

  @ApiPropertyOptional({ default: false, description: 'password log-in refused for members in these domains (owners keep it)' })
  @IsOptional()
  @IsBoolean()
  enforce?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: 'an address in these domains without an account becomes a confirmed account and member',
  })
  @IsOptional()
  @IsBoolean()
  jit_provisioning?: boolean;

  @ApiPropertyOptional({ enum: SSO_DEFAULT_ROLES, default: 'member', description: 'the role of a member provisioned just in time' })
  @IsOptional()
  @IsIn(SSO_DEFAULT_ROLES, { message: 'must be one of member, admin' })
  default_role?: SsoDefaultRole;

  @ApiPropertyOptional(fallbackDoc)
  @IsOptional()
  @IsIn(SSO_EMAIL_CLAIM_FALLBACKS, { message: 'must be one of preferred_username, upn, or null' })
  email_claim_fallback?: SsoEmailClaimFallback | null;
}

/** Any field of the connection, and `status`; an absent field is left as it is. */
export class UpdateSsoConnectionDto {
  @ApiPropertyOptional({ maxLength: SSO_NAME_MAX })
  @ValidateIf((_, v) => v !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ maxLength: SSO_ISSUER_MAX, description: 'checked by discovery again, as at creation' })
  @ValidateIf((_, v) => v !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_ISSUER_MAX)
  issuer?: string;

  @ApiPropertyOptional({ maxLength: SSO_CLIENT_ID_MAX })
  @ValidateIf((_, v) => v !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_CLIENT_ID_MAX)
  client_id?: string;

  @ApiPropertyOptional({ maxLength: SSO_CLIENT_SECRET_MAX, description: 'replaces the sealed secret' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(SSO_CLIENT_SECRET_MAX)
  client_secret?: string;

  @ApiPropertyOptional(domainsDoc)
  @ValidateIf((_, v) => v !== undefined)
  @Domains()
  domains?: string[];

  @ApiPropertyOptional()
  @ValidateIf((_, v) => v !== undefined)
  @IsBoolean()
  enforce?: boolean;

  @ApiPropertyOptional()
  @ValidateIf((_, v) => v !== undefined)
  @IsBoolean()
  jit_provisioning?: boolean;

  @ApiPropertyOptional({ enum: SSO_DEFAULT_ROLES })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn(SSO_DEFAULT_ROLES, { message: 'must be one of member, admin' })
  default_role?: SsoDefaultRole;

  @ApiPropertyOptional(fallbackDoc)
  @ValidateIf((_, v) => v !== undefined && v !== null)
  @IsIn(SSO_EMAIL_CLAIM_FALLBACKS, { message: 'must be one of preferred_username, upn, or null' })
  email_claim_fallback?: SsoEmailClaimFallback | null;

  @ApiPropertyOptional({
    enum: SSO_CONNECTION_STATUSES,
    description: 'disabled: nobody signs in through it (and `enforce` stops applying)',
  })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn(SSO_CONNECTION_STATUSES, { message: 'must be one of active, disabled' })
  status?: SsoConnectionStatus;
}

export class SsoConnectionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() issuer: string;
  @ApiProperty() client_id: string;
  @ApiProperty({ type: [String] }) domains: string[];
  @ApiProperty() enforce: boolean;
  @ApiProperty() jit_provisioning: boolean;
  @ApiProperty({ enum: SSO_DEFAULT_ROLES }) default_role: SsoDefaultRole;
  @ApiProperty(fallbackDoc) email_claim_fallback: SsoEmailClaimFallback | null;
  @ApiProperty({ enum: SSO_CONNECTION_STATUSES }) status: SsoConnectionStatus;
  @ApiProperty({ description: 'register this at the provider as the redirect (reply) URI: `${BASE_URL}/users/sso/callback`' })
  redirect_uri: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class SsoConnectionEnvelopeDto {
  @ApiProperty() sso_connection: SsoConnectionDto;
}

export class SsoConnectionListDto {
  @ApiProperty({ type: [SsoConnectionDto] }) sso_connections: SsoConnectionDto[];
  @ApiProperty() count: number;
}
