import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { MaxJsonBytes } from '../../core/common/validation/json-size';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';

/**
 * pending: stored, not yet written to a live socket of the agent; delivered: written to at least
 * one; succeeded / failed: final, as the agent reported with command_result.
 */
export const AGENT_COMMAND_STATUSES = ['pending', 'delivered', 'succeeded', 'failed'] as const;
export type AgentCommandStatus = (typeof AGENT_COMMAND_STATUSES)[number];
export const AGENT_COMMAND_RESULT_STATUSES = ['succeeded', 'failed'] as const;
export type AgentCommandResultStatus = (typeof AGENT_COMMAND_RESULT_STATUSES)[number];

/** GET /api/v1/operator/agent_commands (SPEC.md Lists): limit 1-100, default 25, no offset; newest first. */
export const AGENT_COMMAND_LIST = defineList({
  key: 'agent_commands',
  paginated: false,
  page: { limit: { min: 1, max: 100, default: 25 } },
  filters: [{ name: 'status', values: AGENT_COMMAND_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export const AGENT_COMMAND_NAME_MAX = 100;
/** As JSON bytes: the payload travels to the agent in one websocket frame. */
export const AGENT_COMMAND_PAYLOAD_MAX_BYTES = 32_768;

export class CreateAgentCommandDto {
  @ApiProperty({ format: 'uuid', description: 'a visible, active service agent of the workspace' })
  @IsUUID('all', { message: 'must be a UUID' })
  service_agent_id: string;

  @ApiProperty({ minLength: 1, maxLength: AGENT_COMMAND_NAME_MAX, example: 'reboot' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(AGENT_COMMAND_NAME_MAX)
  name: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `any JSON object, at most ${AGENT_COMMAND_PAYLOAD_MAX_BYTES} bytes serialized; default {}`,
  })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  @MaxJsonBytes(AGENT_COMMAND_PAYLOAD_MAX_BYTES)
  payload?: Record<string, unknown>;
}

export class AgentCommandDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiProperty({ enum: AGENT_COMMAND_STATUSES }) status: AgentCommandStatus;
  @ApiProperty({ nullable: true, description: 'what the agent reported with command_result' }) result: unknown;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the operator who created it' })
  created_by: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AgentCommandEnvelopeDto {
  @ApiProperty() agent_command: AgentCommandDto;
}

export class AgentCommandListDto {
  @ApiProperty({ type: [AgentCommandDto] }) agent_commands: AgentCommandDto[];
  @ApiProperty({ description: 'number of agent commands in this response' }) count: number;
}
