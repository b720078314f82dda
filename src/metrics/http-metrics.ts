import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AccessLog, routeTemplate } from '../core/logging/access-log';
import { HTTP_DURATION_METRIC } from '../core/metrics/metric-names';
import type { NextFunction, Request, Response } from 'express';
import type { Histogram } from 'prom-client';

const STARTED = Symbol('request started (performance.now ms)');
type Observed = Response & { [STARTED]: number };

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

  /**
   * One finish listener for every request (EventEmitter calls it with the response as `this`),
   * with the start time riding on the response: no closure or `once` wrapper is made per
   * request. It feeds the duration histogram and writes the access-log line.
   */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    (res as Observed)[STARTED] = performance.now();
    res.on('finish', this.onFinish);
    next();
  };

  private readonly onFinish = ((metrics: HttpMetrics) =>
    function (this: Observed): void {
      metrics.finished(this, performance.now() - this[STARTED]);
    })(this);

  private finished(res: Observed, ms: number): void {
    const req = res.req;
    const route = routeTemplate(req);
    this.histogram.observe({ method: req.method, route, status: String(res.statusCode) }, ms / 1000);
    this.accessLog.write(req, res, ms, route);
  }
}
