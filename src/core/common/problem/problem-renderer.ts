import { HttpException, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DATABASE_RETRY_AFTER_SECONDS, dependencyUnavailable } from './dependency-unavailable';
import { ProblemBody } from './problem-body';
import { ProblemCode } from './problem-codes';
import { ProblemError } from './problem.error';

/** What a transport answers for a thrown value. Transports map by `code`/`status`, never by the body's strings. */
export interface RenderedProblem {
  status: number;
  code: ProblemCode;
  /** Response headers (Retry-After, WWW-Authenticate...), as the error set them. */
  headers: Record<string, string>;
  /** The RFC 9457 body (application/problem+json). */
  body: ProblemBody;
  /** Set where the contract answers text/plain instead of a problem (the login 429): the whole text. */
  plainText?: string;
}

/** Who asked, for the log lines of unexpected errors (never rendered). */
export interface ProblemLogContext {
  request_id?: unknown;
  method?: string;
  route?: string;
}

/**
 * Turns any thrown value into the problem a transport answers: a ProblemError as it says; a Nest
 * HttpException by its status (404 not_found, 5xx internal_error without its message, other 4xx
 * with its message as detail); Postgres unreachable or saturated as a 503 `database_unavailable`
 * with Retry-After (the request did nothing and may succeed when retried); anything else as a
 * logged 500 `internal_error` that carries no message or stack. Used by the HTTP ProblemFilter
 * and the websocket gateway's upgrade refusals.
 */
@Injectable()
export class ProblemRenderer {
  // The log lines keep the context they had when the filter did this itself.
  private readonly logger = new Logger('ProblemFilter');

  constructor(private readonly config: AppConfig) {}

  render(exception: unknown, context: ProblemLogContext = {}): RenderedProblem {
    const problem = this.toProblem(exception, context);
    return {
      status: problem.status,
      code: problem.code,
      headers: { ...problem.headers },
      body: this.body(problem),
      ...(problem.plainText && { plainText: `${problem.detail}\n` }),
    };
  }

  /** The RFC 9457 body of a problem: `type` is `${BASE_URL}/problems/<slug>`. */
  body(problem: ProblemError): ProblemBody {
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

  private toProblem(exception: unknown, context: ProblemLogContext): ProblemError {
    if (exception instanceof ProblemError) return exception;
    if (exception instanceof HttpException) return this.fromHttpException(exception);
    const unavailable = dependencyUnavailable(exception);
    if (unavailable) {
      this.logger.warn({ err: (exception as Error).message, ...context }, unavailable.replace('_', ' '));
      return new ProblemError({ status: 503, code: unavailable, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });
    }
    this.logger.error({ err: exception, ...context }, 'unhandled error');
    return new ProblemError({ status: 500, code: 'internal_error' });
  }

  private fromHttpException(exception: HttpException): ProblemError {
    const status = exception.getStatus();
    if (status >= 500) {
      this.logger.error({ err: exception }, 'http exception');
      return new ProblemError({ status, code: 'internal_error' });
    }
    if (status === 404) return new ProblemError({ status, code: 'not_found' });
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : exception.message;
    return new ProblemError({ status, code: 'http_exception', detail: message });
  }
}
