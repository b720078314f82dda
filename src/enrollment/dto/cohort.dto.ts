import { ApiProperty } from '@nestjs/swagger';
import { Trim } from '../../core/common/validation/transforms';
import { PaginationDto } from '../../core/common/pagination/pagination.dto';
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
