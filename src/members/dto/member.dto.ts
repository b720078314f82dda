import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { OPERATOR_ROLES, type OperatorRole } from '../../auth';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** GET /api/v1/operator/members: oldest membership first (the workspace's founder on top). */
export const MEMBER_LIST = defineList({
  key: 'members',
  paginated: true,
  page: { limit: { min: 1, max: 200, default: 50 }, offset: { min: 0, max: 10000 } },
  search: { columns: ['u.name', 'u.email'] },
  order: { by: 'inserted_at', direction: 'ASC' },
});

export class MemberUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
}

export class MemberDto {
  @ApiProperty() user: MemberUserDto;
  @ApiProperty({ enum: OPERATOR_ROLES }) role: OperatorRole;
  @ApiProperty({ enum: MEMBER_STATUSES, description: 'suspended: the membership or the account is suspended (SCIM)' })
  status: MemberStatus;
  @ApiProperty({ description: 'the account has a second factor: a confirmed TOTP or a passkey' }) mfa_enabled: boolean;
  @ApiProperty({ description: "has signed in through one of this workspace's SSO connections" }) sso: boolean;
  @ApiProperty({ description: "provisioned by this workspace's SCIM: its role and removal are SCIM's (409 scim_managed)" })
  scim_managed: boolean;
  @ApiProperty({ format: 'date-time', description: 'when the membership began' }) inserted_at: string;
}

export class MemberEnvelopeDto {
  @ApiProperty() member: MemberDto;
}

export class MemberListDto {
  @ApiProperty({ type: [MemberDto] }) members: MemberDto[];
  @ApiProperty({ description: 'number of members in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export class UpdateMemberDto {
  @ApiProperty({ enum: OPERATOR_ROLES, description: 'only an owner makes or unmakes an owner' })
  @IsIn(OPERATOR_ROLES, { message: `must be one of ${OPERATOR_ROLES.join(', ')}` })
  role: OperatorRole;
}
