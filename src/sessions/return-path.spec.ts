import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    '/app',
    '/app/traces/6b0ba1b6-1d0c-4b3c-9b1c-0e0c7b0c0d01',
    '/app/traces?filter[status]=error&limit=20',
    '/admin',
    '/admin/partners',
    // an invitation's page (ADR 0242): exactly the path with its 43-character token
    '/users/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde',
  ])('keeps %s', (p) => {
    expect(safeReturnPath(p)).toBe(p);
  });

  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '/app\\..\\x',
    'app',
    '/users/log-out',
    '/api/v1/operator/me',
    '/users/invitations/short',
    '/users/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/x',
    '/users/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde?x=1',
    '//users/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde',
    '/application',
    '/app/\u0000',
    '/app/ x',
    '/app/%0d%0aSet-Cookie:x',
    `/app/${'x'.repeat(600)}`,
    undefined,
    ['/app'],
  ])('refuses %j', (p) => {
    expect(safeReturnPath(p)).toBeUndefined();
  });
});
