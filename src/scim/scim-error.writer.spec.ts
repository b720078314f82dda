import { ProblemRenderer } from '../core/common/problem/problem-renderer';
import { ProblemError, ValidationProblem } from '../core/common/problem/problem.error';
import { loadConfig } from '../core/config/app-config';
import { scimError } from './scim-error.writer';
import { ScimInvalidFilter, ScimInvalidValue, ScimNoTarget, ScimOwnerProtected, ScimUniqueness } from './scim.errors';

const renderer = new ProblemRenderer(loadConfig({ ...process.env, NODE_ENV: 'test' }));
const body = (err: unknown) => scimError(renderer.render(err));

describe('scimError: problems in the SCIM error schema (RFC 7644 3.12)', () => {
  const schemas = ['urn:ietf:params:scim:api:messages:2.0:Error'];

  it('maps each SCIM code to its scimType, with status as a string', () => {
    expect(body(new ScimUniqueness('taken'))).toEqual({
      status: 409,
      body: { schemas, status: '409', scimType: 'uniqueness', detail: 'taken' },
    });
    expect(body(new ScimInvalidValue('bad'))).toEqual({
      status: 400,
      body: { schemas, status: '400', scimType: 'invalidValue', detail: 'bad' },
    });
    expect(body(new ScimNoTarget('none')).body.scimType).toBe('noTarget');
    expect(body(new ScimInvalidFilter('unterminated string'))).toEqual({
      status: 400,
      body: { schemas, status: '400', scimType: 'invalidFilter', detail: 'unterminated string' },
    });
    expect(body(new ScimOwnerProtected()).body).toMatchObject({ status: '403' });
    expect(body(new ScimOwnerProtected()).body.scimType).toBeUndefined();
  });

  it('a 422 validation problem is 400 invalidValue naming the fields', () => {
    expect(body(new ValidationProblem({ 'name.givenName': ['must not contain the NUL character'] }))).toEqual({
      status: 400,
      body: { schemas, status: '400', scimType: 'invalidValue', detail: 'name.givenName must not contain the NUL character' },
    });
  });

  it('plumbing codes keep their status: malformed JSON is invalidSyntax, 404, 503 and 500 carry no scimType', () => {
    expect(body(new ProblemError({ status: 400, code: 'malformed_json' })).body.scimType).toBe('invalidSyntax');
    expect(body(new ProblemError({ status: 404, code: 'not_found' }))).toEqual({
      status: 404,
      body: { schemas, status: '404', detail: 'not_found' },
    });
    expect(body(new ProblemError({ status: 503, code: 'database_unavailable' })).status).toBe(503);
    expect(body(new Error('boom'))).toEqual({ status: 500, body: { schemas, status: '500', detail: 'internal_error' } });
  });
});
