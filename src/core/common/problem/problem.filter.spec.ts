import { ArgumentsHost, BadRequestException, HttpException, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { loadConfig } from '../../config/app-config';
import { RouteMethods } from '../http/route-methods';
import { DATABASE_RETRY_AFTER_SECONDS } from './dependency-unavailable';
import { PROBLEM_CONTENT_TYPE } from './problem-body';
import { ProblemRenderer } from './problem-renderer';
import { ProblemTransports } from './problem-transports';
import { ProblemError, UnauthorizedProblem, ValidationProblem } from './problem.error';
import { ProblemFilter } from './problem.filter';
import type { DiscoveryService } from '@nestjs/core';

const BASE_URL = 'https://api.example.com';

/** A fake express response that records what the filter does to it. */
class FakeResponse {
  headersSent = false;
  statusCode?: number;
  contentType?: string;
  headers: Record<string, string> = {};
  sent?: string;
  ended = false;
  calls: string[] = [];

  status(code: number): this {
    this.calls.push('status');
    this.statusCode = code;
    return this;
  }
  type(value: string): this {
    this.calls.push('type');
    this.contentType = value;
    return this;
  }
  setHeader(name: string, value: string): this {
    this.calls.push('setHeader');
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  send(body: string): this {
    this.calls.push('send');
    this.sent = body;
    return this;
  }
  end(): this {
    this.calls.push('end');
    this.ended = true;
    return this;
  }
  json(): this {
    throw new Error('the filter must not use res.json');
  }

  get body(): Record<string, unknown> {
    if (typeof this.sent !== 'string') throw new Error(`nothing (or a non-string) was sent: ${String(this.sent)}`);
    return JSON.parse(this.sent) as Record<string, unknown>;
  }
}

interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  route?: { path: string };
  accepts?: () => string;
}

function makeHost(res: FakeResponse, req: FakeRequest, type = 'http'): ArgumentsHost {
  const http = {
    getRequest: () => req,
    getResponse: () => res,
    getNext: () => () => undefined,
  };
  return {
    getType: () => type,
    switchToHttp: () => http,
    switchToRpc: () => {
      throw new Error('not rpc');
    },
    switchToWs: () => {
      throw new Error('not ws');
    },
    getArgs: () => [req, res],
    getArgByIndex: (i: number) => [req, res][i],
  } as unknown as ArgumentsHost;
}

describe('ProblemFilter', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://u:p@h:5432/d',
    REDIS_URL: 'redis://h:6379/0',
    BASE_URL,
  });
  let filter: ProblemFilter;
  let res: FakeResponse;
  let req: FakeRequest;
  let logError: jest.SpyInstance;

  beforeEach(() => {
    filter = new ProblemFilter(new ProblemRenderer(config), new ProblemTransports({} as DiscoveryService), new RouteMethods());
    res = new FakeResponse();
    req = { method: 'POST', url: '/api/v1/things', headers: { 'x-request-id': 'req-123' }, route: { path: '/api/v1/things' } };
    logError = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const run = (exception: unknown) => filter.catch(exception, makeHost(res, req));

  describe('Postgres unreachable or saturated', () => {
    it('is a 503 database_unavailable with Retry-After, logged as a warning without the stack', () => {
      const logWarn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      run(new Error('timeout exceeded when trying to connect'));

      expect(res.statusCode).toBe(503);
      expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/service-unavailable`,
        title: 'Service Unavailable',
        status: 503,
        detail: 'database_unavailable',
      });
      expect(logError).not.toHaveBeenCalled();
      expect(logWarn).toHaveBeenCalledWith(
        expect.objectContaining({ err: 'timeout exceeded when trying to connect', request_id: 'req-123' }),
        'database unavailable',
      );
    });

    it('looks through TypeORM to the driver error', () => {
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const driverError = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      run(new QueryFailedError('SELECT 1', [], driverError));
      expect(res.statusCode).toBe(503);
    });
  });

  describe('an unknown error', () => {
    it('is a 500 problem+json with a fixed body that carries neither message nor stack', () => {
      const err = new Error('db password is hunter2');
      run(err);

      expect(res.statusCode).toBe(500);
      expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/internal-error`,
        title: 'Internal Server Error',
        status: 500,
        detail: 'internal_error',
      });
      expect(res.sent).not.toContain('hunter2');
      expect(res.sent).not.toContain(err.stack!.split('\n')[1].trim());
      expect(res.sent).not.toMatch(/at .*\.ts:\d+/);
      expect(res.ended).toBe(false);
    });

    it('is logged with the error object, the request id, method and route', () => {
      const err = new Error('db password is hunter2');
      run(err);

      expect(logError).toHaveBeenCalledTimes(1);
      expect(logError).toHaveBeenCalledWith(
        expect.objectContaining({ err, request_id: 'req-123', method: 'POST', route: '/api/v1/things' }),
        'unhandled error',
      );
      expect((logError.mock.calls[0][0] as { err: unknown }).err).toBe(err);
    });

    it('a thrown non-Error value is also a bare 500 and is logged', () => {
      run('raw string secret');
      expect(res.statusCode).toBe(500);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/internal-error`,
        title: 'Internal Server Error',
        status: 500,
        detail: 'internal_error',
      });
      expect(res.sent).not.toContain('raw string secret');
      expect(logError).toHaveBeenCalledWith(expect.objectContaining({ err: 'raw string secret' }), 'unhandled error');
    });
  });

  describe('a ProblemError', () => {
    it('renders its headers, top-level `error` and `extra` object', () => {
      run(
        new ProblemError({
          status: 403,
          code: 'workspace_frozen',
          slug: 'workspace-suspended',
          detail: 'This workspace is frozen.',
          error: 'workspace_frozen',
          extra: { workspace_id: 'ws_1', retry: false },
          headers: { 'Retry-After': '30', 'X-Custom': 'yes' },
        }),
      );

      expect(res.statusCode).toBe(403);
      expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
      expect(res.headers).toEqual({ 'retry-after': '30', 'x-custom': 'yes' });
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/workspace-suspended`,
        title: 'Forbidden',
        status: 403,
        detail: 'This workspace is frozen.',
        error: 'workspace_frozen',
        extra: { workspace_id: 'ws_1', retry: false },
      });
      // headers are set before the body is sent
      expect(res.calls.indexOf('setHeader')).toBeLessThan(res.calls.indexOf('send'));
      expect(logError).not.toHaveBeenCalled();
    });

    it('without error/extra/headers renders only the four standard members', () => {
      run(new ProblemError({ status: 409, code: 'enrollment_claimed' }));
      expect(res.headers).toEqual({});
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/conflict`,
        title: 'Conflict',
        status: 409,
        detail: 'enrollment_claimed',
      });
    });

    it('a named subclass (UnauthorizedProblem) sets its WWW-Authenticate header', () => {
      run(new UnauthorizedProblem('invalid_token', { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } }));
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/unauthorized`,
        title: 'Unauthorized',
        status: 401,
        detail: 'invalid_token',
      });
    });
  });

  it('a ValidationProblem renders the `errors` map as a top-level member', () => {
    const errors = { email: ['must be an email'], name: ['is required', 'must be a string'] };
    run(new ValidationProblem(errors));

    expect(res.statusCode).toBe(422);
    expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
    expect(res.body).toStrictEqual({
      type: `${BASE_URL}/problems/validation-error`,
      title: 'Unprocessable Content',
      status: 422,
      detail: 'validation_failed',
      errors,
    });
  });

  it("a ValidationProblem on a browser's page request is the error page saying the fields, marked as its error", () => {
    req = { ...req, url: '/app/things', accepts: () => 'html' };
    run(new ValidationProblem({ name: ['is required'], scopes: ['must be one of a, b'] }));
    expect(res.statusCode).toBe(422);
    expect(res.sent).toContain(
      '<p class="error" role="alert" id="error-message" data-detail="validation_failed">name is required; scopes must be one of a, b</p>',
    );
  });

  describe('Nest HttpExceptions', () => {
    it('NotFoundException is a 404 not-found with detail not_found (its message is not used)', () => {
      run(new NotFoundException('Cannot GET /secret/path'));
      expect(res.statusCode).toBe(404);
      expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/not-found`,
        title: 'Not Found',
        status: 404,
        detail: 'not_found',
      });
      expect(logError).not.toHaveBeenCalled();
    });

    it('an HttpException with status 503 keeps the status but not the message, and is logged', () => {
      const err = new HttpException('redis at 10.0.0.7:6379 refused: password hunter2', 503);
      run(err);
      expect(res.statusCode).toBe(503);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/service-unavailable`,
        title: 'Service Unavailable',
        status: 503,
        detail: 'internal_error',
      });
      expect(res.sent).not.toContain('hunter2');
      expect(res.sent).not.toContain('10.0.0.7');
      expect(logError).toHaveBeenCalledWith(expect.objectContaining({ err }), 'http exception');
    });

    it('a 5xx status without its own slug falls back to internal-error', () => {
      run(new HttpException({ message: 'upstream secret' }, 502));
      expect(res.statusCode).toBe(502);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/internal-error`,
        title: 'Internal Server Error',
        status: 502,
        detail: 'internal_error',
      });
    });

    it('a 4xx exception with a string message uses it as detail', () => {
      run(new BadRequestException('malformed_json'));
      expect(res.statusCode).toBe(400);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/bad-request`,
        title: 'Bad Request',
        status: 400,
        detail: 'malformed_json',
      });
    });

    it('a 4xx exception with a non-string message falls back to the exception message', () => {
      const err = new UnprocessableEntityException(['a must be a string', 'b is required']);
      run(err);
      expect(res.statusCode).toBe(422);
      const body = res.body;
      expect(body).toMatchObject({
        type: `${BASE_URL}/problems/validation-error`,
        title: 'Unprocessable Content',
        status: 422,
      });
      expect(typeof body.detail).toBe('string');
      expect(body.detail).toBe(err.message);
    });

    it('a 4xx status without its own slug falls back to bad-request but keeps its status', () => {
      run(new HttpException('teapot', 418));
      expect(res.statusCode).toBe(418);
      expect(res.body).toStrictEqual({
        type: `${BASE_URL}/problems/bad-request`,
        title: 'Bad Request',
        status: 418,
        detail: 'teapot',
      });
    });
  });

  it('a plain-text problem (the login 429) is text/plain with its headers, even for a browser on a page route', () => {
    req = { ...req, url: '/users/log-in', headers: { accept: 'text/html' } };
    run(new ProblemError({ status: 429, code: 'login_throttled', detail: 'Too many.', headers: { 'retry-after': '7' }, plainText: true }));
    expect(res.statusCode).toBe(429);
    expect(res.contentType).toBe('text/plain');
    expect(res.headers).toEqual({ 'retry-after': '7' });
    expect(res.sent).toBe('Too many.\n');
  });

  describe('when the response has already started', () => {
    it('only ends the response: no status, headers, type or body', () => {
      res.headersSent = true;
      run(new ProblemError({ status: 429, code: 'rate_limited', headers: { 'Retry-After': '1' } }));
      expect(res.calls).toEqual(['end']);
      expect(res.ended).toBe(true);
      expect(res.statusCode).toBeUndefined();
      expect(res.headers).toEqual({});
      expect(res.sent).toBeUndefined();
    });

    it('still only ends it for an unknown error (which is logged)', () => {
      res.headersSent = true;
      const err = new Error('boom');
      run(err);
      expect(res.calls).toEqual(['end']);
      expect(logError).toHaveBeenCalledWith(expect.objectContaining({ err }), 'unhandled error');
    });
  });

  it('ignores non-HTTP contexts', () => {
    filter.catch(new Error('ws'), makeHost(res, req, 'ws'));
    expect(res.calls).toEqual([]);
  });
});
