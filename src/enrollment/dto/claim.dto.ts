import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../../core/config/environment';
import { durationAdjective } from '../../core/text/duration';
import { AccessTokenDto, ApiKeyDto, ServiceAgentSummaryDto, WorkspaceSummaryDto } from '../../register';
import { RobotDto } from './robot.dto';
import { IsSerialNumber, IsSmallJson, SERIAL_NUMBER_MAX } from './validators';

export const AGENT_METADATA_MAX_BYTES = 8192;

/** API.md Part 3, "Fleets in the field": 8 to 128 of [A-Za-z0-9._~-]. */
export const CLAIM_ID_PATTERN = /^[A-Za-z0-9._~-]{8,128}$/;

export class ClaimEnrollmentDto {
  @ApiProperty({ description: 'age_<prefix>.<secret>' })
  @IsString()
  token: string;

  @ApiPropertyOptional({
    maxLength: SERIAL_NUMBER_MAX,
    description: 'required for fleet tokens (max_claims > 1); selects the pre-registered robot',
  })
  @IsOptional()
  @Trim()
  @IsSerialNumber()
  serial_number?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `runtime metadata, stored on the service agent; at most ${AGENT_METADATA_MAX_BYTES} bytes as JSON`,
  })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  @IsSmallJson(AGENT_METADATA_MAX_BYTES)
  agent?: Record<string, unknown>;

  @ApiPropertyOptional({
    pattern: CLAIM_ID_PATTERN.source,
    minLength: 8,
    maxLength: 128,
    description:
      'made by the device before its first attempt and kept until it has saved the answer: a retry with the same token, ' +
      '`claim_id` and serial within 24 hours, while no credential of the earlier answer has been used, answers the same agent and ' +
      'robot with fresh credentials (`idempotent-replayed: true`) and revokes the earlier ones',
  })
  @IsOptional()
  @IsString()
  @Matches(CLAIM_ID_PATTERN, { message: 'must be 8 to 128 characters of A-Z, a-z, 0-9, ".", "_", "~" and "-"' })
  claim_id?: string;
}

export class ClaimResponseDto {
  @ApiProperty({ description: 'the agent this claim created' }) service_agent: ServiceAgentSummaryDto;
  @ApiProperty({ type: RobotDto, nullable: true, description: 'the robot bound or created; null without a serial' })
  robot: RobotDto | null;
  @ApiProperty({ description: "the new agent's agk_ key; shown once" }) api_key: ApiKeyDto;
  @ApiProperty({ description: `${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} token for the same credential; shown once` })
  access_token: AccessTokenDto;
  @ApiProperty() workspace: WorkspaceSummaryDto;
}
