import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { NextFunction, Request, Response } from 'express';
import type { Histogram } from 'prom-client';
import { HTTP_DURATION_METRIC } from './metrics.constants';

/** The catch-all Nest registers to answer 404s; requests it serves matched no route of ours. */
const NOT_FOUND_ROUTE = '/{*path}';

/**
 * Observes every HTTP request's duration, labelled by method, route template (never the raw
 * path, so ids and tokens do not become label values) and status.
 */
@Injectable()
export class HttpMetrics {
  constructor(@InjectMetric(HTTP_DURATION_METRIC) private readonly histogram: Histogram<string>) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const template = (req.route as { path?: string } | undefined)?.path;
      const route = template === undefined || template === NOT_FOUND_ROUTE ? 'unmatched' : template;
      this.histogram.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
    });
    next();
  };
}
