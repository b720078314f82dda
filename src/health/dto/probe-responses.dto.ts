import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ example: 'ok' }) status: 'ok';
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

export class ReadyResponseDto {
  @ApiProperty({ enum: ['ok', 'degraded', 'error'] }) status: 'ok' | 'degraded' | 'error';
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({
    description: 'repo {status}, migrations {status, pending}, oban {status, queues: {<name>: {status, concurrency}}}',
    example: {
      repo: { status: 'ok' },
      migrations: { status: 'ok', pending: 0 },
      oban: { status: 'ok', queues: { mailer: { status: 'ok', concurrency: 4 } } },
    },
  })
  checks: Record<string, unknown>;
}
