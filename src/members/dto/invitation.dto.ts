import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { OPERATOR_ROLES, type OperatorRole } from '../../auth';
import { NormalizeEmail } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'replaced'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation's link works this long (API.md Part 3: 7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** The acceptance page of a link: `${INVITATION_PATH}/<token>`. */
export const INVITATION_PATH = '/users/invitations';

/** GET /api/v1/operator/invitations: newest first (ADR 0242), `status` filters. */
export const INVITATION_LIST = defineList({
  key: 'invitations',
  paginated: true,
  page: { limit: { min: 1, max: 200, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: INVITATION_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class CreateInvitationDto {
  @ApiProperty({ example: 'grace@example.com', description: 'trimmed and lower-cased' })
  @NormalizeEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'must be a valid email address' })
  email: string;

  @ApiProperty({ enum: OPERATOR_ROLES, description: 'admin or member; only an owner invites an owner' })
  @IsIn(OPERATOR_ROLES, { message: `must be one of ${OPERATOR_ROLES.join(', ')}` })
  role: OperatorRole;
}

export class InvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: OPERATOR_ROLES }) role: OperatorRole;
  @ApiProperty({
    enum: INVITATION_STATUSES,
    description: 'replaced: a newer invitation to the address took its place; a pending one past expires_at no longer works',
  })
  status: InvitationStatus;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) accepted_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revoked_at: string | null;
}

export class InvitationEnvelopeDto {
  @ApiProperty() invitation: InvitationDto;
}

export class InvitationListDto {
  @ApiProperty({ type: [InvitationDto] }) invitations: InvitationDto[];
  @ApiProperty({ description: 'number of invitations in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
