import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { ROBOT_STATUSES, RobotStatus } from '../robot-status';
import { IsLabel, IsSerialNumber, NAME_MAX, SERIAL_NUMBER_MAX } from './validators';

export class PreRegisterRobotDto {
  @ApiProperty({ maxLength: SERIAL_NUMBER_MAX, description: 'unique in the workspace; compared exactly' })
  @Trim()
  @IsSerialNumber()
  serial_number: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @IsOptional()
  @Trim()
  @IsLabel(1, NAME_MAX)
  name?: string;
}

export class RobotDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() serial_number: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ enum: ROBOT_STATUSES }) status: RobotStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the agent a claim bound it to' })
  service_agent_id: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) cohort_id: string | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) claimed_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) retired_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class RobotEnvelopeDto {
  @ApiProperty() robot: RobotDto;
}

/** GET /api/v1/operator/robots: newest first; filter status (both forms). */
export const ROBOT_LIST = defineList({
  key: 'robots',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: ROBOT_STATUSES }],
  search: { columns: ['serial_number', 'name'] },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class RobotListDto {
  @ApiProperty({ type: [RobotDto] }) robots: RobotDto[];
  @ApiProperty({ description: 'number of robots in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
