import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { IsLabel } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';

export const GATEWAY_EFFECTS = ['allow', 'deny', 'require_approval'] as const;
export type GatewayEffect = (typeof GATEWAY_EFFECTS)[number];

/** At most this many rules a workspace (API.md Part 2 details). */
export const MAX_GATEWAY_RULES = 500;
export const ACTION_MAX = 200;
export const DESCRIPTION_MAX = 500;
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 1_000_000;
export const DEFAULT_PRIORITY = 100;

const ACTION_DOC = `a glob over the action: * matches any run of characters, ? one character; 1 to ${ACTION_MAX} characters`;

export class CreateGatewayRuleDto {
  @ApiProperty({ maxLength: ACTION_MAX, example: 'payments.*', description: ACTION_DOC })
  @Trim()
  @IsLabel(1, ACTION_MAX)
  action: string;

  @ApiProperty({ enum: GATEWAY_EFFECTS })
  @IsIn(GATEWAY_EFFECTS, { message: `must be one of ${GATEWAY_EFFECTS.join(', ')}` })
  effect: GatewayEffect;

  @ApiPropertyOptional({
    minimum: PRIORITY_MIN,
    maximum: PRIORITY_MAX,
    default: DEFAULT_PRIORITY,
    description: 'lower applies first; ties: the older rule first',
  })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(PRIORITY_MIN)
  @Max(PRIORITY_MAX)
  priority?: number;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, nullable: true, type: String })
  @IsOptional()
  @Trim()
  @IsLabel(1, DESCRIPTION_MAX)
  description?: string | null;
}

export class UpdateGatewayRuleDto {
  @ApiPropertyOptional({ maxLength: ACTION_MAX, description: ACTION_DOC })
  @IsOptional()
  @Trim()
  @IsLabel(1, ACTION_MAX)
  action?: string;

  @ApiPropertyOptional({ enum: GATEWAY_EFFECTS })
  @IsOptional()
  @IsIn(GATEWAY_EFFECTS, { message: `must be one of ${GATEWAY_EFFECTS.join(', ')}` })
  effect?: GatewayEffect;

  @ApiPropertyOptional({ minimum: PRIORITY_MIN, maximum: PRIORITY_MAX })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(PRIORITY_MIN)
  @Max(PRIORITY_MAX)
  priority?: number;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, nullable: true, type: String, description: 'null clears it' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Trim()
  @IsLabel(1, DESCRIPTION_MAX)
  description?: string | null;
}

export class GatewayRuleDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: ACTION_DOC }) action: string;
  @ApiProperty({ enum: GATEWAY_EFFECTS }) effect: GatewayEffect;
  @ApiProperty() priority: number;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) created_by: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class GatewayRuleEnvelopeDto {
  @ApiProperty() gateway_rule: GatewayRuleDto;
}

/** GET /api/v1/operator/gateway_rules: every rule of the workspace (at most 500), in the order checks apply them. */
export const GATEWAY_RULE_LIST = defineList({
  key: 'gateway_rules',
  paginated: false,
  page: { limit: { min: 1, max: MAX_GATEWAY_RULES, default: MAX_GATEWAY_RULES } },
  order: { by: ['priority', 'inserted_at'], direction: 'ASC' },
});

export class GatewayRuleListDto {
  @ApiProperty({ type: [GatewayRuleDto], description: 'ascending priority, ties oldest first: the order checks apply them' })
  gateway_rules: GatewayRuleDto[];
  @ApiProperty({ description: 'number of rules in this response' }) count: number;
}
