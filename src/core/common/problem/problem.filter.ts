import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { isDatabaseUnavailable } from '../../database/pg-errors';
import { errorPage, wantsHtmlPage } from '../../pages/error-page';
import { sendPage } from '../../pages/layout';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { PROBLEM_CONTENT_TYPE, ProblemBody } from './problem-body';
import { ProblemError } from './problem.error';
import { RedirectError } from './redirect';

const STATUS_TITLES: Record<number, [slug: string, title: string]> = {
  400: ['bad-request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not Found'],
  405: ['method-not-allowed', 'Method Not Allowed'],
  409: ['conflict', 'Conflict'],
  410: ['gone', 'Gone'],
  413: ['payload-too-large', 'Content Too Large'],
  415: ['unsupported-media-type', 'Unsupported Media Type'],
  422: ['validation-error', 'Unprocessable Content'],
  429: ['rate-limited', 'Rate limited'],
  500: ['internal-error', 'Internal Server Error'],
  503: ['service-unavailable', 'Service Unavailable'],
};

/** Seconds a client is asked to wait before retrying after a 503 `database_unavailable`. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The one place errors become HTTP responses: RFC 9457 problem bodies with
 * `type: ${BASE_URL}/problems/<slug>`. Unknown errors are logged and answered with a 500 that
 * carries no stack or message. Postgres being unreachable or saturated (no pooled connection
 * within the checkout timeout, a refused or dropped connection) is a 503 `database_unavailable`
 * with Retry-After instead: the request did nothing and may succeed when retried.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (exception instanceof RedirectError && !res.headersSent) {
      res.redirect(exception.status, exception.location);
      return;
    }
    const problem = this.toProblem(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(problem.headers ?? {})) res.setHeader(name, value);
    if (wantsHtmlPage(req)) {
      sendPage(res, errorPage(problem.status, problem.title, problem.detail), problem.status);
      return;
    }
    res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(this.render(problem)));
  }

  render(problem: ProblemError): ProblemBody {
    const body: ProblemBody = {
      // extra members first, so none of them can overwrite the standard fields
      ...problem.members,
      type: `${this.config.baseUrl}/problems/${problem.slug}`,
      title: problem.title,
      status: problem.status,
      detail: problem.detail,
    };
    if (problem.error !== undefined) body.error = problem.error;
    if (problem.extra !== undefined) body.extra = problem.extra;
    return body;
  }

  private toProblem(exception: unknown, req: Request): ProblemError {
    if (exception instanceof ProblemError) return exception;
    if (exception instanceof HttpException) return this.fromHttpException(exception);
    const context = { request_id: req.headers[REQUEST_ID_HEADER], method: req.method, route: req.route?.path };
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: (exception as Error).message, ...context }, 'database unavailable');
      return new ProblemError({
        ...problemTitle(503),
        detail: 'database_unavailable',
        headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    }
    this.logger.error({ err: exception, ...context }, 'unhandled error');
    return generic(500, 'internal_error');
  }

  private fromHttpException(exception: HttpException): ProblemError {
    const status = exception.getStatus();
    if (status >= 500) {
      this.logger.error({ err: exception }, 'http exception');
      return generic(status, 'internal_error');
    }
    if (status === 404) return generic(404, 'not_found');
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : exception.message;
    return generic(status, message);
  }
}

function problemTitle(status: number): { status: number; slug: string; title: string } {
  const [slug, title] = STATUS_TITLES[status] ?? (status >= 500 ? STATUS_TITLES[500] : STATUS_TITLES[400]);
  return { status, slug, title };
}

function generic(status: number, detail: string): ProblemError {
  return new ProblemError({ ...problemTitle(status), detail });
}
