import { readBearerToken } from './bearer-token';
import type { Request } from 'express';

const request = (headers: Record<string, string>, extra: Partial<Request> = {}) =>
  ({ headers, query: {}, body: undefined, ...extra }) as unknown as Request;

describe('readBearerToken', () => {
  it('reads the token of a Bearer authorization header, whatever the scheme case', async () => {
    await expect(readBearerToken(request({ authorization: 'Bearer abc.DEF-123' }))).resolves.toBe('abc.DEF-123');
    await expect(readBearerToken(request({ authorization: 'bearer xyz' }))).resolves.toBe('xyz');
  });

  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a scheme alone', { authorization: 'Bearer' }],
    ['extra words', { authorization: 'Bearer one two' }],
  ])('has no token with %s', async (_label, headers) => {
    await expect(readBearerToken(request(headers as Record<string, string>))).resolves.toBeUndefined();
  });

  it('never takes a token from the query or the body', async () => {
    const req = request({}, { query: { access_token: 'from-query' }, body: { access_token: 'from-body' } } as Partial<Request>);
    await expect(readBearerToken(req)).resolves.toBeUndefined();
  });
});
