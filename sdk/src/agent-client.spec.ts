import { AgentClient, fillPath } from './agent-client';
import type { StoredCredentials } from './credential-store';

describe('fillPath', () => {
  it('fills each placeholder, URL-encoded, and refuses a missing one', () => {
    expect(fillPath('/api/v1/traces/{id}', { id: 'a/b c' })).toBe('/api/v1/traces/a%2Fb%20c');
    expect(fillPath('/api/v1/messages')).toBe('/api/v1/messages');
    expect(() => fillPath('/api/v1/traces/{id}', {})).toThrow(/missing path parameter id/);
  });
});

describe('AgentClient options', () => {
  it('needs an agk_ key and a base URL, and a sane refresh point', () => {
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000' })).toThrow(/agk_ key/);
    expect(() => new AgentClient({ apiKey: 'agk_a.b' })).toThrow(/baseUrl/);
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'mpk_a.b' })).toThrow(/agk_ key/);
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'agk_a.b', refreshAfter: 1.5 })).toThrow(/refreshAfter/);
    expect(new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'agk_a.b' }).auth).toBe('access_token');
  });
});

describe('AgentClient access tokens', () => {
  const DAY = 86_400_000;
  /** A fake service: the exchange answers `exchange()`, every other route 200 `{ messages: [] }`. */
  function service(exchange: () => Response) {
    const calls: string[] = [];
    const fetch = (async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname} ${new Headers(init?.headers).get('authorization') ?? ''}`.trim());
      if (url.pathname === '/api/v1/agent_tokens') return exchange();
      return new Response(JSON.stringify({ messages: [], count: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }
  /** Claimed credentials whose access token was issued `ageMs` ago and lives 30 days. */
  const credentials = (ageMs: number): StoredCredentials => ({
    version: 1,
    scopes: ['messages:read'],
    serial_number: null,
    claimed_at: new Date(Date.now() - ageMs).toISOString(),
    base_url: 'http://127.0.0.1:4000',
    api_key: 'agk_a.b',
    credential_id: 'c',
    service_agent_id: 's',
    workspace_id: 'w',
    robot_id: null,
    access_token: {
      token: 'current',
      scopes: ['messages:read'],
      issued_at: new Date(Date.now() - ageMs).toISOString(),
      expires_at: new Date(Date.now() - ageMs + 30 * DAY).toISOString(),
    },
  });

  it("an early refresh that fails is not the request's failure: the current token is sent, and the exchange waits a backoff", async () => {
    const { calls, fetch } = service(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    });
    const warnings: string[] = [];
    // 25 of 30 days gone: past the 80% refresh point, 5 days still valid
    const client = new AgentClient({
      credentials: credentials(25 * DAY),
      fetch,
      rateLimit: { maxWaitMs: 0 },
      onWarning: (m) => warnings.push(m),
    });
    for (let i = 0; i < 3; i++) expect(await client.request('get', '/api/v1/messages')).toMatchObject({ messages: [] });
    expect(calls.filter((c) => c.startsWith('POST /api/v1/agent_tokens'))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('GET /api/v1/messages'))).toEqual(Array(3).fill('GET /api/v1/messages Bearer current'));
    expect(warnings).toHaveLength(1);
  });

  it('a token past its expiry is never sent: a failed exchange then fails the request', async () => {
    const { calls, fetch } = service(
      () =>
        new Response(JSON.stringify({ status: 503, detail: 'database_unavailable' }), {
          status: 503,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    const client = new AgentClient({ credentials: credentials(31 * DAY), fetch, rateLimit: { maxWaitMs: 0 } });
    await expect(client.request('get', '/api/v1/messages')).rejects.toThrow();
    expect(calls.some((c) => c.startsWith('GET /api/v1/messages'))).toBe(false);
  });
});

describe('AgentClient.socket', () => {
  it('refuses a readyPayload the service would refuse on every attempt (over 8 KiB as JSON)', () => {
    const client = new AgentClient({ baseUrl: 'http://127.0.0.1:4000', apiKey: 'agk_a.b' });
    expect(() => client.socket({ readyPayload: { note: 'x'.repeat(8192) } })).toThrow(/readyPayload must be at most 8192 bytes/);
    expect(() => client.socket({ readyPayload: { note: 'x'.repeat(8000) } })).not.toThrow();
  });
});
