import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWorkspace } from './support/builders';
import { expectProblem } from './support/problem';
import { issueKey } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const TOKEN = process.env.METRICS_BEARER_TOKEN!;

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the Prometheus exposition with the right bearer token, never cached', async () => {
    await t.http().get('/health').expect(200);
    await t.http().get('/no/such/route').expect(404);
    const res = await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{[^}]*method="GET"[^}]*route="\/health"[^}]*status="200"/);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched"[^}]*status="404"/);
    // raw paths never become label values
    expect(res.text).not.toContain('/no/such/route');
    // the probe itself does not leak into rate-limit headers
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('counts every request in the duration histogram, by route and status, with its duration', async () => {
    const w = await makeWorkspace(t);
    const series = async (route: string, status: number) => {
      const text = (await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200)).text;
      const value = (name: string) => {
        const line = text
          .split('\n')
          .find(
            (l) => l.startsWith(`http_request_duration_seconds_${name}{`) && l.includes(`method="GET",route="${route}",status="${status}"`),
          );
        return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
      };
      return { count: value('count'), sum: value('sum') };
    };
    const ok = await series('/api/v1/messages', 200);
    const refused = await series('/api/v1/messages', 401);
    for (let i = 0; i < 7; i++) await t.http().get('/api/v1/messages?limit=1').set('x-agent-api-key', w.apiKey).expect(200);
    for (let i = 0; i < 3; i++) await t.http().get('/api/v1/messages?limit=1').expect(401);
    const okAfter = await series('/api/v1/messages', 200);
    const refusedAfter = await series('/api/v1/messages', 401);
    expect(okAfter.count - ok.count).toBe(7);
    expect(refusedAfter.count - refused.count).toBe(3);
    expect(okAfter.sum).toBeGreaterThan(ok.sum);
    expect(okAfter.sum - ok.sum).toBeLessThan(7 * 5); // seconds, not milliseconds
  });

  it('passes promtool check metrics', async () => {
    const res = await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
    const dir = mkdtempSync(join(tmpdir(), 'metrics-'));
    const file = join(dir, 'metrics.txt');
    writeFileSync(file, res.text);
    // promtool reads the exposition on stdin and exits non-zero on any problem
    const out = execFileSync('sh', ['-c', `promtool check metrics < ${file} 2>&1; echo "exit=$?"`]).toString();
    rmSync(dir, { recursive: true, force: true });
    expect(out.trim().split('\n').pop()).toBe('exit=0');
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a token of another scheme', `Basic ${Buffer.from(TOKEN).toString('base64')}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401, WWW-Authenticate: Bearer realm="metrics" and no caching', async (_label, header) => {
    const req = t.http().get('/metrics');
    if (header !== undefined) req.set('authorization', header);
    const res = await req;
    expectProblem(res, 401, 'unauthorized', { title: 'Unauthorized' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate'); // API.md: probe and metrics responses
    expect(res.text).not.toContain('process_cpu');
  });

  describe('auth_failures_total', () => {
    const count = async (mechanism: string, reason: string): Promise<number> => {
      const text = (await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200)).text;
      const line = text.split('\n').find((l) => l.startsWith(`auth_failures_total{mechanism="${mechanism}",reason="${reason}"}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };

    it('counts every refusal once, by mechanism and the problem code: the exchange, machine routes, sessions, scopes', async () => {
      const w = await makeWorkspace(t);
      const reader = (await issueKey(t, w, ['messages:read'])).key;
      const cases: [() => Promise<unknown>, string, string][] = [
        [
          () => t.http().post('/api/v1/agent_tokens').send({ api_key: 'agk_AAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' }),
          'machine',
          'invalid_api_key',
        ],
        [() => t.http().post('/api/v1/agent_tokens').send({}), 'machine', 'api_key_required'],
        [() => t.http().get('/api/v1/messages'), 'machine', 'api_key_required'],
        [() => t.http().get('/api/v1/operator/me'), 'operator', 'session_required'],
        [
          () => t.http().get('/api/v1/traces/6b0ba1b6-1d0c-4b3c-9b1c-0e0c7b0c0d01').set('x-agent-api-key', reader),
          'machine',
          'insufficient_scope',
        ],
      ];
      for (const [send, mechanism, reason] of cases) {
        const before = await count(mechanism, reason);
        await send();
        expect({ mechanism, reason, counted: (await count(mechanism, reason)) - before }).toEqual({ mechanism, reason, counted: 1 });
      }
      // reasons are codes, never sentences
      const text = (await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`)).text;
      for (const m of text.matchAll(/auth_failures_total\{mechanism="[^"]+",reason="([^"]+)"\}/g)) expect(m[1]).toMatch(/^[a-z0-9_]+$/);
    });
  });
});
