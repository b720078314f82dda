import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { NextFunction, Request, Response } from 'express';
import type { Histogram } from 'prom-client';
import { AccessLog, routeTemplate } from '../core/logging/access-log';
import { HTTP_DURATION_METRIC } from '../core/metrics/metric-names';

/**
 * Observes every HTTP request's duration, labelled by method, route template (never the raw
 * path, so ids and tokens do not become label values) and status.
 */
@Injectable()
export class HttpMetrics {
  constructor(
    @InjectMetric(HTTP_DURATION_METRIC) private readonly histogram: Histogram<string>,
    private readonly accessLog: AccessLog,
  ) {}

  /** One finish hook per request: the duration histogram and the access-log line. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplate(req);
      this.histogram.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      this.accessLog.write(req, res, seconds * 1000, route);
    });
    next();
  };
}
