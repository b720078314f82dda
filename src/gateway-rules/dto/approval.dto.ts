import { ApiProperty } from '@nestjs/swagger';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { formatDurationMs } from '../../core/text/duration';

export const APPROVAL_STATUSES = ['pending', 'approved', 'denied', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type ApprovalDecision = 'approved' | 'denied';

/** An approval expires this long after the check that asked for it (API.md Domain resources). */
export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;

export class ApprovalDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'the agent whose check asked for it' }) service_agent_id: string;
  @ApiProperty() action: string;
  @ApiProperty({ nullable: true, type: String }) resource: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: "the check's context" }) context: Record<string, unknown>;
  @ApiProperty({ enum: APPROVAL_STATUSES }) status: ApprovalStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the rule that required it (null once deleted)' })
  gateway_rule_id: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the operator who approved or denied it' })
  decided_by: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) decided_at: string | null;
  @ApiProperty({
    format: 'date-time',
    description: `${formatDurationMs(APPROVAL_TTL_MS, 'hour')} after the check; a pending approval then becomes expired`,
  })
  expires_at: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ApprovalEnvelopeDto {
  @ApiProperty() approval: ApprovalDto;
}

/** GET /api/v1/operator/approvals: newest first; nested-only filters (SPEC.md Operator list filters, 3). */
export const APPROVAL_LIST = defineList({
  key: 'approvals',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  nestedOnly: true,
  filters: [
    { name: 'status', values: APPROVAL_STATUSES },
    { name: 'service_agent_id', values: 'uuid' },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ApprovalListDto {
  @ApiProperty({ type: [ApprovalDto] }) approvals: ApprovalDto[];
  @ApiProperty({ description: 'number of approvals in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
