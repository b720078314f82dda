import { makeWorkspace, Registered } from './support/builders';
import { db } from './support/operator';
import { expectProblem } from './support/problem';
import { issueKey, sessionCookie } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

describe('eval suites and eval runs', () => {
  let t: TestApp;
  let w: Registered;
  let key: string;
  let cookie: string;

  const as = (k: string) => ({
    post: (path: string, body: object) => t.http().post(path).set('x-agent-api-key', k).send(body),
    patch: (path: string, body: object) => t.http().patch(path).set('x-agent-api-key', k).send(body),
    get: (path: string) => t.http().get(path).set('x-agent-api-key', k),
  });
  const m = () => as(key);
  const suite = async (name = 'Pick and place') =>
    (
      await m()
        .post('/api/v1/eval_suites', {
          name,
          description: 'grasping',
          cases: [{ input: { sku: 'A1' }, expected: 'placed' }, { input: 'x' }],
        })
        .expect(201)
    ).body.eval_suite;
  const run = async (suiteId: string) => (await m().post('/api/v1/eval_runs', { eval_suite_id: suiteId }).expect(201)).body.eval_run;

  beforeAll(async () => {
    t = await createTestApp();
    w = await makeWorkspace(t);
    key = (await issueKey(t, w, ['eval_suites:read', 'eval_suites:write', 'eval_runs:read', 'eval_runs:write'])).key;
    cookie = await sessionCookie(t, w.email, w.password);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('suites', () => {
    it('are created (201), read by id and listed newest first, by machines and operators', async () => {
      const s = await suite('Suite A');
      expect(s).toEqual({
        id: expect.any(String),
        name: 'Suite A',
        description: 'grasping',
        cases: [{ input: { sku: 'A1' }, expected: 'placed' }, { input: 'x' }],
        inserted_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect((await m().get(`/api/v1/eval_suites/${s.id}`).expect(200)).body.eval_suite).toEqual(s);
      const s2 = await suite('Suite B');
      const list = await m().get('/api/v1/eval_suites?limit=2').expect(200);
      expect(list.body.eval_suites.map((x: { id: string }) => x.id)).toEqual([s2.id, s.id]);
      expect(list.body).toMatchObject({ count: 2, pagination: { limit: 2, offset: 0 } });
      const operator = await t.http().get('/api/v1/operator/eval_suites?limit=1').set('cookie', cookie).expect(200);
      expect(operator.body.eval_suites[0].id).toBe(s2.id);
    });

    it('refuse a case without input, too many cases and unknown fields (422)', async () => {
      expect(
        (
          await m()
            .post('/api/v1/eval_suites', { name: 'x', cases: [{ expected: 1 }] })
            .expect(422)
        ).body.errors,
      ).toEqual({ 'cases.0.input': ['is required'] });
      const many = Array.from({ length: 1001 }, () => ({ input: 1 }));
      expect((await m().post('/api/v1/eval_suites', { name: 'x', cases: many }).expect(422)).body.errors.cases).toBeDefined();
      expect((await m().post('/api/v1/eval_suites', { name: 'x', owner: 'me' }).expect(422)).body.errors).toEqual({
        owner: ['is not an allowed field'],
      });
    });
  });

  describe('runs', () => {
    it('start queued and move queued -> running -> passed, with times, score and metrics merged; passing emits eval_run.completed', async () => {
      const s = await suite();
      const r = await run(s.id);
      expect(r).toMatchObject({
        eval_suite_id: s.id,
        service_agent_id: w.defaultAgentId,
        status: 'queued',
        score: null,
        metrics: {},
        started_at: null,
        finished_at: null,
      });
      const running = (
        await m()
          .patch(`/api/v1/eval_runs/${r.id}`, { status: 'running', metrics: { cases: 2 } })
          .expect(200)
      ).body.eval_run;
      expect(running).toMatchObject({ status: 'running', started_at: expect.any(String), finished_at: null, metrics: { cases: 2 } });
      const events = () =>
        db(t).query(
          `SELECT type, data FROM domain_events WHERE workspace_id = $1 AND type = 'eval_run.completed' AND data->'eval_run'->>'id' = $2`,
          [w.workspaceId, r.id],
        );
      expect(await events()).toEqual([]);
      const passed = (
        await m()
          .patch(`/api/v1/eval_runs/${r.id}`, { status: 'passed', score: 0.875, metrics: { passed: 2 } })
          .expect(200)
      ).body.eval_run;
      expect(passed).toMatchObject({ status: 'passed', score: 0.875, finished_at: expect.any(String), metrics: { cases: 2, passed: 2 } });
      const [event] = await events();
      expect(event.data.eval_run).toMatchObject({ id: r.id, status: 'passed', score: 0.875 });
      expect((await m().get(`/api/v1/eval_runs/${r.id}`).expect(200)).body.eval_run).toEqual(passed);
    });

    it.each([
      ['queued', 'passed'],
      ['queued', 'queued'],
      ['running', 'queued'],
      ['running', 'running'],
      ['failed', 'running'],
      ['errored', 'passed'],
    ])('%s -> %s is 409 invalid_transition and changes nothing', async (from, to) => {
      const r = await run((await suite()).id);
      if (from !== 'queued') await m().patch(`/api/v1/eval_runs/${r.id}`, { status: 'running' }).expect(200);
      if (from === 'failed' || from === 'errored') await m().patch(`/api/v1/eval_runs/${r.id}`, { status: from }).expect(200);
      const before = (await m().get(`/api/v1/eval_runs/${r.id}`)).body.eval_run;
      expectProblem(await m().patch(`/api/v1/eval_runs/${r.id}`, { status: to, score: 1 }), 409, 'conflict', {
        detail: 'invalid_transition',
      });
      expect((await m().get(`/api/v1/eval_runs/${r.id}`)).body.eval_run).toEqual(before);
    });

    it('two reporters finishing one run at once: exactly one wins, one eval_run.completed', async () => {
      const r = await run((await suite()).id);
      await m().patch(`/api/v1/eval_runs/${r.id}`, { status: 'running' }).expect(200);
      const results = await Promise.all(
        ['passed', 'failed', 'errored', 'passed', 'failed'].map((status) => m().patch(`/api/v1/eval_runs/${r.id}`, { status })),
      );
      expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const [{ n }] = await db(t).query(
        `SELECT count(*)::int AS n FROM domain_events WHERE type = 'eval_run.completed' AND data->'eval_run'->>'id' = $1`,
        [r.id],
      );
      expect(n).toBe(1);
    });

    it('refuse a score outside 0..1, a status that is not one, and a suite of another workspace (422)', async () => {
      const r = await run((await suite()).id);
      expect((await m().patch(`/api/v1/eval_runs/${r.id}`, { status: 'running', score: 1.5 }).expect(422)).body.errors.score).toBeDefined();
      expect((await m().patch(`/api/v1/eval_runs/${r.id}`, { status: 'done' }).expect(422)).body.errors.status).toBeDefined();
      const other = await makeWorkspace(t);
      const otherKey = (await issueKey(t, other, ['eval_suites:write'])).key;
      const theirs = (await as(otherKey).post('/api/v1/eval_suites', { name: 'theirs' }).expect(201)).body.eval_suite;
      expect((await m().post('/api/v1/eval_runs', { eval_suite_id: theirs.id }).expect(422)).body.errors).toEqual({
        eval_suite_id: ['must be an eval suite of this workspace'],
      });
      expect((await m().post('/api/v1/eval_runs', { eval_suite_id: 'nope' }).expect(422)).body.errors.eval_suite_id).toBeDefined();
      // and the run is invisible to them
      const otherReader = (await issueKey(t, other, ['eval_runs:read', 'eval_runs:write'])).key;
      await as(otherReader).get(`/api/v1/eval_runs/${r.id}`).expect(404);
      await as(otherReader).patch(`/api/v1/eval_runs/${r.id}`, { status: 'running' }).expect(404);
    });

    it('scopes: eval_runs:write to create and report, eval_runs:read to read; eval_suites likewise', async () => {
      const readOnly = (await issueKey(t, w, ['eval_runs:read', 'eval_suites:read'])).key;
      expectProblem(await as(readOnly).post('/api/v1/eval_suites', { name: 'x' }), 403, 'forbidden');
      expectProblem(await as(readOnly).post('/api/v1/eval_runs', { eval_suite_id: (await suite()).id }), 403, 'forbidden');
      const writeOnly = (await issueKey(t, w, ['eval_runs:write'])).key;
      expectProblem(await as(writeOnly).get('/api/v1/eval_runs'), 403, 'forbidden');
      expectProblem(await as(writeOnly).get('/api/v1/eval_suites'), 403, 'forbidden');
    });
  });

  describe('the eval runs list (SPEC.md: limit 0-100, offset 0-10000, eval_runs and pagination, nested filters only)', () => {
    let tenant: Registered;
    let tk: string;
    let tc: string;
    let suites: string[];
    const list = (query: string) => t.http().get(`/api/v1/operator/eval_runs${query}`).set('cookie', tc);

    beforeAll(async () => {
      tenant = await makeWorkspace(t);
      tk = (await issueKey(t, tenant, ['eval_suites:write', 'eval_runs:write', 'eval_runs:read'])).key;
      tc = await sessionCookie(t, tenant.email, tenant.password);
      suites = [];
      for (const name of ['one', 'two']) suites.push((await as(tk).post('/api/v1/eval_suites', { name }).expect(201)).body.eval_suite.id);
      for (let i = 0; i < 4; i++) {
        const r = (
          await as(tk)
            .post('/api/v1/eval_runs', { eval_suite_id: suites[i % 2] })
            .expect(201)
        ).body.eval_run;
        if (i < 2) await as(tk).patch(`/api/v1/eval_runs/${r.id}`, { status: 'running' }).expect(200);
      }
    });

    it('limit 0 returns no runs but the total; the keys are eval_runs, count and pagination', async () => {
      const res = await list('?limit=0').expect(200);
      expect(res.body).toEqual({ eval_runs: [], count: 0, pagination: { limit: 0, offset: 0, total: 4, has_more: true } });
      expect(Object.keys((await list('')).body).sort()).toEqual(['count', 'eval_runs', 'pagination']);
    });

    it('filter[status] and filter[eval_suite_id] narrow it; top-level ?status= is ignored', async () => {
      expect((await list('?filter[status]=running')).body.count).toBe(2);
      expect((await list(`?filter[eval_suite_id]=${suites[0]}`)).body.count).toBe(2);
      expect((await list(`?filter[eval_suite_id]=${suites[0]}&filter[status]=running`)).body.count).toBe(1);
      expect((await list('?status=running')).body.count).toBe(4);
      // the machine list has the same rules
      expect((await as(tk).get('/api/v1/eval_runs?filter[status]=queued')).body.count).toBe(2);
    });

    it.each([
      ['?limit=101', 'invalid_limit'],
      ['?limit=-1', 'invalid_limit'],
      ['?offset=10001', 'invalid_offset'],
      ['?filter[status]=done', 'invalid_status'],
      ['?filter[eval_suite_id]=12', 'invalid_eval_suite_id'],
    ])('%s is 400 %s', async (query, detail) => {
      expectProblem(await list(query), 400, 'bad-request', { detail });
    });

    it('/app/eval_runs shows runs with status and score', async () => {
      const page = await t.http().get('/app/eval_runs?filter[status]=running').set('cookie', tc).expect(200);
      expect(page.text.match(/data-run-id=/g)).toHaveLength(2);
      expect(page.text).toContain('class="status-running">running</td>');
    });
  });
});
