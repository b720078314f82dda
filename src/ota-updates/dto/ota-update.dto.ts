import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUrl, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsLabel } from '../../core/common/validation/text';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import {
  OTA_STATUSES,
  OTA_UPDATE_TYPES,
  type OtaStatus,
  type OtaUpdateType,
  REPORTED_OTA_STATUSES,
  type ReportedOtaStatus,
} from '../ota-status';

export const VERSION_MAX = 100;
export const ARTIFACT_URL_MAX = 2048;
export const DETAIL_MAX = 2000;

/** What an update installs: the params of a create_ota_update batch operation, and the body of a create. */
export class OtaUpdateParams {
  @ApiProperty({ enum: OTA_UPDATE_TYPES })
  @IsIn(OTA_UPDATE_TYPES, { message: `must be one of ${OTA_UPDATE_TYPES.join(', ')}` })
  update_type: OtaUpdateType;

  @ApiProperty({ maxLength: VERSION_MAX, example: '4.3.1' })
  @Trim()
  @IsLabel(1, VERSION_MAX)
  version: string;

  @ApiProperty({ maxLength: ARTIFACT_URL_MAX, example: 'https://updates.example.com/robot-4.3.1.bin' })
  @Trim()
  @IsString()
  @MaxLength(ARTIFACT_URL_MAX)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, { message: 'must be an http or https URL' })
  artifact_url: string;

  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the artifact, 64 hex digits (upper case is accepted and lowered)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be 64 hexadecimal digits' })
  sha256: string;
}

export class CreateOtaUpdateDto extends OtaUpdateParams {
  @ApiPropertyOptional({ format: 'uuid', description: 'one robot (201 with the update); or cohort_id' })
  @IsOptional()
  @IsUUID('all', { message: 'must be a UUID' })
  robot_id?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'a cohort: one update per robot, as a create_ota_update batch operation (202 with the operation)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'must be a UUID' })
  cohort_id?: string;
}

export class ReportOtaUpdateDto {
  @ApiProperty({ enum: REPORTED_OTA_STATUSES, description: 'forward only: pending → downloading → installing → succeeded | failed' })
  @IsIn(REPORTED_OTA_STATUSES, { message: `must be one of ${REPORTED_OTA_STATUSES.join(', ')}` })
  status: ReportedOtaStatus;

  @ApiPropertyOptional({ maxLength: DETAIL_MAX, description: 'what the robot says about it (progress, an error)' })
  @IsOptional()
  @Trim()
  @IsLabel(1, DETAIL_MAX)
  detail?: string;
}

export class OtaUpdateDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) robot_id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: "the robot's agent, which gets the ota_update command" })
  service_agent_id: string | null;
  @ApiProperty({ enum: OTA_UPDATE_TYPES }) update_type: OtaUpdateType;
  @ApiProperty() version: string;
  @ApiProperty() artifact_url: string;
  @ApiProperty() sha256: string;
  @ApiProperty({ enum: OTA_STATUSES }) status: OtaStatus;
  @ApiProperty({ nullable: true, type: String }) detail: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the ota_update agent command' }) agent_command_id:
    string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the batch operation that created it, for a cohort' })
  batch_operation_id: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) created_by: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class OtaUpdateEnvelopeDto {
  @ApiProperty() ota_update: OtaUpdateDto;
}

/**
 * GET /api/v1/operator/ota-updates and GET /api/v1/ota_updates: newest first; only
 * filter[status], filter[update_type], filter[robot_id] (nested form only, others ignored).
 */
export const OTA_UPDATE_LIST = defineList({
  key: 'ota_updates',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  nestedOnly: true,
  filters: [
    { name: 'status', values: OTA_STATUSES },
    { name: 'update_type', values: OTA_UPDATE_TYPES },
    { name: 'robot_id', values: 'uuid' },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class OtaUpdateListDto {
  @ApiProperty({ type: [OtaUpdateDto] }) ota_updates: OtaUpdateDto[];
  @ApiProperty({ description: 'number of updates in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
