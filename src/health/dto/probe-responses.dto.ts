import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const CHECK_STATUSES = ['ok', 'degraded', 'error'] as const;

export class HealthResponseDto {
  @ApiProperty({ example: 'ok' }) status: 'ok';
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

export class RepoCheckDto {
  @ApiProperty({ enum: CHECK_STATUSES, description: '`degraded` when the ping took longer than 500 ms' }) status: string;
  @ApiPropertyOptional({ description: 'how long the database ping took, when it answered', example: 3 }) latency_ms?: number;
  @ApiPropertyOptional({ enum: ['database_unreachable', 'shutting_down'] }) error?: string;
}

export class MigrationsCheckDto {
  @ApiProperty({ enum: CHECK_STATUSES }) status: string;
  @ApiProperty({ type: Number, nullable: true, description: 'migrations not applied yet; null when they could not be read' }) pending:
    number | null;
  @ApiPropertyOptional({ enum: ['migrations_unknown', 'shutting_down'] }) error?: string;
}

export interface QueueCheck {
  status: string;
  concurrency: number;
}

export class JobsCheckDto {
  @ApiProperty({ enum: CHECK_STATUSES }) status: string;
  @ApiProperty({
    type: 'object',
    description: 'every job queue, by name: its status and the workers of this node on it',
    additionalProperties: {
      type: 'object',
      required: ['status', 'concurrency'],
      properties: { status: { type: 'string', enum: [...CHECK_STATUSES] }, concurrency: { type: 'integer' } },
    },
  })
  queues: Record<string, QueueCheck>;
  @ApiPropertyOptional({ enum: ['redis_unreachable', 'shutting_down'] }) error?: string;
}

export class ReadyChecksDto {
  @ApiProperty({ type: RepoCheckDto, description: 'PostgreSQL answers a ping' }) repo: RepoCheckDto;
  @ApiProperty({ type: MigrationsCheckDto, description: 'no migration is pending' }) migrations: MigrationsCheckDto;
  @ApiProperty({
    type: JobsCheckDto,
    description: 'the job queues (the interface keeps the name `oban`): Redis reachable, a worker on each queue',
  })
  oban: JobsCheckDto;
}

export class ReadyResponseDto {
  @ApiProperty({ enum: CHECK_STATUSES, description: 'any check in error: `error` (503); any slow check: `degraded` (200)' }) status:
    'ok' | 'degraded' | 'error';
  @ApiPropertyOptional({
    enum: ['shutting_down'],
    description: 'the node is draining after SIGTERM: 503 at once, every check `error` with the same code and not run',
  })
  error?: 'shutting_down';
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: ReadyChecksDto }) checks: ReadyChecksDto;
}
