import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { issueKey, sessionCookie } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const start = '2026-11-25T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

/** A trace body as API.md gives it, with `n` spans in a chain under one root. */
export function traceBody(n = 3, overrides: Record<string, unknown> = {}) {
  const spans = Array.from({ length: n }, (_, i) => ({
    span_id: `s${i}`,
    ...(i > 0 && { parent_span_id: i === 1 ? 's0' : `s${i - 1}` }),
    name: `step ${i}`,
    started_at: at(i * 10),
    duration_ms: Math.max(1, 100 - i),
    ...(i === 2 && { status: 'error', attributes: { 'http.status_code': 503, retry: true } }),
  }));
  return {
    name: 'checkout.process',
    status: 'ok',
    started_at: start,
    duration_ms: 120,
    attributes: { 'robot.serial': 'RX-1', region: 'eu' },
    spans,
    ...overrides,
  };
}

describe('traces', () => {
  let t: TestApp;
  let w: Registered;
  let writer: string;
  let reader: string;
  let cookie: string;

  const post = (body: unknown, key = writer) =>
    t
      .http()
      .post('/api/v1/traces')
      .set('x-agent-api-key', key)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    w = await makeWorkspace(t);
    writer = (await issueKey(t, w, ['traces:write'])).key;
    reader = (await issueKey(t, w, ['traces:read'])).key;
    cookie = await sessionCookie(t, w.email, w.password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ingests a trace with spans (201), generating a trace_id, and reads it back with its spans in order', async () => {
    const res = await post(traceBody()).expect(201);
    expect(res.body.trace).toEqual({
      id: expect.any(String),
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      service_agent_id: w.defaultAgentId,
      name: 'checkout.process',
      status: 'ok',
      started_at: start,
      duration_ms: 120,
      attributes: { 'robot.serial': 'RX-1', region: 'eu' },
      span_count: 3,
      inserted_at: expect.any(String),
    });
    const read = await t.http().get(`/api/v1/traces/${res.body.trace.id}`).set('x-agent-api-key', reader).expect(200);
    expect(read.body.trace).toEqual({
      ...res.body.trace,
      spans: [
        { span_id: 's0', parent_span_id: null, name: 'step 0', started_at: at(0), duration_ms: 100, status: 'ok', attributes: {} },
        { span_id: 's1', parent_span_id: 's0', name: 'step 1', started_at: at(10), duration_ms: 99, status: 'ok', attributes: {} },
        {
          span_id: 's2',
          parent_span_id: 's1',
          name: 'step 2',
          started_at: at(20),
          duration_ms: 98,
          status: 'error',
          attributes: { 'http.status_code': 503, retry: true },
        },
      ],
    });
  });

  it('takes 1000 spans and reads them back in one row; 1001 spans is 422 and a body over 1 MiB is 413', async () => {
    const big = await post(traceBody(1000)).expect(201);
    expect(big.body.trace.span_count).toBe(1000);
    const read = await t.http().get(`/api/v1/traces/${big.body.trace.id}`).set('x-agent-api-key', reader).expect(200);
    expect(read.body.trace.spans).toHaveLength(1000);
    expect(read.body.trace.spans[999].span_id).toBe('s999');

    const tooMany = await post(traceBody(1001)).expect(422);
    expect(tooMany.body.errors.spans).toEqual(['must contain no more than 1000 elements']);
    const huge = await post(traceBody(1, { attributes: { blob: 'x'.repeat(1024 * 1024) } }));
    expectProblem(huge, 413, 'payload-too-large', { detail: 'payload_too_large' });
  });

  it('refuses bad traces with 422 naming the fields, and writes nothing', async () => {
    const before = (await t.http().get('/api/v1/operator/traces?limit=1').set('cookie', cookie)).body.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [traceBody(0, { status: 'warn' }), 'status'],
      [traceBody(0, { started_at: 'yesterday' }), 'started_at'],
      // ISO 8601 forms a JavaScript Date cannot read: a 422, never a 500
      ...['2024-W01-1', '2024-123', '20240101', '2024-01-01T00:00:00,5Z'].map((d): [Record<string, unknown>, string] => [
        traceBody(0, { started_at: d }),
        'started_at',
      ]),
      [{ ...traceBody(1), spans: [{ ...traceBody(1).spans[0], started_at: '2024-W01-1' }] }, 'spans.0.started_at'],
      [traceBody(0, { duration_ms: -1 }), 'duration_ms'],
      [traceBody(0, { name: '' }), 'name'],
      [traceBody(0, { attributes: [1, 2] }), 'attributes'],
      // distinct words beyond what a search vector holds (1 MiB) were a 500; the attributes are capped at 64 KiB
      [
        traceBody(0, { attributes: { note: Array.from({ length: 150_000 }, (_, i) => i.toString(36).padStart(4, 'a')).join(' ') } }),
        'attributes',
      ],
      [traceBody(0, { trace_id: 'has space' }), 'trace_id'],
      [{ ...traceBody(2), spans: [{ ...traceBody(2).spans[0] }, { ...traceBody(2).spans[0] }] }, 'spans.1.span_id'],
      [{ ...traceBody(2), spans: [{ ...traceBody(2).spans[1], parent_span_id: 'nope' }] }, 'spans.0.parent_span_id'],
      [{ ...traceBody(1), spans: [{ ...traceBody(1).spans[0], extra: 1 }] }, 'spans.0.extra'],
      [{ ...traceBody(0), service_agent_id: w.keyAgentId }, 'service_agent_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect({ field, status: res.status, has: Object.keys(res.body.errors ?? {}).includes(field) }).toEqual({
        field,
        status: 422,
        has: true,
      });
    }
    expect((await t.http().get('/api/v1/operator/traces?limit=1').set('cookie', cookie)).body.pagination.total).toBe(before);
  });

  it('a trace_id is unique in its workspace (409 trace_id_taken), not across workspaces', async () => {
    await post(traceBody(0, { trace_id: 'abc-123' })).expect(201);
    expectProblem(await post(traceBody(0, { trace_id: 'abc-123' })), 409, 'conflict', { detail: 'trace_id_taken' });
    const other = await makeWorkspace(t);
    const otherKey = (await issueKey(t, other, ['traces:write'])).key;
    await post(traceBody(0, { trace_id: 'abc-123' }), otherKey).expect(201);
  });

  it('needs traces:write to ingest and traces:read to read; another workspace is 404; non-UUIDs are 404', async () => {
    const res = await post(traceBody(1)).expect(201);
    expectProblem(await post(traceBody(0), reader), 403, 'forbidden', { detail: 'The token does not have sufficient scope' });
    expectProblem(await t.http().get(`/api/v1/traces/${res.body.trace.id}`).set('x-agent-api-key', writer), 403, 'forbidden');
    const other = await makeWorkspace(t);
    const otherReader = (await issueKey(t, other, ['traces:read'])).key;
    expectProblem(await t.http().get(`/api/v1/traces/${res.body.trace.id}`).set('x-agent-api-key', otherReader), 404, 'not-found', {
      detail: 'not_found',
    });
    expectProblem(await t.http().get('/api/v1/traces/not-a-uuid').set('x-agent-api-key', reader), 404, 'not-found');
    const otherCookie = await sessionCookie(t, other.email, other.password);
    await t.http().get(`/api/v1/operator/traces/${res.body.trace.id}`).set('cookie', otherCookie).expect(404);
    expect((await t.http().get('/api/v1/operator/traces').set('cookie', otherCookie)).body.traces).toEqual([]);
    await t
      .http()
      .get('/api/v1/traces/' + res.body.trace.id)
      .expect(401);
  });

  describe('the operator list', () => {
    let tenant: Registered;
    let key: string;
    let tenantCookie: string;
    const list = (query = '') => t.http().get(`/api/v1/operator/traces${query}`).set('cookie', tenantCookie);

    beforeAll(async () => {
      tenant = await makeWorkspace(t);
      key = (await issueKey(t, tenant, ['traces:write'])).key;
      tenantCookie = await sessionCookie(t, tenant.email, tenant.password);
      for (let i = 0; i < 5; i++) await post(traceBody(1, { name: `trace ${i}`, status: i % 2 ? 'error' : 'ok' }), key).expect(201);
      const keyAgent = await issueKey(t, tenant, ['traces:write'], { serviceAgentId: tenant.keyAgentId });
      await post(traceBody(1, { name: 'from the key agent' }), keyAgent.key).expect(201);
    });

    it('is newest first, paged, with count and pagination; the operator show has the spans', async () => {
      const res = await list('?limit=4').expect(200);
      expect(res.body.traces.map((x: { name: string }) => x.name)).toEqual(['from the key agent', 'trace 4', 'trace 3', 'trace 2']);
      expect(res.body).toMatchObject({ count: 4, pagination: { limit: 4, offset: 0, total: 6, has_more: true } });
      expect(res.body.traces[0]).not.toHaveProperty('spans');
      const show = await t.http().get(`/api/v1/operator/traces/${res.body.traces[1].id}`).set('cookie', tenantCookie).expect(200);
      expect(show.body.trace.spans).toHaveLength(1);
    });

    it('reads only the nested filters: filter[status], filter[service_agent_id]; a top-level ?status= is ignored', async () => {
      expect((await list('?filter[status]=error')).body.traces.map((x: { name: string }) => x.name)).toEqual(['trace 3', 'trace 1']);
      expect((await list('?status=error')).body.pagination.total).toBe(6);
      expect((await list(`?filter[service_agent_id]=${tenant.keyAgentId}`)).body.traces.map((x: { name: string }) => x.name)).toEqual([
        'from the key agent',
      ]);
      expect((await list(`?filter[service_agent_id]=${tenant.keyAgentId}&filter[status]=error`)).body.count).toBe(0);
    });

    it.each([
      ['?filter[status]=warn', 'invalid_status'],
      ['?filter[service_agent_id]=not-a-uuid', 'invalid_service_agent_id'],
      ['?limit=0', 'invalid_limit'],
      ['?limit=101', 'invalid_limit'],
      ['?offset=10001', 'invalid_offset'],
      ['?limit[]=1', 'invalid_limit'],
    ])('%s is 400 %s', async (query, detail) => {
      expectProblem(await list(query), 400, 'bad-request', { detail });
    });
  });

  describe('the console pages', () => {
    it('/app/traces lists and filters; /app/traces/:id shows the waterfall, each span placed on the time line', async () => {
      const res = await post(traceBody(3, { name: 'waterfall <demo>' })).expect(201);
      const page = await t.http().get('/app/traces?filter[status]=ok&filter[service_agent_id]=').set('cookie', cookie).expect(200);
      expect(page.text).toContain(`<a href="/app/traces/${res.body.trace.id}">waterfall &lt;demo&gt;</a>`);
      const show = await t.http().get(`/app/traces/${res.body.trace.id}`).set('cookie', cookie).expect(200);
      expect(show.text).toContain('id="waterfall"');
      // total 120 ms: span 1 starts at +10 ms (8.33%) and lasts 99 ms (82.50%)
      expect(show.text).toMatch(
        /data-span-id="s1"><th scope="row" style="padding-left:1\.25rem">step 1<\/th>\s*<td><div class="bar status-ok" style="margin-left:8\.33%;width:82\.50%"/,
      );
      expect(show.text).toContain('class="bar status-error"');
      await t.http().get('/app/traces/not-a-uuid').set('cookie', cookie).expect(404);
      const anon = await t.http().get('/app/traces');
      expect(anon.status).toBe(302);
    });
  });
});
