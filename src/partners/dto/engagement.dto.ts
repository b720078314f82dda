import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsObject, IsOptional, IsUUID, Min } from 'class-validator';
import { ENGAGEMENT_SCOPES, type EngagementScope } from '../../auth';
import { MaxJsonBytes } from '../../core/common/validation/json-size';
import { IsLabel } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES, ENGAGEMENT_TOKEN_DEFAULT_TTL_S, ENGAGEMENT_TOKEN_MAX_TTL_S } from '../lifetimes';
import { ENGAGEMENT_STATUSES } from '../partner-scopes';

const PAGE = { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } };

/** Engagements of a workspace (operator) or of a partner (its active ones), newest first. */
export const ENGAGEMENT_LIST = defineList({
  key: 'engagements',
  paginated: true,
  page: PAGE,
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** An engagement's events, newest first (API.md: limit default 50, max 100). */
export const ENGAGEMENT_EVENT_LIST = defineList({
  key: 'engagement_events',
  paginated: true,
  page: PAGE,
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** An optional, non-empty list of engagement scopes (an unknown one is a 422). */
function EngagementScopes(description: string): PropertyDecorator {
  return (target, key) => {
    for (const d of [
      ApiPropertyOptional({ type: [String], enum: [...ENGAGEMENT_SCOPES], enumName: 'EngagementScope', description }),
      IsOptional(),
      IsArray(),
      ArrayNotEmpty({ message: 'must not be empty' }),
      ArrayMaxSize(ENGAGEMENT_SCOPES.length * 4),
      IsIn(ENGAGEMENT_SCOPES, { each: true, message: 'contains an unknown scope' }),
    ]) {
      d(target, key);
    }
  };
}

export class GrantEngagementDto {
  @ApiProperty({ format: 'uuid', description: 'an active partner (GET /api/v1/operator/partners)' })
  @IsUUID('all', { message: 'must be a UUID' })
  partner_id: string;

  @EngagementScopes('what tokens minted under the engagement may do; default: every engagement scope')
  scopes?: EngagementScope[];
}

export class MintEngagementTokenDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: ENGAGEMENT_TOKEN_DEFAULT_TTL_S,
    description: `seconds; above ${ENGAGEMENT_TOKEN_MAX_TTL_S} it is clamped to ${ENGAGEMENT_TOKEN_MAX_TTL_S} (the effective value is returned)`,
  })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be a positive number of seconds' })
  expires_in?: number;

  @EngagementScopes("a subset of the engagement's scopes; default: all of them")
  scopes?: EngagementScope[];
}

export class PostEngagementEventDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'ticket.created' })
  @Trim()
  @IsLabel(1, 100)
  kind: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `any JSON object, at most ${ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES} bytes serialized; default {}`,
  })
  @IsOptional()
  @IsObject({ message: 'must be a JSON object' })
  @MaxJsonBytes(ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES)
  payload?: Record<string, unknown>;
}

export class EngagementDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) partner_id: string;
  @ApiProperty() partner_name: string;
  @ApiProperty({ format: 'uuid' }) workspace_id: string;
  @ApiProperty() workspace_name: string;
  @ApiProperty({ enum: ENGAGEMENT_STATUSES }) status: string;
  @ApiProperty({ type: [String], enum: [...ENGAGEMENT_SCOPES], enumName: 'EngagementScope' }) scopes: EngagementScope[];
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revoked_at: string | null;
}

export class EngagementEnvelopeDto {
  @ApiProperty() engagement: EngagementDto;
}

export class EngagementListDto {
  @ApiProperty({ type: [EngagementDto] }) engagements: EngagementDto[];
  @ApiProperty({ description: 'number of engagements in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export class EngagementTokenDto {
  @ApiProperty({ description: 'opaque bearer token for the engagement routes: shown once' }) token: string;
  @ApiProperty({ enum: ['Bearer'] }) token_type: 'Bearer';
  @ApiProperty({ type: 'integer', description: 'effective lifetime in seconds' }) expires_in: number;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ type: [String], enum: [...ENGAGEMENT_SCOPES], enumName: 'EngagementScope' }) scopes: EngagementScope[];
  @ApiProperty({ format: 'uuid' }) engagement_id: string;
}

export class EngagementTokenEnvelopeDto {
  @ApiProperty() engagement_token: EngagementTokenDto;
}

export class EngagementEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) engagement_id: string;
  @ApiProperty() kind: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class EngagementEventEnvelopeDto {
  @ApiProperty() engagement_event: EngagementEventDto;
}

export class EngagementEventListDto {
  @ApiProperty({ type: [EngagementEventDto] }) engagement_events: EngagementEventDto[];
  @ApiProperty({ description: 'number of events in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
