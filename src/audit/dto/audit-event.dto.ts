import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_ACTOR_TYPES, type AuditActorType } from '../../auth';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditAction, type AuditOutcome } from '../audit-actions';

export class AuditActorDto {
  @ApiProperty({ enum: AUDIT_ACTOR_TYPES }) type!: AuditActorType;
  @ApiProperty({ type: String, nullable: true, description: 'The id of the user, token, partner or service agent; null for `system`.' })
  id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "A readable name for it when known (a user's address)." })
  label!: string | null;
}

export class AuditTargetDto {
  @ApiProperty({ example: 'api_key' }) type!: string;
  @ApiProperty({ type: String, nullable: true, description: "A key's events name its `credential_id`; a record's, its id." })
  id!: string | null;
  @ApiProperty({ type: String, nullable: true }) label!: string | null;
}

export class AuditEventDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) occurred_at!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action!: AuditAction;
  @ApiProperty({ enum: AUDIT_OUTCOMES }) outcome!: AuditOutcome;
  @ApiProperty({ type: AuditActorDto }) actor!: AuditActorDto;
  @ApiProperty({ type: AuditTargetDto, nullable: true }) target!: AuditTargetDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'The client IP of the request (SPEC.md), null for jobs.' })
  ip!: string | null;
  @ApiProperty({ type: String, nullable: true }) user_agent!: string | null;
  @ApiProperty({ type: String, nullable: true }) request_id!: string | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', minItems: 2, maxItems: 2, items: {} },
    nullable: true,
    description: 'Changed fields as `{ field: [before, after] }`.',
  })
  changes!: Record<string, [unknown, unknown]> | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'SHA-256 (hex) of `prev_hash` followed by the canonical JSON of the event without `hash` and `prev_hash`; null until sealed (within 10 s).',
  })
  hash!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The hash of the event before it in the workspace's chain (64 zeros for the first).",
  })
  prev_hash!: string | null;
}

export class AuditEventListDto {
  @ApiProperty({ type: [AuditEventDto] }) audit_events!: AuditEventDto[];
  @ApiProperty({ description: 'How many events match the filters.' }) count!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (older) page; null on the last page.' })
  next_cursor!: string | null;
}

export class AuditVerifyDto {
  @ApiProperty() verified!: boolean;
  @ApiPropertyOptional({ description: 'Sealed events checked.' }) events?: number;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The hash of the newest sealed event.' }) head?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The first event whose hash or link does not hold.' })
  first_mismatch_id?: string | null;
}
