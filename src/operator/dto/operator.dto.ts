import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDate, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { type MachineScope, OPERATOR_ROLES, type OperatorRole } from '../../auth';
import { AllowedIpsField } from '../../core/common/validation/allowed-ips';
import { ToDate, Trim } from '../../core/common/validation/transforms';
import { OptionalScopes } from '../../credentials';
import { PLANS, WORKSPACE_STATUSES } from '../../identity';

export class CreateServiceAgentDto {
  @ApiProperty({ maxLength: 120 })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(120)
  name: string;

  @OptionalScopes("the scopes this agent's keys may carry; default: every machine scope")
  scopes?: MachineScope[];
}

export class UpdateServiceAgentDto {
  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(120)
  name?: string;

  @ApiPropertyOptional({ enum: ['active', 'inactive'] })
  @IsOptional()
  @IsIn(['active', 'inactive'])
  status?: 'active' | 'inactive';
}

export class IssueApiKeyDto {
  @OptionalScopes("subset of the agent's scopes; default: all of them")
  scopes?: MachineScope[];

  @ApiPropertyOptional({ format: 'date-time', description: 'must be in the future; default: never expires' })
  @IsOptional()
  @ToDate()
  @IsDate({ message: 'must be an ISO 8601 date-time' })
  expires_at?: Date;

  @AllowedIpsField('requests with the key, and with the access and socket tokens minted from it,')
  allowed_ips?: string[];
}

export class ServiceAgentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: ['active', 'inactive'] }) status: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ServiceAgentEnvelopeDto {
  @ApiProperty() service_agent: ServiceAgentDto;
}

export class ServiceAgentListDto {
  @ApiProperty({ type: [ServiceAgentDto] }) service_agents: ServiceAgentDto[];
  @ApiProperty({ description: 'the number of agents in this page (API.md: keyed lists); a page shorter than `limit` is the last' })
  count: number;
}

/** An API key as listed or changed: never the secret. */
export class ApiKeySummaryDto {
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ description: 'agk_<prefix>, the public part only' }) prefix: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ enum: ['usable', 'expired', 'archived', 'revoked'] }) status: string;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expires_at: string | null;
  @ApiProperty({ type: [String], description: 'canonical CIDRs the key and its tokens may be used from; empty: any address' })
  allowed_ips: string[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_used_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class ApiKeySummaryEnvelopeDto {
  @ApiProperty() api_key: ApiKeySummaryDto;
}

export class IssuedApiKeyDto {
  @ApiProperty({ enum: ['api_key'] }) type: 'api_key';
  @ApiProperty({ description: 'agk_<prefix>.<secret>; shown once' }) key: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expires_at: string | null;
  @ApiProperty({ type: [String], description: 'canonical CIDRs the key and its tokens may be used from; empty: any address' })
  allowed_ips: string[];
}

export class IssuedApiKeyEnvelopeDto {
  @ApiProperty() api_key: IssuedApiKeyDto;
}

class MeUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty() platform_admin: boolean;
}

class MeWorkspaceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: PLANS }) plan: string;
  @ApiProperty({ enum: WORKSPACE_STATUSES }) status: string;
  @ApiProperty({ enum: OPERATOR_ROLES }) role: OperatorRole;
}

export class MeDto {
  @ApiProperty() user: MeUserDto;
  @ApiProperty({ type: [MeWorkspaceDto] }) workspaces: MeWorkspaceDto[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the workspace this request acts on' })
  workspace_id: string | null;
}

export class WorkspaceSettingsDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: PLANS }) plan: string;
  @ApiProperty({ enum: WORKSPACE_STATUSES }) status: string;
  @ApiProperty({ description: "the owner's policy: members must have a second factor (an SSO session satisfies it)" })
  require_mfa: boolean;
}

export class WorkspaceSettingsEnvelopeDto {
  @ApiProperty() workspace: WorkspaceSettingsDto;
}

export class UpdateWorkspaceDto {
  @ApiPropertyOptional({
    description:
      'require a second factor (TOTP or a passkey) of every member: members without one can only enroll one until they do; ' +
      'an owner without a second factor of their own cannot turn it on (409 `mfa_not_enabled`)',
  })
  @IsOptional()
  @IsBoolean()
  require_mfa?: boolean;
}
