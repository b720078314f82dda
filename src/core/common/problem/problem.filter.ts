import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException, Optional } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AUTH_FAILURES_METRIC } from '../../metrics/metric-names';
import { errorPage, wantsHtmlPage } from '../../pages/error-page';
import { sendPage } from '../../pages/layout';
import { uncountedRefusalMechanism } from '../http/auth-outcome';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { RouteMethods } from '../http/route-methods';
import { fieldErrorsInWords } from './form-refusal';
import { PROBLEM_CONTENT_TYPE } from './problem-body';
import { ProblemRenderer, RenderedProblem } from './problem-renderer';
import { ProblemTransports } from './problem-transports';
import { FieldErrors, ProblemError } from './problem.error';
import { RedirectError } from './redirect';
import type { Request, Response } from 'express';
import type { Counter } from 'prom-client';

/** A 422's `errors` as its error page says them: the form pages' words. */
const inWords = (errors: FieldErrors | undefined) => (errors ? fieldErrorsInWords(errors) : undefined);

/**
 * The one place errors become HTTP responses. ProblemRenderer decides the problem (status,
 * headers, RFC 9457 body); this filter writes it: problem+json for API clients, the error page
 * for a browser on a page route, plain text where the contract says so (the login 429), and a
 * transport's own format under the prefix it registered (SCIM's error schema under /scim/).
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(
    private readonly renderer: ProblemRenderer,
    private readonly transports: ProblemTransports,
    private readonly routes: RouteMethods,
    @Optional() @InjectMetric(AUTH_FAILURES_METRIC) private readonly authFailures?: Counter<string>,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (exception instanceof RedirectError && !res.headersSent) {
      res.redirect(exception.status, exception.location);
      return;
    }
    const problem = this.renderer.render(this.methodNotAllowed(exception, req) ?? exception, {
      request_id: req.headers[REQUEST_ID_HEADER],
      method: req.method,
      route: req.route?.path,
    });
    this.countRefusal(problem, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    const transport = this.transports.writerFor(req.path);
    if (transport) {
      transport(problem, req, res);
      return;
    }
    if (problem.plainText !== undefined) {
      res.status(problem.status).type('text/plain').send(problem.plainText);
      return;
    }
    if (wantsHtmlPage(req)) {
      sendPage(
        res,
        errorPage(problem.status, problem.body.title, problem.body.detail, inWords(problem.body.errors as FieldErrors | undefined)),
        problem.status,
      );
      return;
    }
    res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.body));
  }

  /**
   * auth_failures_total counts every 401 and 403 answer, labelled by the route's mechanism and the
   * problem's code (the guard counts the refusals of authentication itself; these are the rest:
   * the token exchange, the claim, a missing scope found by a service, ...).
   */
  private countRefusal(problem: RenderedProblem, req: Request): void {
    if (problem.status !== 401 && problem.status !== 403) return;
    const mechanism = uncountedRefusalMechanism(req);
    if (mechanism !== undefined) this.authFailures?.inc({ mechanism, reason: problem.code });
  }

  /** No route matched (Nest's NotFoundException, req.route unset), but one takes another method on this path: 405. */
  private methodNotAllowed(exception: unknown, req: Request): ProblemError | undefined {
    if (!(exception instanceof NotFoundException) || req.route) return undefined;
    const allowed = this.routes.allowed(req.path);
    if (allowed.length === 0) return undefined;
    return new ProblemError({ status: 405, code: 'method_not_allowed', headers: { allow: allowed.join(', ') } });
  }
}
