import { ApiProperty } from '@nestjs/swagger';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { RobotDto } from './robot.dto';
import { IsLabel, NAME_MAX } from './validators';

export class CreateCohortDto {
  @ApiProperty({ maxLength: NAME_MAX, description: 'unique in the workspace, ignoring case' })
  @Trim()
  @IsLabel(1, NAME_MAX)
  name: string;
}

export class CohortDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'robots in the cohort' }) robot_count: number;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CohortEnvelopeDto {
  @ApiProperty() cohort: CohortDto;
}

/** SPEC.md Lists: cohorts and a cohort's members, limit default 100, max 500; newest first. */
export const COHORT_LIST = defineList({
  key: 'cohorts',
  paginated: true,
  page: { limit: { min: 1, max: 500, default: 100 }, offset: { min: 0, max: 100000 } },
  search: { columns: ['name'] },
  order: { by: 'inserted_at', direction: 'DESC' },
});
export const COHORT_MEMBER_LIST = defineList({ ...COHORT_LIST, key: 'members', search: { columns: ['serial_number', 'name'] } });

export class CohortListDto {
  @ApiProperty({ type: [CohortDto] }) cohorts: CohortDto[];
  @ApiProperty({ description: 'number of cohorts in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

export class CohortShowDto {
  @ApiProperty() cohort: CohortDto;
  @ApiProperty({ type: [RobotDto], description: 'the robots of the cohort, newest first' }) members: RobotDto[];
  @ApiProperty({ description: 'number of members in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
