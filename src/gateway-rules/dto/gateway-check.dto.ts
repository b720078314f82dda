import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';
import { MaxJsonBytes } from '../../core/common/validation/json-size';
import { IsLabel } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { ApprovalDto } from './approval.dto';
import { ACTION_MAX } from './gateway-rule.dto';

export const RESOURCE_MAX = 500;
export const CONTEXT_MAX_BYTES = 8192;

export const GATEWAY_DECISIONS = ['allow', 'deny', 'require_approval'] as const;
export type GatewayDecision = (typeof GATEWAY_DECISIONS)[number];
export const GATEWAY_REASONS = ['matched_rule', 'no_matching_rule'] as const;

export class GatewayCheckDto {
  @ApiProperty({ maxLength: ACTION_MAX, example: 'payments.refund', description: 'what the agent is about to do' })
  @Trim()
  @IsLabel(1, ACTION_MAX)
  action: string;

  @ApiPropertyOptional({ maxLength: RESOURCE_MAX, example: 'order/1234' })
  @IsOptional()
  @Trim()
  @IsLabel(1, RESOURCE_MAX)
  resource?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `kept on an approval for the operator; at most ${CONTEXT_MAX_BYTES} bytes as JSON`,
  })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  @MaxJsonBytes(CONTEXT_MAX_BYTES)
  context?: Record<string, unknown>;
}

export class GatewayCheckResponseDto {
  @ApiProperty({ enum: GATEWAY_DECISIONS }) decision: GatewayDecision;
  @ApiProperty({
    enum: GATEWAY_REASONS,
    description: 'matched_rule: the first matching rule decided; no_matching_rule: allowed by default',
  })
  reason: (typeof GATEWAY_REASONS)[number];
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the rule that decided' }) rule_id: string | null;
  @ApiPropertyOptional({
    type: ApprovalDto,
    description: 'with require_approval: the pending approval (the same one while it stays pending)',
  })
  approval?: ApprovalDto;
}
