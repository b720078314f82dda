import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../../core/config/environment';
import { durationAdjective } from '../../core/text/duration';
import { AccessTokenDto, ApiKeyDto, ServiceAgentSummaryDto, WorkspaceSummaryDto } from '../../register';
import { RobotDto } from './robot.dto';
import { IsSerialNumber, IsSmallJson, SERIAL_NUMBER_MAX } from './validators';

export const AGENT_METADATA_MAX_BYTES = 8192;

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
