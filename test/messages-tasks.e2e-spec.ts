import { DataSource } from 'typeorm';
import { TASK_STATUSES } from '../src/tasks/dto/task.dto';
import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const sorted = (xs: readonly string[]) => [...xs].sort();

function expectValidation(res: Response): Record<string, string[]> {
  const body = expectProblem(res, 422, 'validation-error', { title: 'Unprocessable Content', detail: 'validation_failed' });
  return body.errors as Record<string, string[]>;
}

describe('machine resources: messages and tasks', () => {
  let t: TestApp;
  let db: DataSource;
  let ws: Registered;

  const as = (w: Registered) => ({
    postMessage: (body: unknown) =>
      t
        .http()
        .post('/api/v1/messages')
        .set('authorization', `Bearer ${w.apiKey}`)
        .send(body as object),
    getMessages: (query = '') => t.http().get(`/api/v1/messages${query}`).set('authorization', `Bearer ${w.apiKey}`),
    postTask: (body: unknown) =>
      t
        .http()
        .post('/api/v1/tasks')
        .set('authorization', `Bearer ${w.apiKey}`)
        .send(body as object),
    getTasks: (query = '') => t.http().get(`/api/v1/tasks${query}`).set('authorization', `Bearer ${w.apiKey}`),
  });

  /** Bulk rows straight into the table (one statement), for paging tests. */
  async function seedMessages(w: Registered, n: number): Promise<string[]> {
    const rows = await db.query(
      `INSERT INTO messages (workspace_id, service_agent_id, body, inserted_at)
       SELECT $1, $2, 'seed ' || g, now() - (g || ' milliseconds')::interval FROM generate_series(1, $3) g RETURNING id`,
      [w.workspaceId, w.keyAgentId, n],
    );
    return rows.map((r: { id: string }) => r.id);
  }

  async function seedTasks(w: Registered, n: number, status = 'pending'): Promise<string[]> {
    const rows = await db.query(
      `INSERT INTO tasks (workspace_id, service_agent_id, title, status, inserted_at)
       SELECT $1, $2, 'seed ' || g, $4, now() - (g || ' milliseconds')::interval FROM generate_series(1, $3) g RETURNING id`,
      [w.workspaceId, w.keyAgentId, n, status],
    );
    return rows.map((r: { id: string }) => r.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    ws = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  describe('POST /api/v1/messages', () => {
    it('201 { message: { id, body, channel, service_agent_id, inserted_at } }, stored in the workspace', async () => {
      const res = await as(ws).postMessage({ body: 'hello fleet', channel: 'ops' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['message']);
      const m = res.body.message;
      expect(sorted(Object.keys(m))).toEqual(['body', 'channel', 'id', 'inserted_at', 'service_agent_id']);
      expect(m.id).toMatch(UUID);
      expect(m.body).toBe('hello fleet');
      expect(m.channel).toBe('ops');
      expect(m.service_agent_id).toBe(ws.keyAgentId);
      expect(m.inserted_at).toMatch(ISO);
      const rows = await db.query(`SELECT workspace_id, body, channel FROM messages WHERE id = $1`, [m.id]);
      expect(rows).toEqual([{ workspace_id: ws.workspaceId, body: 'hello fleet', channel: 'ops' }]);
    });

    it('channel is optional (null)', async () => {
      const res = await as(ws).postMessage({ body: 'no channel' });
      expect(res.status).toBe(201);
      expect(res.body.message.channel).toBeNull();
    });

    it("the service agent is the credential's agent", async () => {
      const res = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${ws.accessToken}`).send({ body: 'via token' });
      expect(res.status).toBe(201);
      expect(res.body.message.service_agent_id).toBe(ws.keyAgentId);
    });

    it('a body of 10000 characters is accepted', async () => {
      const body = 'x'.repeat(10000);
      const res = await as(ws).postMessage({ body });
      expect(res.status).toBe(201);
      expect(res.body.message.body).toBe(body);
    });

    it.each([
      ['an empty body', { body: '' }],
      ['a body of 10001 characters', { body: 'x'.repeat(10001) }],
      ['a missing body', {}],
      ['a non-string body', { body: 42 }],
    ])('%s is a 422 on errors.body', async (_label, payload) => {
      const before = await db.query(`SELECT count(*) AS n FROM messages WHERE workspace_id = $1`, [ws.workspaceId]);
      expect(Object.keys(expectValidation(await as(ws).postMessage(payload)))).toEqual(['body']);
      const after = await db.query(`SELECT count(*) AS n FROM messages WHERE workspace_id = $1`, [ws.workspaceId]);
      expect(after[0].n).toBe(before[0].n);
    });

    it('an unknown field is a 422 naming it', async () => {
      expect(expectValidation(await as(ws).postMessage({ body: 'hi', priority: 'high' }))).toEqual({
        priority: ['is not an allowed field'],
      });
    });

    it('a client cannot pick the workspace or the agent', async () => {
      const other = await makeWorkspace(t);
      const errors = expectValidation(
        await as(ws).postMessage({ body: 'hi', workspace_id: other.workspaceId, service_agent_id: other.keyAgentId }),
      );
      expect(sorted(Object.keys(errors))).toEqual(['service_agent_id', 'workspace_id']);
    });
  });

  describe('GET /api/v1/messages', () => {
    let w: Registered;
    let created: string[];

    beforeAll(async () => {
      w = await makeWorkspace(t);
      created = [];
      for (const body of ['first', 'second', 'third']) {
        const res = await as(w).postMessage({ body });
        created.push(res.body.message.id);
      }
    });

    it('{ messages, count }, newest first', async () => {
      const res = await as(w).getMessages();
      expect(res.status).toBe(200);
      expect(sorted(Object.keys(res.body))).toEqual(['count', 'messages']);
      expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(['third', 'second', 'first']);
      expect(res.body.messages.map((m: { id: string }) => m.id)).toEqual([...created].reverse());
      expect(res.body.count).toBe(3);
      expect(sorted(Object.keys(res.body.messages[0]))).toEqual(['body', 'channel', 'id', 'inserted_at', 'service_agent_id']);
    });

    it('limit and offset page through the list; count is the number returned', async () => {
      const one = await as(w).getMessages('?limit=1');
      expect(one.body.messages.map((m: { body: string }) => m.body)).toEqual(['third']);
      expect(one.body.count).toBe(1);
      const next = await as(w).getMessages('?limit=1&offset=1');
      expect(next.body.messages.map((m: { body: string }) => m.body)).toEqual(['second']);
      const rest = await as(w).getMessages('?limit=100&offset=1');
      expect(rest.body.messages.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
      expect(rest.body.count).toBe(2);
      const past = await as(w).getMessages('?offset=3');
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ messages: [], count: 0 });
    });

    it('limit defaults to 50 and goes up to 100; offset goes up to 100000', async () => {
      const big = await makeWorkspace(t);
      const ids = await seedMessages(big, 101);
      const dflt = await as(big).getMessages();
      expect(dflt.body.count).toBe(50);
      expect(dflt.body.messages.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 50));
      const max = await as(big).getMessages('?limit=100');
      expect(max.body.count).toBe(100);
      expect(max.body.messages.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 100));
      const tail = await as(big).getMessages('?limit=100&offset=100');
      expect(tail.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[100]]);
      const edge = await as(big).getMessages('?offset=100000');
      expect(edge.status).toBe(200);
      expect(edge.body).toEqual({ messages: [], count: 0 });
      const zero = await as(big).getMessages('?offset=0&limit=1');
      expect(zero.body.messages[0].id).toBe(ids[0]);
    });

    it.each(['0', '101', '-1', '1.5', 'abc', ''])('limit=%p is 400 invalid_limit', async (limit) => {
      const res = await as(w).getMessages(`?limit=${encodeURIComponent(limit)}`);
      expectProblem(res, 400, 'bad-request', { title: 'Bad Request', detail: 'invalid_limit' });
      expect(res.body.extra).toEqual({ minimum: 1, maximum: 100 });
    });

    it('a repeated limit is 400 invalid_limit', async () => {
      expectProblem(await as(w).getMessages('?limit=1&limit=2'), 400, 'bad-request', { detail: 'invalid_limit' });
    });

    it.each(['100001', '-1', '1.5', 'abc', ''])('offset=%p is 400 invalid_offset', async (offset) => {
      const res = await as(w).getMessages(`?offset=${encodeURIComponent(offset)}`);
      expectProblem(res, 400, 'bad-request', { detail: 'invalid_offset' });
    });

    it('a repeated offset is 400 invalid_offset', async () => {
      expectProblem(await as(w).getMessages('?offset=0&offset=1'), 400, 'bad-request', { detail: 'invalid_offset' });
    });
  });

  describe('POST /api/v1/tasks', () => {
    it('201 { task: { id, title, status, service_agent_id, inserted_at, updated_at } }, status pending by default', async () => {
      const res = await as(ws).postTask({ title: 'Inspect dock 4' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['task']);
      const task = res.body.task;
      expect(sorted(Object.keys(task))).toEqual(['id', 'inserted_at', 'service_agent_id', 'status', 'title', 'updated_at']);
      expect(task.id).toMatch(UUID);
      expect(task.title).toBe('Inspect dock 4');
      expect(task.status).toBe('pending');
      expect(task.service_agent_id).toBe(ws.keyAgentId);
      expect(task.inserted_at).toMatch(ISO);
      expect(task.updated_at).toMatch(ISO);
      const rows = await db.query(`SELECT workspace_id, title, status FROM tasks WHERE id = $1`, [task.id]);
      expect(rows).toEqual([{ workspace_id: ws.workspaceId, title: 'Inspect dock 4', status: 'pending' }]);
    });

    it.each(['pending', 'running', 'done', 'failed'])('accepts status %s', async (status) => {
      const res = await as(ws).postTask({ title: `status ${status}`, status });
      expect(res.status).toBe(201);
      expect(res.body.task.status).toBe(status);
    });

    it.each([
      ['an invalid status', { title: 'x', status: 'bogus' }, 'status'],
      ['a missing title', {}, 'title'],
      ['a blank title', { title: '   ' }, 'title'],
      ['an unknown field', { title: 'x', owner: 'me' }, 'owner'],
    ])('%s is a 422', async (_label, payload, field) => {
      expect(Object.keys(expectValidation(await as(ws).postTask(payload)))).toEqual([field]);
    });
  });

  describe('GET /api/v1/tasks', () => {
    let w: Registered;
    let all: { id: string; status: string }[];

    beforeAll(async () => {
      w = await makeWorkspace(t);
      for (const status of ['pending', 'done', 'pending', 'done', 'running']) {
        const res = await as(w).postTask({ title: `task ${status}`, status });
        expect(res.status).toBe(201);
      }
      const res = await as(w).getTasks();
      all = res.body.tasks;
    });

    it('{ tasks, count, pagination }, newest first', async () => {
      const res = await as(w).getTasks();
      expect(res.status).toBe(200);
      expect(sorted(Object.keys(res.body))).toEqual(['count', 'pagination', 'tasks']);
      expect(res.body.tasks.map((x: { status: string }) => x.status)).toEqual(['running', 'done', 'pending', 'done', 'pending']);
      expect(res.body.count).toBe(5);
      expect(res.body.pagination).toEqual({ limit: 50, offset: 0, total: 5, has_more: false });
      expect(sorted(Object.keys(res.body.tasks[0]))).toEqual(['id', 'inserted_at', 'service_agent_id', 'status', 'title', 'updated_at']);
    });

    it('limit=2 offset=0: two tasks, has_more, total 5', async () => {
      const res = await as(w).getTasks('?limit=2&offset=0');
      expect(res.body.tasks.map((x: { id: string }) => x.id)).toEqual(all.slice(0, 2).map((x) => x.id));
      expect(res.body.count).toBe(2);
      expect(res.body.pagination).toEqual({ limit: 2, offset: 0, total: 5, has_more: true });
    });

    it('pages of 2 are stable and cover the list exactly once', async () => {
      const seen: string[] = [];
      for (const offset of [0, 2, 4]) {
        const res = await as(w).getTasks(`?limit=2&offset=${offset}`);
        seen.push(...res.body.tasks.map((x: { id: string }) => x.id));
      }
      expect(seen).toEqual(all.map((x) => x.id));
    });

    it('offset=4: the last task, no more', async () => {
      const res = await as(w).getTasks('?limit=2&offset=4');
      expect(res.body.tasks.map((x: { id: string }) => x.id)).toEqual([all[4].id]);
      expect(res.body.count).toBe(1);
      expect(res.body.pagination).toEqual({ limit: 2, offset: 4, total: 5, has_more: false });
    });

    it('limit=0: no tasks, count 0, the total still reported', async () => {
      const res = await as(w).getTasks('?limit=0');
      expect(res.status).toBe(200);
      expect(res.body.tasks).toEqual([]);
      expect(res.body.count).toBe(0);
      expect(res.body.pagination).toMatchObject({ limit: 0, offset: 0, total: 5 });
    });

    it('past the end: empty page with the total', async () => {
      const res = await as(w).getTasks('?offset=10');
      expect(res.body).toEqual({ tasks: [], count: 0, pagination: { limit: 50, offset: 10, total: 5, has_more: false } });
    });

    it('limit 100 and offset 10000 are accepted', async () => {
      expect((await as(w).getTasks('?limit=100&offset=10000')).status).toBe(200);
    });

    it.each([
      ['?limit=101', 'invalid_limit'],
      ['?limit=-1', 'invalid_limit'],
      ['?limit=abc', 'invalid_limit'],
      ['?limit=1.5', 'invalid_limit'],
      ['?limit=1&limit=2', 'invalid_limit'],
      ['?offset=10001', 'invalid_offset'],
      ['?offset=-1', 'invalid_offset'],
      ['?offset=x', 'invalid_offset'],
    ])('%s is 400 %s', async (query, detail) => {
      expectProblem(await as(w).getTasks(query), 400, 'bad-request', { detail });
    });

    it('?status=done filters, and the pagination counts the filtered set', async () => {
      const res = await as(w).getTasks('?status=done');
      expect(res.body.tasks.map((x: { status: string }) => x.status)).toEqual(['done', 'done']);
      expect(res.body.pagination).toEqual({ limit: 50, offset: 0, total: 2, has_more: false });
      const paged = await as(w).getTasks('?status=pending&limit=1');
      expect(paged.body.tasks.map((x: { status: string }) => x.status)).toEqual(['pending']);
      expect(paged.body.pagination).toEqual({ limit: 1, offset: 0, total: 2, has_more: true });
    });

    it('?filter[status]= filters, and wins over ?status=', async () => {
      const nested = await as(w).getTasks('?filter[status]=running');
      expect(nested.body.tasks.map((x: { status: string }) => x.status)).toEqual(['running']);
      const both = await as(w).getTasks('?status=pending&filter[status]=done');
      expect(both.status).toBe(200);
      expect(both.body.tasks.map((x: { status: string }) => x.status)).toEqual(['done', 'done']);
      expect(both.body.pagination.total).toBe(2);
      const encoded = await as(w).getTasks(`?status=pending&${encodeURIComponent('filter[status]')}=done`);
      expect(encoded.body.tasks.map((x: { status: string }) => x.status)).toEqual(['done', 'done']);
    });

    it('a status with no tasks is an empty page, not an error', async () => {
      const res = await as(w).getTasks('?status=failed');
      expect(res.body).toEqual({ tasks: [], count: 0, pagination: { limit: 50, offset: 0, total: 0, has_more: false } });
    });

    it.each(['?status=bogus', '?filter[status]=bogus', '?status=DONE', '?status=done&status=pending'])(
      '%s is 400 invalid_status (not a 422)',
      async (query) => {
        const res = await as(w).getTasks(query);
        expectProblem(res, 400, 'bad-request', { detail: 'invalid_status' });
        expect(res.body.errors).toBeUndefined();
        // the fixed detail, and what the parameter takes (issue 57)
        expect(res.body.extra).toEqual({ parameter: 'status', allowed: [...TASK_STATUSES] });
      },
    );
  });

  describe('tenant isolation', () => {
    let a: Registered;
    let b: Registered;
    let aMessages: Set<string>;
    let aTasks: Set<string>;
    let bMessages: string[];
    let bTasks: string[];

    beforeAll(async () => {
      [a, b] = await Promise.all([makeWorkspace(t), makeWorkspace(t)]);
      const aApiMessages: string[] = [];
      const aApiTasks: string[] = [];
      for (let i = 0; i < 3; i++) {
        aApiMessages.push((await as(a).postMessage({ body: `a api ${i}` })).body.message.id);
        aApiTasks.push((await as(a).postTask({ title: `a api ${i}`, status: 'done' })).body.task.id);
      }
      aMessages = new Set([...(await seedMessages(a, 40)), ...aApiMessages]);
      aTasks = new Set([...(await seedTasks(a, 40, 'done')), ...aApiTasks]);
      bMessages = [];
      bTasks = [];
      for (let i = 0; i < 3; i++) {
        bMessages.push((await as(b).postMessage({ body: `b ${i}` })).body.message.id);
        bTasks.push((await as(b).postTask({ title: `b ${i}`, status: 'done' })).body.task.id);
      }
    });

    const combos: [number, number][] = [];
    for (const limit of [1, 2, 3, 50, 100]) for (const offset of [0, 1, 2, 3, 10, 40, 100]) combos.push([limit, offset]);

    it("B's messages list never shows A's messages, at any limit and offset", async () => {
      for (const [limit, offset] of combos) {
        const res = await as(b).getMessages(`?limit=${limit}&offset=${offset}`);
        expect(res.status).toBe(200);
        const ids: string[] = res.body.messages.map((m: { id: string }) => m.id);
        for (const id of ids) expect(aMessages.has(id)).toBe(false);
        expect(ids).toEqual([...bMessages].reverse().slice(offset, offset + limit));
      }
    });

    it("B's tasks list never shows A's tasks, at any limit, offset or filter, and its total is B's", async () => {
      for (const [limit, offset] of combos) {
        for (const filter of ['', '&status=done', '&filter[status]=done']) {
          const res = await as(b).getTasks(`?limit=${limit}&offset=${offset}${filter}`);
          expect(res.status).toBe(200);
          const ids: string[] = res.body.tasks.map((x: { id: string }) => x.id);
          for (const id of ids) expect(aTasks.has(id)).toBe(false);
          expect(ids).toEqual([...bTasks].reverse().slice(offset, offset + limit));
          expect(res.body.pagination.total).toBe(3);
        }
      }
      const zero = await as(b).getTasks('?limit=0');
      expect(zero.body.pagination.total).toBe(3);
    });

    it("A's lists never show B's rows", async () => {
      const messages = await as(a).getMessages('?limit=100');
      const tasks = await as(a).getTasks('?limit=100');
      expect(messages.body.count).toBe(aMessages.size);
      expect(tasks.body.pagination.total).toBe(aTasks.size);
      for (const id of bMessages) expect(messages.body.messages.map((m: { id: string }) => m.id)).not.toContain(id);
      for (const id of bTasks) expect(tasks.body.tasks.map((x: { id: string }) => x.id)).not.toContain(id);
    });
  });
});
