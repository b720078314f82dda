import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { formatDurationMs } from '../../core/text/duration';
import { DATA_SUBJECT_TYPES, type DataSubjectType } from '../../data-subjects';

export const DATA_REQUEST_KINDS = ['export', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** An export's document can be downloaded this long after it completed (API.md Domain resources). */
export const EXPORT_DOWNLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class CreateDataRequestDto {
  @ApiProperty({
    enum: DATA_REQUEST_KINDS,
    description: 'export: a JSON document of everything held about the subject; erasure: anonymise it',
  })
  @IsIn(DATA_REQUEST_KINDS, { message: `must be one of ${DATA_REQUEST_KINDS.join(', ')}` })
  kind: DataRequestKind;

  @ApiProperty({ enum: DATA_SUBJECT_TYPES })
  @IsIn(DATA_SUBJECT_TYPES, { message: `must be one of ${DATA_SUBJECT_TYPES.join(', ')}` })
  subject_type: DataSubjectType;

  @ApiProperty({ format: 'uuid', description: 'an operator (member), visible service agent or robot of the workspace' })
  @IsUUID('all', { message: 'must be a UUID' })
  subject_id: string;
}

export class DataRequestDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DATA_REQUEST_KINDS }) kind: DataRequestKind;
  @ApiProperty({ enum: DATA_SUBJECT_TYPES }) subject_type: DataSubjectType;
  @ApiProperty({ format: 'uuid' }) subject_id: string;
  @ApiProperty({ enum: DATA_REQUEST_STATUSES }) status: DataRequestStatus;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: `exports: until when GET .../download serves the document (${formatDurationMs(EXPORT_DOWNLOAD_TTL_MS)})`,
  })
  download_expires_at: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) requested_by: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'why a failed request failed' }) error: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) completed_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class DataRequestEnvelopeDto {
  @ApiProperty() data_request: DataRequestDto;
}

/** GET /api/v1/operator/data_requests (SPEC.md Lists): default 50, max 200; status and kind (both forms). */
export const DATA_REQUEST_LIST = defineList({
  key: 'data_requests',
  paginated: true,
  page: { limit: { min: 1, max: 200, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [
    { name: 'status', values: DATA_REQUEST_STATUSES },
    { name: 'kind', values: DATA_REQUEST_KINDS },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class DataRequestListDto {
  @ApiProperty({ type: [DataRequestDto] }) data_requests: DataRequestDto[];
  @ApiProperty({ description: 'number of data requests in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
