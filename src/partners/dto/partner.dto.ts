import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PARTNER_SCOPES, type PartnerScope } from '../../auth';
import { IsLabel } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { ROTATION_MAX_GRACE_S } from '../lifetimes';
import { PARTNER_STATUSES } from '../partner-scopes';

export const PARTNER_NAME_MAX = 120;

/** GET /api/v1/admin/partners and /admin/partners: every partner, newest first. */
export const PARTNER_LIST = defineList({
  key: 'partners',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** GET /api/v1/operator/partners: the active partners a workspace may engage. */
export const ACTIVE_PARTNER_LIST = defineList({
  key: 'partners',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** A non-empty list of partner scopes (an unknown one is a 422). */
const PartnerScopes = (required: boolean) => (target: object, key: string) => {
  const decorators = [
    (required ? ApiProperty : ApiPropertyOptional)({ type: [String], enum: [...PARTNER_SCOPES], enumName: 'PartnerScope' }),
    IsArray(),
    ArrayNotEmpty({ message: 'must not be empty' }),
    ArrayMaxSize(PARTNER_SCOPES.length * 4),
    IsIn(PARTNER_SCOPES, { each: true, message: 'contains an unknown scope' }),
  ];
  if (!required) decorators.push(IsOptional());
  for (const d of decorators) d(target, key);
};

export class CreatePartnerDto {
  @ApiProperty({ minLength: 1, maxLength: PARTNER_NAME_MAX })
  @Trim()
  @IsLabel(1, PARTNER_NAME_MAX)
  name: string;

  @PartnerScopes(true)
  scopes: PartnerScope[];
}

export class UpdatePartnerDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: PARTNER_NAME_MAX })
  @IsOptional()
  @Trim()
  @IsLabel(1, PARTNER_NAME_MAX)
  name?: string;

  @PartnerScopes(false)
  scopes?: PartnerScope[];
}

export class RotatePartnerKeyDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: ROTATION_MAX_GRACE_S,
    default: 0,
    description: 'how long the old key keeps working; 0 stops it at once',
  })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(0)
  @Max(ROTATION_MAX_GRACE_S)
  grace_period_seconds?: number;
}

export class PartnerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: PARTNER_STATUSES }) status: string;
  @ApiProperty({ type: [String], enum: [...PARTNER_SCOPES], enumName: 'PartnerScope' }) scopes: PartnerScope[];
  @ApiProperty({ description: 'mpk_ and the 11-character prefix of the current key', example: 'mpk_Abc123Def45' }) key_prefix: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'last use of any of its keys (written at most once a minute per key)',
  })
  last_used_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class PartnerKeyDto {
  @ApiProperty({ description: 'mpk_<prefix>.<secret>: shown once' }) key: string;
  @ApiProperty({ example: 'mpk_Abc123Def45' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class PartnerEnvelopeDto {
  @ApiProperty() partner: PartnerDto;
}

export class IssuedPartnerKeyEnvelopeDto {
  @ApiProperty() partner: PartnerDto;
  @ApiProperty() partner_key: PartnerKeyDto;
}

export class PartnerListDto {
  @ApiProperty({ type: [PartnerDto] }) partners: PartnerDto[];
  @ApiProperty({ description: 'number of partners in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export class PartnerSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class PartnerSummaryListDto {
  @ApiProperty({ type: [PartnerSummaryDto] }) partners: PartnerSummaryDto[];
  @ApiProperty({ description: 'number of partners in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
