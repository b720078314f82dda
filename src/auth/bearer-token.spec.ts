import { readBearerToken } from './bearer-token';
import type { Request } from 'express';
import type { VerifyFunction } from 'passport-http-bearer';

const request = (headers: Record<string, string>, extra: Partial<Request> = {}) =>
  ({ headers, query: {}, body: undefined, ...extra }) as unknown as Request;

describe('readBearerToken', () => {
  it('reads the token of a Bearer authorization header, whatever the scheme case', () => {
    expect(readBearerToken(request({ authorization: 'Bearer abc.DEF-123' }))).toBe('abc.DEF-123');
    expect(readBearerToken(request({ authorization: 'bearer xyz' }))).toBe('xyz');
  });

  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a scheme alone', { authorization: 'Bearer' }],
    ['extra words', { authorization: 'Bearer one two' }],
  ])('has no token with %s', (_label, headers) => {
    expect(readBearerToken(request(headers as Record<string, string>))).toBeUndefined();
  });

  it('never takes a token from the query or the body', () => {
    const req = request({}, { query: { access_token: 'from-query' }, body: { access_token: 'from-body' } } as Partial<Request>);
    expect(readBearerToken(req)).toBeUndefined();
  });

  // What passport-http-bearer refuses in the exact layout (one space, nothing after the token)
  // and the lenient layout of machine credentials takes; both read the same token otherwise.
  it.each([
    ['spaces after the scheme', 'Bearer   X', undefined, 'X'],
    ['a trailing space', 'Bearer X ', undefined, 'X'],
    ['a trailing tab', 'Bearer X\t', 'X\t', 'X'],
    ['white space inside the token', 'Bearer a\tb', 'a\tb', undefined],
    ['a tab after the scheme', 'Bearer\tX', undefined, undefined],
    ['a space before the scheme', ' Bearer X', undefined, undefined],
    ['the scheme and a space', 'Bearer ', undefined, undefined],
    ['the scheme glued to the token', 'BearerX', undefined, undefined],
    ['another scheme', 'Token X', undefined, undefined],
    ['extra words', 'Bearer X Y', undefined, undefined],
    ['the usual form', 'BEARER agk_abc.def', 'agk_abc.def', 'agk_abc.def'],
  ])('with %s, exact and lenient read what they read', (_label, authorization, exact, lenient) => {
    expect(readBearerToken(request({ authorization }))).toBe(exact);
    expect(readBearerToken(request({ authorization }), 'lenient')).toBe(lenient);
  });
});

describe('readBearerToken, allocation', () => {
  // A strategy built per call became a fresh prototype of passport's per-request strategy, with a
  // hidden class V8 keeps in the old space (bench/README.md, finding 46): one strategy, reused.
  it('builds its passport-http-bearer strategy once, not per call', () => {
    const built = jest.fn();
    jest.isolateModules(() => {
      jest.doMock('passport-http-bearer', () => {
        const actual = jest.requireActual<typeof import('passport-http-bearer')>('passport-http-bearer');
        class CountedStrategy extends actual.Strategy<VerifyFunction> {
          constructor(verify: VerifyFunction) {
            super(verify);
            built();
          }
        }
        return { ...actual, Strategy: CountedStrategy };
      });
      const fresh = jest.requireActual<typeof import('./bearer-token')>('./bearer-token');
      for (const header of ['Bearer a', 'bearer b', 'Bearer   c ']) fresh.readBearerToken(request({ authorization: header }), 'lenient');
      expect(fresh.readBearerToken(request({ authorization: 'Bearer d' }))).toBe('d');
    });
    expect(built).toHaveBeenCalledTimes(1);
  });
});
