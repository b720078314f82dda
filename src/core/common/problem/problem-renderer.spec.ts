import { BadRequestException, HttpException, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { loadConfig } from '../../config/app-config';
import { DATABASE_RETRY_AFTER_SECONDS } from './dependency-unavailable';
import { ProblemRenderer } from './problem-renderer';
import { PROBLEM_STATUSES } from './problem-status';
import { ForbiddenProblem, NotFoundProblem, ProblemError, UnauthorizedProblem, ValidationProblem } from './problem.error';

const BASE_URL = 'https://api.example.com';

/** The four standard members of a rendered body. */
const standard = (slug: string, title: string, status: number, detail: string) => ({
  type: `${BASE_URL}/problems/${slug}`,
  title,
  status,
  detail,
});

describe('ProblemRenderer', () => {
  const renderer = new ProblemRenderer(loadConfig({ DATABASE_URL: 'postgres://u:p@h:5432/d', REDIS_URL: 'redis://h:6379/0', BASE_URL }));
  let logError: jest.SpyInstance;
  let logWarn: jest.SpyInstance;

  beforeEach(() => {
    logError = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    logWarn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('a ProblemError', () => {
    it('carries its code, status and headers; the body has error, extra and members, standard fields last', () => {
      const rendered = renderer.render(
        new ProblemError({
          status: 403,
          code: 'workspace_frozen',
          detail: 'This workspace is frozen.',
          error: 'workspace_frozen',
          extra: { workspace_id: 'ws_1' },
          members: { request_id: 'req-1', status: 200, type: 'overwritten?' },
          headers: { 'Retry-After': '30' },
        }),
      );
      expect(rendered).toStrictEqual({
        status: 403,
        code: 'workspace_frozen',
        headers: { 'Retry-After': '30' },
        body: {
          request_id: 'req-1',
          type: `${BASE_URL}/problems/forbidden`,
          title: 'Forbidden',
          status: 403,
          detail: 'This workspace is frozen.',
          error: 'workspace_frozen',
          extra: { workspace_id: 'ws_1' },
        },
      });
      expect(logError).not.toHaveBeenCalled();
    });

    it('without a detail renders the code as detail, and only the four standard members', () => {
      const rendered = renderer.render(new ForbiddenProblem('insufficient_scopes'));
      expect(rendered.code).toBe('insufficient_scopes');
      expect(rendered.headers).toStrictEqual({});
      expect(rendered.plainText).toBeUndefined();
      expect(rendered.body).toStrictEqual(standard('forbidden', 'Forbidden', 403, 'insufficient_scopes'));
    });

    it('a slug and title of its own win over the status table', () => {
      const rendered = renderer.render(
        new ProblemError({ status: 429, code: 'robot_quota_reached', slug: 'quota-exceeded', title: 'Quota exceeded' }),
      );
      expect(rendered.body).toMatchObject({ type: `${BASE_URL}/problems/quota-exceeded`, title: 'Quota exceeded', status: 429 });
    });

    it('takes slug and title from the status table otherwise', () => {
      for (const [status, { slug, title }] of Object.entries(PROBLEM_STATUSES)) {
        const { body } = renderer.render(new ProblemError({ status: Number(status), code: 'not_found' }));
        expect(body).toMatchObject({ type: `${BASE_URL}/problems/${slug}`, title, status: Number(status) });
      }
    });

    it('named subclasses: NotFoundProblem defaults to not_found, UnauthorizedProblem keeps its challenge', () => {
      expect(renderer.render(new NotFoundProblem()).body).toStrictEqual(standard('not-found', 'Not Found', 404, 'not_found'));
      const challenge = { 'www-authenticate': 'Bearer realm="api"' };
      expect(renderer.render(new UnauthorizedProblem('invalid_token', { headers: challenge })).headers).toStrictEqual(challenge);
    });

    it('a ValidationProblem renders its field errors as the top-level `errors` member', () => {
      const errors = { email: ['must be an email'] };
      const rendered = renderer.render(new ValidationProblem(errors));
      expect(rendered.code).toBe('validation_failed');
      expect(rendered.body).toStrictEqual({
        ...standard('validation-error', 'Unprocessable Content', 422, 'validation_failed'),
        errors,
      });
    });

    it('a plain-text problem also carries its text: the detail and a newline', () => {
      const rendered = renderer.render(
        new ProblemError({ status: 429, code: 'login_throttled', detail: 'Slow down.', headers: { 'retry-after': '9' }, plainText: true }),
      );
      expect(rendered).toMatchObject({ status: 429, code: 'login_throttled', headers: { 'retry-after': '9' }, plainText: 'Slow down.\n' });
    });

    it('the returned headers are a copy', () => {
      const err = new UnauthorizedProblem('invalid_token', { headers: { a: '1' } });
      renderer.render(err).headers.b = '2';
      expect(err.headers).toStrictEqual({ a: '1' });
    });
  });

  describe('a Nest HttpException', () => {
    it('404 is not_found whatever its message', () => {
      const rendered = renderer.render(new NotFoundException('Cannot GET /secret/path'));
      expect(rendered).toStrictEqual({
        status: 404,
        code: 'not_found',
        headers: {},
        body: standard('not-found', 'Not Found', 404, 'not_found'),
      });
      expect(logError).not.toHaveBeenCalled();
    });

    it('another 4xx is http_exception with its string message as detail', () => {
      const rendered = renderer.render(new BadRequestException('malformed_json'));
      expect(rendered.code).toBe('http_exception');
      expect(rendered.body).toStrictEqual(standard('bad-request', 'Bad Request', 400, 'malformed_json'));
    });

    it('a 4xx with a non-string message falls back to the exception message; unknown statuses borrow the 400 row', () => {
      const err = new UnprocessableEntityException(['a is required']);
      expect(renderer.render(err).body).toMatchObject({ type: `${BASE_URL}/problems/validation-error`, detail: err.message });
      expect(renderer.render(new HttpException('teapot', 418)).body).toStrictEqual(standard('bad-request', 'Bad Request', 418, 'teapot'));
    });

    it('5xx is internal_error with its status, without the message, and is logged', () => {
      const err = new HttpException('redis at 10.0.0.7 refused: password hunter2', 502);
      const rendered = renderer.render(err);
      expect(rendered).toStrictEqual({
        status: 502,
        code: 'internal_error',
        headers: {},
        body: standard('internal-error', 'Internal Server Error', 502, 'internal_error'),
      });
      expect(JSON.stringify(rendered)).not.toMatch(/hunter2|10\.0\.0\.7/);
      expect(logError).toHaveBeenCalledWith(expect.objectContaining({ err }), 'http exception');
    });
  });

  describe('Postgres unavailable', () => {
    it('is a 503 database_unavailable with retry-after, a warning with the log context and no error', () => {
      const driverError = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      const rendered = renderer.render(new QueryFailedError('SELECT 1', [], driverError), { request_id: 'req-9', method: 'GET' });
      expect(rendered).toStrictEqual({
        status: 503,
        code: 'database_unavailable',
        headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        body: standard('service-unavailable', 'Service Unavailable', 503, 'database_unavailable'),
      });
      expect(logWarn).toHaveBeenCalledWith(expect.objectContaining({ request_id: 'req-9', method: 'GET' }), 'database unavailable');
      expect(logError).not.toHaveBeenCalled();
    });
  });

  describe('anything else', () => {
    it.each([
      ['an Error', new Error('db password is hunter2')],
      ['a thrown string', 'hunter2 as a string'],
      ['undefined', undefined],
    ])('%s is a logged 500 internal_error that leaks nothing', (_name, thrown) => {
      const rendered = renderer.render(thrown, { route: '/api/v1/things' });
      expect(rendered).toStrictEqual({
        status: 500,
        code: 'internal_error',
        headers: {},
        body: standard('internal-error', 'Internal Server Error', 500, 'internal_error'),
      });
      expect(JSON.stringify(rendered)).not.toContain('hunter2');
      expect(logError).toHaveBeenCalledWith({ err: thrown, route: '/api/v1/things' }, 'unhandled error');
    });
  });
});
