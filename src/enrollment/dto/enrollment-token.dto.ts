import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { MACHINE_SCOPES, type MachineScope } from '../../auth';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import {
  DEVICE_DEFAULT_SCOPES,
  ENROLLMENT_DEFAULT_EXPIRES_IN,
  ENROLLMENT_MAX_CLAIMS,
  ENROLLMENT_MAX_EXPIRES_IN,
  ENROLLMENT_TOKEN_STATES,
  EnrollmentTokenState,
} from '../enrollment-rules';
import { IsLabel, IsSerialNumber, TAG_MAX, TrimEachUnique } from './validators';

export const MAX_DEFAULT_TAGS = 50;

export class IssueEnrollmentTokenDto {
  @ApiPropertyOptional({ minimum: 1, maximum: ENROLLMENT_MAX_CLAIMS, default: 1, description: '1: single-use; more: a fleet token' })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(1)
  @Max(ENROLLMENT_MAX_CLAIMS)
  max_claims?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: ENROLLMENT_MAX_EXPIRES_IN, default: ENROLLMENT_DEFAULT_EXPIRES_IN, description: 'seconds' })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(1)
  @Max(ENROLLMENT_MAX_EXPIRES_IN)
  expires_in?: number;

  @ApiPropertyOptional({ type: [String], description: 'when not empty, only these serial numbers may claim' })
  @IsOptional()
  @TrimEachUnique()
  @IsArray()
  @ArrayMaxSize(ENROLLMENT_MAX_CLAIMS)
  @IsSerialNumber(true)
  serial_allowlist?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: "a cohort of this workspace; a claim's robot joins it" })
  @IsOptional()
  @IsUUID(undefined, { message: 'must be a UUID' })
  cohort_id?: string;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_DEFAULT_TAGS, description: "added to each claim's robot" })
  @IsOptional()
  @TrimEachUnique()
  @IsArray()
  @ArrayMaxSize(MAX_DEFAULT_TAGS)
  @IsLabel(1, TAG_MAX, { each: true, what: 'tags' })
  default_tags?: string[];

  @ApiPropertyOptional({
    type: [String],
    enum: [...MACHINE_SCOPES],
    description: `scopes of the credentials each claim issues; default: ${DEVICE_DEFAULT_SCOPES.join(', ')}`,
  })
  @IsOptional()
  @TrimEachUnique()
  @IsArray()
  @ArrayNotEmpty({ message: 'must not be empty (omit it for the default device scopes)' })
  @IsIn(MACHINE_SCOPES, { each: true, message: 'contains an unknown scope' })
  scopes?: MachineScope[];
}

export class EnrollmentTokenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'age_Xy3kq0VbT1c', description: 'identifies the token; not a secret' }) prefix: string;
  @ApiProperty({ enum: ENROLLMENT_TOKEN_STATES }) status: EnrollmentTokenState;
  @ApiProperty() max_claims: number;
  @ApiProperty() claims_count: number;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ type: [String] }) serial_allowlist: string[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) cohort_id: string | null;
  @ApiProperty({ type: [String] }) default_tags: string[];
  @ApiProperty({ type: [String] }) scopes: MachineScope[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revoked_at: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the user who issued it' }) created_by: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class IssuedEnrollmentTokenDto extends EnrollmentTokenDto {
  @ApiProperty({ description: 'age_<prefix>.<secret>; shown only here' }) token: string;
}

export class IssuedEnrollmentTokenEnvelopeDto {
  @ApiProperty() enrollment_token: IssuedEnrollmentTokenDto;
}

export class EnrollmentTokenEnvelopeDto {
  @ApiProperty() enrollment_token: EnrollmentTokenDto;
}

/** GET /api/v1/operator/enrollment_tokens: newest first. */
export const ENROLLMENT_TOKEN_LIST = defineList({
  key: 'enrollment_tokens',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  search: { columns: ['prefix'] },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class EnrollmentTokenListDto {
  @ApiProperty({ type: [EnrollmentTokenDto] }) enrollment_tokens: EnrollmentTokenDto[];
  @ApiProperty({ description: 'number of tokens in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
