import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import { MetricsAuth } from '../auth';
import { NO_CACHE } from '../core/common/http/no-cache';
import type { Response } from 'express';

@ApiTags('probes')
@Controller()
export class MetricsController extends PrometheusController {
  @MetricsAuth()
  @Get()
  @ApiProduces('text/plain')
  @ApiOperation({
    summary: 'Scrape Prometheus metrics',
    description:
      'For Prometheus scrapers, with `Authorization: Bearer <METRICS_BEARER_TOKEN>` (neither a workspace key nor an operator session); the token is mandatory in production, and outside production /metrics is open when none is configured. ' +
      'Answers the text exposition format with no-cache headers: process metrics, `http_request_duration_seconds` by method, route template and status, the open connections (`http_open_connections`), and counters of auth failures, rate-limit refusals (the log-in throttles included), enrollment claims, socket connections and disconnections, webhook attempts and disabled subscriptions, payment events, dead jobs and connections closed or refused at the connection limit; and, read when scraped, the readiness checks (`ready`, `ready_check`), the job queues (`queue_jobs`) and the open sockets. ' +
      '401 `metrics_token_required` or `invalid_metrics_token`, with `WWW-Authenticate: Bearer realm="metrics"`. Not rate limited.',
  })
  @ApiOkResponse({ description: 'Prometheus text exposition format' })
  @ApiUnauthorizedResponse({ description: 'token missing or invalid; WWW-Authenticate: Bearer realm="metrics"' })
  override async index(@Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('cache-control', NO_CACHE);
    return super.index(response);
  }
}
