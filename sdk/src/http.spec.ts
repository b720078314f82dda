import { checkBaseUrl, HttpClient, retryAfterMs } from './http';

describe('checkBaseUrl', () => {
  it('accepts https anywhere and plain http on loopback, without a trailing slash', () => {
    expect(checkBaseUrl('https://agents.example.com/')).toBe('https://agents.example.com');
    expect(checkBaseUrl('https://agents.example.com/prefix/')).toBe('https://agents.example.com/prefix');
    expect(checkBaseUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(checkBaseUrl('http://localhost:4000')).toBe('http://localhost:4000');
    expect(checkBaseUrl('http://[::1]:4000')).toBe('http://[::1]:4000');
  });

  it('refuses plain http to another host unless allowed: keys travel in headers', () => {
    expect(() => checkBaseUrl('http://agents.example.com')).toThrow(/clear text/);
    expect(checkBaseUrl('http://agents.example.com', true)).toBe('http://agents.example.com');
  });

  it('refuses what is not an http(s) base URL', () => {
    expect(() => checkBaseUrl('agents.example.com')).toThrow(TypeError);
    expect(() => checkBaseUrl('ftp://agents.example.com')).toThrow(TypeError);
    expect(() => checkBaseUrl('https://agents.example.com/?x=1')).toThrow(TypeError);
  });
});

describe('retryAfterMs', () => {
  const headers = (value?: string) => new Headers(value === undefined ? {} : { 'retry-after': value });

  it('reads delta-seconds, an HTTP date, else the problem extra', () => {
    expect(retryAfterMs(headers('12'), undefined)).toBe(12_000);
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs(headers('Wed, 25 Nov 2026 10:00:05 GMT'), undefined, now)).toBe(5_000);
    expect(retryAfterMs(headers('Wed, 25 Nov 2026 09:59:00 GMT'), undefined, now)).toBe(0);
    expect(retryAfterMs(headers(), { extra: { retry_after_seconds: 3 } })).toBe(3_000);
    expect(retryAfterMs(headers(), { extra: {} })).toBeUndefined();
    expect(retryAfterMs(headers('soon'), undefined)).toBeUndefined();
  });
});

describe('HttpClient.url', () => {
  it('joins the base path and encodes query values, repeating arrays and dropping undefined', () => {
    const http = new HttpClient({ baseUrl: 'https://agents.example.com/prefix' });
    expect(http.url('/api/v1/tasks', { limit: 5, 'filter[status]': 'done', tag: ['a b', 'c'], offset: undefined })).toBe(
      'https://agents.example.com/prefix/api/v1/tasks?limit=5&filter%5Bstatus%5D=done&tag=a+b&tag=c',
    );
  });
});
