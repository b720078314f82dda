import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { NO_CACHE, NoCache } from '../core/common/http/no-cache';
import { HealthResponseDto, ReadyResponseDto } from './dto/probe-responses.dto';
import { ReadinessService } from './readiness.service';
import type { Response } from 'express';

@ApiTags('probes')
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly clock: Clock,
  ) {}

  /** Liveness: answers whenever the web process can, and checks no dependency. */
  @Public()
  @Get('health')
  @NoCache()
  @ApiOperation({
    summary: 'Liveness probe',
    description:
      'Public, never cached, not rate limited. Answers 200 `{ status: "ok", timestamp }` whenever the web process can answer; it checks no dependency.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  health(): HealthResponseDto {
    return { status: 'ok', timestamp: this.clock.date().toISOString() };
  }

  @Public()
  @Get('ready')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Readiness probe',
    description:
      'Public, never cached, not rate limited. Checks the database (`repo`), pending migrations (`migrations`) and that every configured job queue has a running worker of positive concurrency on a reachable Redis (`oban`). ' +
      'Answers 200 with status `ok`, or `degraded` when a check passed slowly; 503 with the same check map when any check failed, a pending migration included. ' +
      'From SIGTERM on, 503 at once with `error: "shutting_down"` (the checks are not run), so a load balancer stops sending to the node while it drains.',
  })
  @ApiOkResponse({ type: ReadyResponseDto, description: 'ok or degraded' })
  @ApiServiceUnavailableResponse({ type: ReadyResponseDto, description: 'a required check failed, or the node is shutting down' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadyResponseDto> {
    const report = await this.readiness.report();
    res.setHeader('cache-control', NO_CACHE);
    if (report.status === 'error') res.status(503);
    return report;
  }
}
