import { Db } from '../src/core/database/db.service';
import { CredentialIssuer } from '../src/credentials/credential-issuer.service';
import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const WINDOW = 60_000;

/** Moves the app's clock `offsetMs` into the next aligned window, one no earlier request touched. */
function alignClock(t: TestApp, offsetMs: number): number {
  const start = Math.floor(t.clock.now() / WINDOW) * WINDOW + WINDOW;
  t.clock.set(start + offsetMs);
  return start;
}

const listMessages = (t: TestApp, key: string) => t.http().get('/api/v1/messages?limit=1').set('authorization', `Bearer ${key}`);

describe('machine API rate limit (API_RATE_LIMIT=5)', () => {
  let t: TestApp;
  let w: Registered;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: '5' } });
    w = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  it('counts per credential in a fixed aligned window, with remaining and reset headers, and refuses the 6th', async () => {
    const start = alignClock(t, 12_345);
    const resetAt = new Date(start + WINDOW).toISOString();
    for (let i = 1; i <= 5; i++) {
      const res = await listMessages(t, w.apiKey).expect(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
      expect(res.headers['x-ratelimit-reset']).toBe(resetAt);
    }
    const refused = await listMessages(t, w.apiKey).set('x-request-id', 'rl-check-6');
    const body = expectProblem(refused, 429, 'rate-limited', { title: 'Rate limited', status: 429 });
    const expectedRetry = Math.ceil((start + WINDOW - t.clock.now()) / 1000);
    expect(refused.headers['retry-after']).toBe(String(expectedRetry));
    expect(body.detail).toMatch(/rate limit exceeded/i);
    expect(body.detail).toMatch(/retry later/i);
    expect(body.request_id).toBe('rl-check-6');
    expect(refused.headers['x-request-id']).toBe('rl-check-6');
    expect(body.extra).toEqual({ retry_after_seconds: expectedRetry });
    expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('the access token minted from the same credential shares its bucket', async () => {
    alignClock(t, 1_000);
    for (let i = 0; i < 5; i++) await listMessages(t, w.apiKey).expect(200);
    await listMessages(t, w.accessToken).expect(429);
  });

  it('another credential in the same workspace has its own bucket', async () => {
    alignClock(t, 2_000);
    const other = await t.app
      .get(Db)
      .transaction((m) =>
        t.app.get(CredentialIssuer).issueApiKey(m, { workspaceId: w.workspaceId, serviceAgentId: w.keyAgentId }, ['messages:read']),
      );
    for (let i = 0; i < 5; i++) await listMessages(t, w.apiKey).expect(200);
    await listMessages(t, w.apiKey).expect(429);
    const res = await listMessages(t, other.key).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('the window resets at its aligned end, not 60 s after the first request', async () => {
    const start = alignClock(t, 50_000);
    for (let i = 0; i < 5; i++) await listMessages(t, w.apiKey).expect(200);
    await listMessages(t, w.apiKey).expect(429);
    t.clock.set(start + WINDOW - 1);
    const last = await listMessages(t, w.apiKey).expect(429);
    expect(last.headers['retry-after']).toBe('1'); // at least 1 second, never 0
    t.clock.set(start + WINDOW); // 10 s after the first request, but a new window
    const res = await listMessages(t, w.apiKey).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
    expect(res.headers['x-ratelimit-reset']).toBe(new Date(start + 2 * WINDOW).toISOString());
  });

  it('a request refused for bad credentials counts against the client IP', async () => {
    alignClock(t, 3_000);
    for (let i = 0; i < 5; i++) {
      await t
        .http()
        .get('/api/v1/messages')
        .set('authorization', 'Bearer agk_AAAAAAAAAAA.' + 'A'.repeat(43))
        .expect(401);
    }
    const res = await t.http().get('/api/v1/messages').set('authorization', 'Bearer nope');
    expectProblem(res, 429, 'rate-limited');
    // unauthenticated bootstrap routes share that IP bucket
    await t.http().post('/api/v1/agent_tokens').send({}).expect(429);
    // a valid credential is counted in its own bucket, not the IP's
    await listMessages(t, w.apiKey).expect(200);
  });

  it('unauthenticated bootstrap routes are counted per IP and send the headers', async () => {
    const start = alignClock(t, 4_000);
    const first = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).send({});
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect(first.headers['x-ratelimit-reset']).toBe(new Date(start + WINDOW).toISOString());
    for (let i = 0; i < 4; i++) await t.http().post('/api/v1/agent_tokens').send({}).expect(401);
    await t.http().post('/api/v1/register').send({}).expect(429);
  });

  it('operator-free routes are neither counted nor given rate-limit headers', async () => {
    alignClock(t, 5_000);
    for (let i = 0; i < 8; i++) {
      for (const path of ['/health', '/ready', '/dev/mailbox.json']) {
        const res = await t.http().get(path).expect(200);
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
        expect(res.headers['x-ratelimit-reset']).toBeUndefined();
      }
      const metrics = await t.http().get('/metrics').set('authorization', `Bearer ${process.env.METRICS_BEARER_TOKEN}`).expect(200);
      expect(metrics.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    // none of the 32 requests above used the IP bucket
    const res = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).send({}).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('the operator session API and pages are neither counted nor given rate-limit headers', async () => {
    alignClock(t, 6_000);
    const login = await t.http().post('/users/log-in').send({ email: w.email, password: w.password }).expect(302);
    const cookie = String(login.headers['set-cookie'][0]).split(';')[0];
    for (let i = 0; i < 8; i++) {
      for (const path of ['/api/v1/operator/me', '/api/v1/operator/service_agents', '/app']) {
        const res = await t.http().get(path).set('cookie', cookie).expect(200);
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
        expect(res.headers['x-ratelimit-reset']).toBeUndefined();
      }
    }
    // the 24 operator requests (and the log-in) used no machine bucket: the key still has all 5
    const res = await listMessages(t, w.apiKey).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('refusals are counted in rate_limited_total', async () => {
    const res = await t.http().get('/metrics').set('authorization', `Bearer ${process.env.METRICS_BEARER_TOKEN}`).expect(200);
    const line = res.text.split('\n').find((l) => l.startsWith('rate_limited_total{limit="machine"}'));
    expect(Number(line?.split(' ')[1])).toBeGreaterThanOrEqual(5);
  });
});

describe('machine API rate limit (default 1000)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: undefined } });
  });
  afterAll(() => t.close());

  it('allows 1000 requests per key per window and refuses the 1001st', async () => {
    expect(t.config.apiRateLimit).toBe(1000);
    const w = await makeWorkspace(t);
    alignClock(t, 0);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => listMessages(t, w.apiKey)));
      for (const r of batch) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    await listMessages(t, w.apiKey).expect(429);
  });
});

describe('client IP for the rate limit', () => {
  it('honours x-forwarded-for only when the direct peer is a trusted proxy', async () => {
    const trusted = await createTestApp({ env: { API_RATE_LIMIT: '2', TRUSTED_PROXY_IPS: '127.0.0.1,::1' } });
    const untrusted = await createTestApp({ env: { API_RATE_LIMIT: '2', TRUSTED_PROXY_IPS: '10.9.9.9' } });
    try {
      for (const t of [trusted, untrusted]) alignClock(t, 0);
      const exchange = (t: TestApp, xff: string) => t.http().post('/api/v1/agent_tokens').set('x-forwarded-for', xff).send({});
      // behind a trusted proxy, each forwarded client has its own bucket
      await exchange(trusted, '203.0.113.7').expect(401);
      await exchange(trusted, '203.0.113.7').expect(401);
      await exchange(trusted, '203.0.113.7').expect(429);
      await exchange(trusted, '203.0.113.8').expect(401);
      // IPv6 clients behind it are bucketed per /64
      await exchange(trusted, '2001:db8:1:2::1').expect(401);
      await exchange(trusted, '2001:db8:1:2::ffff').expect(401);
      await exchange(trusted, '2001:db8:1:2:abcd::5').expect(429);
      // one client in the spellings load balancers use (Azure's ip:port, dual-stack ::ffff:) is one bucket
      await exchange(trusted, '203.0.113.9:4711').expect(401);
      await exchange(trusted, '[::FFFF:203.0.113.9]:443').expect(401);
      await exchange(trusted, '::ffff:cb00:7109').expect(429);
      await exchange(trusted, '203.0.113.9:4712').expect(429);
      await exchange(trusted, '[2001:DB8:1:3::1]:443').expect(401);
      await exchange(trusted, '2001:0db8:0001:0003:0000:0000:0000:0002').expect(401);
      await exchange(trusted, '[2001:db8:1:3::3]').expect(429);
      // garbage is the trusted proxy's (the hop that passed it on), never a bucket of its own
      await exchange(trusted, 'unknown').expect(401);
      await exchange(trusted, '1.2.3.4.5').expect(401);
      await exchange(trusted, 'x').expect(429);
      await exchange(trusted, '203.0.113.10, junk').expect(429);
      // from an untrusted peer the header is ignored: every request is the peer's
      await exchange(untrusted, '203.0.113.7').expect(401);
      await exchange(untrusted, '198.51.100.1').expect(401);
      await exchange(untrusted, '198.51.100.2').expect(429);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });
});
