import { REDACT_PATHS, redactUrl } from './redact';

describe('redactUrl', () => {
  it.each(['socket_token', 'token', 'api_key', 'access_token'])('masks the %s query value', (name) => {
    expect(redactUrl(`/ws?${name}=s3cr3t`)).toBe(`/ws?${name}=[REDACTED]`);
  });

  it('matches parameter names case-insensitively, keeping their spelling', () => {
    expect(redactUrl('/a?TOKEN=x1&Api_Key=x2&Access_Token=x3&SOCKET_TOKEN=x4')).toBe(
      '/a?TOKEN=[REDACTED]&Api_Key=[REDACTED]&Access_Token=[REDACTED]&SOCKET_TOKEN=[REDACTED]',
    );
  });

  it('keeps the other parameters and their order', () => {
    expect(redactUrl('/api/v1/feed?page=2&token=abc.def&limit=10')).toBe('/api/v1/feed?page=2&token=[REDACTED]&limit=10');
  });

  it('masks every secret parameter, including repeats', () => {
    expect(redactUrl('/x?token=a&token=b&api_key=c')).toBe('/x?token=[REDACTED]&token=[REDACTED]&api_key=[REDACTED]');
  });

  it('stops at a fragment', () => {
    expect(redactUrl('/x?token=abc#section')).toBe('/x?token=[REDACTED]#section');
  });

  it('masks an empty secret value harmlessly', () => {
    expect(redactUrl('/x?token=&a=1')).toBe('/x?token=[REDACTED]&a=1');
  });

  it('does not mask parameters whose names merely contain a secret name', () => {
    const url = '/x?mytoken=keep&token_type=bearer&page_token=keep2&xapi_key=keep3';
    expect(redactUrl(url)).toBe(url);
  });

  it('masks the token segment of a password-reset link', () => {
    expect(redactUrl('/users/reset-password/abcDEF123-_')).toBe('/users/reset-password/[REDACTED]');
    // Express matches routes case-insensitively, so the mask must too
    expect(redactUrl('/Users/Reset-Password/abcDEF123-_')).toBe('/Users/Reset-Password/[REDACTED]');
  });

  it('masks a reset token under a prefix and keeps what follows it', () => {
    expect(redactUrl('/api/users/reset-password/tok123?lang=en')).toBe('/api/users/reset-password/[REDACTED]?lang=en');
    expect(redactUrl('/users/reset-password/tok123/confirm')).toBe('/users/reset-password/[REDACTED]/confirm');
  });

  it('masks both a reset token and a secret query value in one URL', () => {
    expect(redactUrl('/users/reset-password/tok?token=q')).toBe('/users/reset-password/[REDACTED]?token=[REDACTED]');
  });

  it.each([
    '/',
    '/health/ready',
    '/api/v1/agents/123?page=2&limit=10',
    '/users/reset-password',
    '/users/reset-password/',
    '/users/login?next=/home',
    'https://example.com/search?q=token',
  ])('leaves %s untouched', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('gives the same result when called repeatedly (no regex state leaks between calls)', () => {
    const url = '/x?token=a&api_key=b';
    expect(redactUrl(url)).toBe('/x?token=[REDACTED]&api_key=[REDACTED]');
    expect(redactUrl(url)).toBe('/x?token=[REDACTED]&api_key=[REDACTED]');
  });
});

describe('REDACT_PATHS', () => {
  it('covers credentials carried in headers and bodies', () => {
    expect(REDACT_PATHS).toEqual(
      expect.arrayContaining([
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.api_key',
        '*.socket_token',
        '*.access_token',
      ]),
    );
  });
});
