import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationDto } from '../../core/common/pagination/pagination.dto';
import { Trim } from '../../core/common/validation/transforms';

export const TASK_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export class CreateTaskDto {
  @ApiProperty({ maxLength: 500 })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(500)
  title: string;

  @ApiPropertyOptional({ enum: TASK_STATUSES, default: 'pending' })
  @IsOptional()
  @IsIn(TASK_STATUSES)
  status?: TaskStatus;
}

export class TaskDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: TASK_STATUSES }) status: TaskStatus;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class TaskEnvelopeDto {
  @ApiProperty() task: TaskDto;
}

export class TaskListDto {
  @ApiProperty({ type: [TaskDto] }) tasks: TaskDto[];
  @ApiProperty({ description: 'number of tasks in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
