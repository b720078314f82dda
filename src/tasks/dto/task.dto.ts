import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';

export const TASK_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** GET /api/v1/tasks (SPEC.md Lists): limit 0-100, offset 0-10000; newest first; filter status (both forms). */
export const TASK_LIST = defineList({
  key: 'tasks',
  paginated: true,
  page: { limit: { min: 0, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: TASK_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

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
