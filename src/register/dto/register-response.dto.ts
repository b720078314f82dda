import { ApiProperty } from '@nestjs/swagger';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../../core/config/environment';
import { durationAdjective } from '../../core/text/duration';
import type { MachineScope } from '../../auth';

class RegisteredUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) confirmed_at: string | null;
}

export class ApiKeyDto {
  @ApiProperty({ enum: ['api_key'] }) type: 'api_key';
  @ApiProperty({ description: 'agk_<prefix>.<secret>; shown once' }) key: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
}

export class AccessTokenDto {
  @ApiProperty({ enum: ['bearer'] }) type: 'bearer';
  @ApiProperty({ description: `${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} bearer token; shown once` }) token: string;
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'uuid' }) credential_id: string;
  @ApiProperty({ example: SPEC_ACCESS_TOKEN_TTL_SECONDS }) expires_in: number;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
}

export class ServiceAgentSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['active', 'inactive'] }) status: string;
  @ApiProperty() slug: string;
}

export class WorkspaceSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['active', 'frozen', 'paused', 'archived'] }) status: string;
  @ApiProperty({ example: 'free' }) plan: string;
  @ApiProperty() slug: string;
}

export class RegisterResponseDto {
  @ApiProperty() user: RegisteredUserDto;
  @ApiProperty({ description: 'the workspace primary key, on the hidden workspace-key agent' }) api_key: ApiKeyDto;
  @ApiProperty() access_token: AccessTokenDto;
  @ApiProperty({ description: 'the default service agent (visible, no credential of its own)' })
  service_agent: ServiceAgentSummaryDto;
  @ApiProperty() workspace: WorkspaceSummaryDto;
}
