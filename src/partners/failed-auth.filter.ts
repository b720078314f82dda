import { ArgumentsHost, Catch, Injectable, Optional } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { RouteMethods } from '../core/common/http/route-methods';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { ProblemTransports } from '../core/common/problem/problem-transports';
import { ProblemError } from '../core/common/problem/problem.error';
import { ProblemFilter } from '../core/common/problem/problem.filter';
import { AUTH_FAILURES_METRIC } from '../core/metrics/metric-names';
import { FailedAuthThrottle } from './failed-auth-throttle.service';
import type { Request } from 'express';
import type { Counter } from 'prom-client';

/**
 * On the partner and engagement controllers: every 401 and 403 answer, whether authentication or
 * a service refused, is counted by the failed-authentication throttle before it is sent, and
 * becomes the 429 when it is past the limit. Everything is then written as ProblemFilter writes it.
 */
@Catch()
@Injectable()
export class FailedAuthFilter extends ProblemFilter {
  constructor(
    private readonly throttle: FailedAuthThrottle,
    renderer: ProblemRenderer,
    transports: ProblemTransports,
    routes: RouteMethods,
    @Optional() @InjectMetric(AUTH_FAILURES_METRIC) authFailures?: Counter<string>,
  ) {
    super(renderer, transports, routes, authFailures);
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    // Nest does not wait for a filter: the answer is written when the throttle has counted it.
    void this.answer(exception, host);
  }

  private async answer(exception: unknown, host: ArgumentsHost): Promise<void> {
    let answer = exception;
    if (exception instanceof ProblemError && (exception.status === 401 || exception.status === 403)) {
      answer = await this.throttle.recordFailure(host.switchToHttp().getRequest<Request>(), exception).catch(() => exception);
    }
    super.catch(answer, host);
  }
}
