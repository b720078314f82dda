import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { NO_CONTROL_CHARS } from '../../core/common/validation/text';
import { Trim, TrimBlankAsAbsent } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import type { OperatorRole } from '../../auth';

export class CreateScimTokenDto {
  @ApiPropertyOptional({ maxLength: 120, description: 'a label for the token (default: "SCIM token")' })
  @IsOptional()
  @Trim()
  @IsString()
  @Length(1, 120)
  @Matches(NO_CONTROL_CHARS, { message: 'must be text without control characters' })
  name?: string;
}

/** The administration page's form: it always sends `name`, blank when left empty (the default then applies). */
export class ScimTokenFormDto {
  @IsOptional()
  @TrimBlankAsAbsent()
  @IsString()
  @Length(1, 120)
  @Matches(NO_CONTROL_CHARS, { message: 'must be text without control characters' })
  name?: string;
}

export class ScimTokenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'set within a minute of use' })
  last_used_at: string | null;
}

export class IssuedScimTokenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'the bearer token for /scim/v2, shown once; stored only as SHA-256' }) token: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class IssuedScimTokenEnvelopeDto {
  @ApiProperty() scim_token: IssuedScimTokenDto;
}

export const SCIM_TOKEN_LIST = defineList({
  key: 'scim_tokens',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ScimTokenListDto {
  @ApiProperty({ type: [ScimTokenDto] }) scim_tokens: ScimTokenDto[];
  @ApiProperty({ description: 'number of tokens in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

/** The roles a SCIM group can grant its members: any but owner. */
export const GROUP_ROLES = ['admin', 'member'] as const satisfies readonly OperatorRole[];
export type GroupRole = (typeof GROUP_ROLES)[number];

export class ScimGroupDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() display_name: string;
  @ApiProperty({ nullable: true, type: String }) external_id: string | null;
  @ApiProperty({ enum: GROUP_ROLES, nullable: true, description: 'the workspace role the group grants its members' })
  role: GroupRole | null;
  @ApiProperty() member_count: number;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ScimGroupEnvelopeDto {
  @ApiProperty() scim_group: ScimGroupDto;
}

export class MapScimGroupDto {
  @ApiProperty({ enum: [...GROUP_ROLES, null], nullable: true, description: 'null: the group grants no role' })
  @IsIn([...GROUP_ROLES, null], { message: 'must be admin, member or null' })
  role: GroupRole | null;
}

export const SCIM_GROUP_LIST = defineList({
  key: 'scim_groups',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ScimGroupListDto {
  @ApiProperty({ type: [ScimGroupDto] }) scim_groups: ScimGroupDto[];
  @ApiProperty({ description: 'number of groups in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export const SCIM_OPERATIONS = ['create', 'replace', 'patch', 'delete'] as const;
export const SCIM_RESOURCE_TYPES = ['User', 'Group'] as const;
export const SCIM_SYNC_STATUSES = ['success', 'failure'] as const;

/** API.md: limit default 50, max 200; offset 0..10000; filters status, resource_type, operation. */
export const SCIM_EVENT_LIST = defineList({
  key: 'scim_sync_events',
  paginated: true,
  page: { limit: { min: 1, max: 200, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [
    { name: 'status', values: SCIM_SYNC_STATUSES },
    { name: 'resource_type', values: SCIM_RESOURCE_TYPES },
    { name: 'operation', values: SCIM_OPERATIONS },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class ScimSyncEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: SCIM_OPERATIONS }) operation: string;
  @ApiProperty({ enum: SCIM_RESOURCE_TYPES }) resource_type: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) resource_id: string | null;
  @ApiProperty({ nullable: true, type: String }) external_id: string | null;
  @ApiProperty({ enum: SCIM_SYNC_STATUSES }) status: string;
  @ApiProperty({ description: 'the HTTP status the identity provider was answered' }) status_code: number;
  @ApiProperty({ nullable: true, type: String, description: 'why a write was refused' }) detail: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class ScimSyncEventListDto {
  @ApiProperty({ type: [ScimSyncEventDto] }) scim_sync_events: ScimSyncEventDto[];
  @ApiProperty({ description: 'number of events in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
