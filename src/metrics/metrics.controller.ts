import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import type { Response } from 'express';
import { MetricsAuth } from '../auth';
import { NO_CACHE } from '../core/common/http/no-cache';

@ApiTags('probes')
@Controller()
export class MetricsController extends PrometheusController {
  @MetricsAuth()
  @Get()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format' })
  @ApiUnauthorizedResponse({ description: 'token missing or invalid; WWW-Authenticate: Bearer realm="metrics"' })
  override async index(@Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('cache-control', NO_CACHE);
    return super.index(response);
  }
}
