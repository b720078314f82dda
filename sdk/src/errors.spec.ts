import { CredentialStoreError, errorKind, problemSlug, ProblemError, TransportError } from './errors';

describe('ProblemError', () => {
  const body = { type: 'https://agents.example.com/problems/unauthorized', title: 'Unauthorized', status: 401, detail: 'api_key_revoked' };

  it('carries the slug, the detail and the request, never more', () => {
    const err = new ProblemError(body, { request: 'GET /api/v1/messages', requestId: 'r-1' });
    expect(err).toMatchObject({
      name: 'ProblemError',
      status: 401,
      slug: 'unauthorized',
      detail: 'api_key_revoked',
      title: 'Unauthorized',
      requestId: 'r-1',
      source: 'http',
    });
    expect(err.message).toBe('401 unauthorized: api_key_revoked (GET /api/v1/messages)');
    expect(err).toBeInstanceOf(Error);
  });

  it('reads the 422 errors map and the rate limit request id', () => {
    const invalid = new ProblemError({ ...body, status: 422, type: 'x/problems/validation-error', errors: { name: ['is required'] } });
    expect(invalid.errors).toEqual({ name: ['is required'] });
    const limited = new ProblemError(
      { ...body, status: 429, type: 'x/problems/rate-limited', request_id: 'abc' },
      { retryAfterSeconds: 7 },
    );
    expect(limited).toMatchObject({ slug: 'rate-limited', requestId: 'abc', retryAfterSeconds: 7 });
  });

  it('stands for the socket closes that end a session: 4401 and 4403, with the reason as detail', () => {
    expect(ProblemError.fromClose(4401, 'api_key_revoked')).toMatchObject({
      status: 401,
      slug: 'unauthorized',
      detail: 'api_key_revoked',
      source: 'socket',
    });
    expect(ProblemError.fromClose(4403, 'workspace_paused')).toMatchObject({ status: 403, slug: 'forbidden', detail: 'workspace_paused' });
    expect(ProblemError.fromClose(1001, 'server_shutting_down')).toBeUndefined();
  });
});

describe('problemSlug', () => {
  it('is the last segment after /problems/, else the type itself', () => {
    expect(problemSlug('http://localhost:4000/problems/enrollment-expired')).toBe('enrollment-expired');
    expect(problemSlug('https://a.example/base/problems/rate-limited/')).toBe('rate-limited');
    expect(problemSlug('about:blank')).toBe('about:blank');
    expect(problemSlug(undefined)).toBe('about:blank');
  });
});

describe('errorKind', () => {
  it('names problems by slug and code, and leaves sentences out', () => {
    const p = (status: number, slug: string, detail: string) =>
      new ProblemError({ type: `x/problems/${slug}`, title: 't', status, detail });
    expect(errorKind(p(401, 'unauthorized', 'api_key_revoked'))).toBe('unauthorized:api_key_revoked');
    expect(errorKind(p(429, 'rate-limited', 'Rate limit exceeded. Retry later.'))).toBe('rate-limited');
    expect(errorKind(new TransportError('network', 'x', 'ECONNREFUSED'))).toBe('network:ECONNREFUSED');
    expect(errorKind(new TransportError('timeout', 'x'))).toBe('timeout');
    expect(errorKind(new CredentialStoreError('unwritable', 'x'))).toBe('credential_store:unwritable');
    expect(errorKind(new RangeError('x'))).toBe('RangeError');
    expect(errorKind('?')).toBe('unknown');
  });
});
