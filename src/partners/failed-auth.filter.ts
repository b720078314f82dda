import { ArgumentsHost, Catch, ExceptionFilter, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { ProblemError } from '../core/common/problem/problem.error';
import { ProblemFilter } from '../core/common/problem/problem.filter';
import { FailedAuthThrottle } from './failed-auth-throttle.service';

/**
 * On the partner and engagement controllers: every 401 and 403 answer, whether authentication or
 * a service refused, is counted by the failed-authentication throttle before it is sent, and
 * becomes the 429 when it is past the limit. Everything is then written as ProblemFilter writes it.
 */
@Catch()
@Injectable()
export class FailedAuthFilter implements ExceptionFilter {
  private readonly problems: ProblemFilter;

  constructor(
    private readonly throttle: FailedAuthThrottle,
    renderer: ProblemRenderer,
  ) {
    this.problems = new ProblemFilter(renderer);
  }

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    let answer = exception;
    if (exception instanceof ProblemError && (exception.status === 401 || exception.status === 403)) {
      answer = await this.throttle.recordFailure(host.switchToHttp().getRequest<Request>(), exception).catch(() => exception);
    }
    this.problems.catch(answer, host);
  }
}
