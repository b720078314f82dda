import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const NO_CACHE = 'no-cache, no-store, must-revalidate';

describe('operations probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers ok with the probe time and no-cache headers', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', timestamp: new Date(t.clock.now()).toISOString() });
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('GET /ready reports repo, migrations and oban checks', async () => {
    expect(t.config.queues.map((q) => q.name).sort()).toEqual([
      'batch_operations',
      'data_requests',
      'mailer',
      'password_resets',
      'replays',
      'webhooks',
    ]);
    const res = await t.http().get('/ready').expect(200);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.body.status).toMatch(/^(ok|degraded)$/);
    expect(res.body.timestamp).toBe(new Date(t.clock.now()).toISOString());
    expect(res.body.checks.repo).toEqual({ status: expect.stringMatching(/^(ok|degraded)$/), latency_ms: expect.any(Number) });
    expect(res.body.checks.migrations).toEqual({ status: 'ok', pending: 0 });
    expect(res.body.checks.oban).toEqual({
      status: 'ok',
      queues: Object.fromEntries(t.config.queues.map((q) => [q.name, { status: 'ok', concurrency: q.concurrency }])),
    });
  });

  it('every response carries x-request-id: a valid incoming one is echoed, anything else replaced', async () => {
    const echoed = await t.http().get('/health').set('x-request-id', 'abc.DEF_123-x');
    expect(echoed.headers['x-request-id']).toBe('abc.DEF_123-x');
    const replaced = await t.http().get('/health').set('x-request-id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await t.http().get('/health').set('x-request-id', 'a'.repeat(129));
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.http().get('/nope');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown route is a 404 problem body', async () => {
    const res = await t.http().get('/api/v1/does-not-exist');
    expectProblem(res, 404, 'not-found', { title: 'Not Found', detail: 'not_found' });
  });

  it('malformed JSON is a 400 problem with detail malformed_json', async () => {
    const res = await t.http().post('/health').set('content-type', 'application/json').send('{"a":');
    expectProblem(res, 400, 'bad-request', { title: 'Bad Request', detail: 'malformed_json' });
    expect(res.headers['x-request-id']).toBeDefined();
  });
});
