import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { AGENT_COMMAND_NAME_MAX, AGENT_COMMAND_PAYLOAD_MAX_BYTES } from '../../agent-commands';
import { MaxJsonBytes } from '../../core/common/validation/json-size';
import { IsLabel, TrimEachUnique } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { TAG_MAX } from '../../enrollment';

export const MAX_BATCH_TAGS = 50;

/** tag_robots: the tags added to each robot (those it lacks). */
export class TagRobotsParams {
  @ApiProperty({ type: [String], maxItems: MAX_BATCH_TAGS })
  @TrimEachUnique()
  @IsArray()
  @ArrayMinSize(1, { message: 'must not be empty' })
  @ArrayMaxSize(MAX_BATCH_TAGS)
  @IsLabel(1, TAG_MAX, { each: true, what: 'tags' })
  tags: string[];
}

/** send_agent_command: the command each agent receives (as POST /api/v1/operator/agent_commands). */
export class SendAgentCommandParams {
  @ApiProperty({ maxLength: AGENT_COMMAND_NAME_MAX })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(AGENT_COMMAND_NAME_MAX)
  name: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  @MaxJsonBytes(AGENT_COMMAND_PAYLOAD_MAX_BYTES)
  payload?: Record<string, unknown>;
}
