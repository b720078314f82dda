import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import {
  VIOLATION_KIND_NAMES,
  VIOLATION_SEVERITIES,
  VIOLATION_STATUSES,
  type ViolationKind,
  type ViolationSeverity,
  type ViolationStatus,
} from '../violation-kinds';

export class SecurityViolationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: VIOLATION_KIND_NAMES }) kind: ViolationKind;
  @ApiProperty({ enum: VIOLATION_SEVERITIES }) severity: ViolationSeverity;
  @ApiProperty({ enum: VIOLATION_STATUSES }) status: ViolationStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) service_agent_id: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the credential presented, when one was' })
  credential_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'what happened: the key prefix, the rule and action, the robot' })
  detail: Record<string, unknown>;
  @ApiProperty({ description: 'how often it happened within its window (repeats count here instead of opening more violations)' })
  occurrences: number;
  @ApiProperty({ format: 'date-time' }) last_seen_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) acknowledged_at: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) acknowledged_by: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) resolved_at: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) resolved_by: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class SecurityViolationEnvelopeDto {
  @ApiProperty() security_violation: SecurityViolationDto;
}

export class UpdateSecurityViolationDto {
  @ApiProperty({ enum: VIOLATION_STATUSES, description: 'open → acknowledged → resolved, or open → resolved; else 409 invalid_transition' })
  @IsIn(VIOLATION_STATUSES, { message: `must be one of ${VIOLATION_STATUSES.join(', ')}` })
  status: ViolationStatus;
}

/** GET /api/v1/operator/security_violations: newest first; nested-only filters (SPEC.md Operator list filters, 3). */
export const SECURITY_VIOLATION_LIST = defineList({
  key: 'security_violations',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  nestedOnly: true,
  filters: [
    { name: 'status', values: VIOLATION_STATUSES },
    { name: 'severity', values: VIOLATION_SEVERITIES },
    { name: 'kind', values: VIOLATION_KIND_NAMES },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class SecurityViolationListDto {
  @ApiProperty({ type: [SecurityViolationDto] }) security_violations: SecurityViolationDto[];
  @ApiProperty({ description: 'number of violations in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
