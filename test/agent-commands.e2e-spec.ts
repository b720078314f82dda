import { DataSource } from 'typeorm';
import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { makeWorkspace, Registered } from './support/builders';
import { eventually } from './support/eventually';
import { expectProblem } from './support/problem';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const PATH = '/api/v1/operator/agent_commands';

describe('agent commands', () => {
  let t: TestApp;
  let base: string;
  let db: DataSource;
  let w: Registered;
  let cookie: string;
  let agentKey: string;
  const open: SocketClient[] = [];

  const create = (body: Record<string, unknown>, as = cookie) => t.http().post(PATH).set('cookie', as).send(body);
  const list = (query = '', as = cookie) => t.http().get(`${PATH}${query}`).set('cookie', as);
  const statusOf = async (id: string) => (await db.query(`SELECT status FROM agent_commands WHERE id = $1`, [id]))[0]?.status;

  async function agentSocket(key = agentKey): Promise<SocketClient> {
    const { socket_token } = await mintSocketToken(t, key);
    const client = await SocketClient.open(socketUrl(base, { socket_token }));
    open.push(client);
    return client;
  }

  const until = (check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> =>
    eventually(
      async () => {
        if (!(await check())) throw new Error('condition not met');
      },
      { timeoutMs, intervalMs: 25 },
    );

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    db = t.app.get(DataSource);
    w = await makeWorkspace(t);
    cookie = await sessionCookie(t, w.email, w.password);
    agentKey = (await issueKey(t, w, ['sockets:connect', 'agent_commands:read'])).key;
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  describe('POST /api/v1/operator/agent_commands', () => {
    it('creates a pending command for a visible agent of the workspace', async () => {
      const payload = { delay_s: 5, steps: [1, 'two', null] };
      const res = await create({ service_agent_id: w.defaultAgentId, name: '  reboot ', payload }).expect(201);
      expect(res.body).toEqual({
        agent_command: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          service_agent_id: w.defaultAgentId,
          name: 'reboot',
          payload: { delay_s: 5, steps: [1, 'two', null] },
          status: 'pending',
          result: null,
          created_by: w.body.user.id,
          inserted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updated_at: expect.stringMatching(/Z$/),
        },
      });
      const defaulted = await create({ service_agent_id: w.defaultAgentId, name: 'ping' }).expect(201);
      expect(defaulted.body.agent_command.payload).toEqual({});
    });

    it('answers 404 for the hidden key agent, another workspace agent or an unknown id', async () => {
      const other = await makeWorkspace(t);
      for (const id of [w.keyAgentId, other.defaultAgentId, '00000000-0000-4000-8000-000000000000']) {
        expectProblem(await create({ service_agent_id: id, name: 'reboot' }), 404, 'not-found');
      }
      const count = await db.query(`SELECT count(*)::int AS n FROM agent_commands WHERE service_agent_id = ANY($1::uuid[])`, [
        [w.keyAgentId, other.defaultAgentId],
      ]);
      expect(count[0].n).toBe(0);
    });

    it('answers 409 for an inactive agent', async () => {
      const x = await makeWorkspace(t);
      await t.app.get(ServiceAgentsService).update(x.workspaceId, x.defaultAgentId, { status: 'inactive' });
      const xCookie = await sessionCookie(t, x.email, x.password);
      expectProblem(await create({ service_agent_id: x.defaultAgentId, name: 'reboot' }, xCookie), 409, 'conflict', {
        detail: 'service_agent_inactive',
      });
    });

    it('validates the body (422)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'reboot' }, 'service_agent_id'],
        [{ service_agent_id: 'nope', name: 'reboot' }, 'service_agent_id'],
        [{ service_agent_id: w.defaultAgentId, name: '   ' }, 'name'],
        [{ service_agent_id: w.defaultAgentId, name: 'x'.repeat(101) }, 'name'],
        [{ service_agent_id: w.defaultAgentId, name: 'reboot', payload: [1] }, 'payload'],
        [{ service_agent_id: w.defaultAgentId, name: 'reboot', payload: 'go' }, 'payload'],
        [{ service_agent_id: w.defaultAgentId, name: 'reboot', payload: { pad: 'x'.repeat(32_768) } }, 'payload'],
        [{ service_agent_id: w.defaultAgentId, name: 'reboot', priority: 1 }, 'priority'],
      ];
      for (const [body, field] of cases) {
        const problem = expectProblem(await create(body), 422, 'validation-error');
        expect(Object.keys(problem.errors as object)).toContain(field);
      }
    });

    it('needs an operator session', async () => {
      expectProblem(await t.http().post(PATH).send({ service_agent_id: w.defaultAgentId, name: 'x' }), 401, 'unauthorized');
      expectProblem(await t.http().get(PATH), 401, 'unauthorized');
      // a machine credential is no operator
      expectProblem(await t.http().get(PATH).set('x-agent-api-key', w.apiKey), 401, 'unauthorized');
    });
  });

  describe('GET /api/v1/operator/agent_commands', () => {
    it('lists the workspace commands newest first, 25 by default, limit 1 to 100', async () => {
      const x = await makeWorkspace(t);
      const xCookie = await sessionCookie(t, x.email, x.password);
      const ids: string[] = [];
      for (let i = 0; i < 27; i++) {
        ids.push((await create({ service_agent_id: x.defaultAgentId, name: `cmd-${i}` }, xCookie).expect(201)).body.agent_command.id);
      }
      const newestFirst = [...ids].reverse();

      const page = await list('', xCookie).expect(200);
      expect(page.body.count).toBe(25);
      expect(page.body.agent_commands.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(0, 25));
      const first = (await list('?limit=1', xCookie).expect(200)).body.agent_commands;
      expect(first.map((c: { id: string }) => c.id)).toEqual([newestFirst[0]]);
      expect((await list('?limit=100', xCookie).expect(200)).body.count).toBe(27);

      for (const limit of ['0', '101', 'x', '2.5', '-1']) {
        expectProblem(await list(`?limit=${limit}`, xCookie), 400, 'bad-request', { detail: 'invalid_limit' });
      }
      // never another workspace's commands
      const mine = (await list('?limit=100').expect(200)).body.agent_commands.map((c: { id: string }) => c.id);
      expect(mine.filter((id: string) => ids.includes(id))).toEqual([]);
    });

    it('filters by status', async () => {
      const res = await list('?filter[status]=pending&status=failed&limit=100').expect(200);
      expect(res.body.count).toBeGreaterThan(0);
      expect(res.body.agent_commands.every((c: { status: string }) => c.status === 'pending')).toBe(true);
      expectProblem(await list('?status=done'), 400, 'bad-request', { detail: 'invalid_status' });
    });
  });

  describe('delivery over the socket', () => {
    it('pushes a new command at once to every socket of the agent that holds agent_commands:read, and only those', async () => {
      const a = await agentSocket();
      const b = await agentSocket();
      const noScope = await agentSocket((await issueKey(t, w, ['sockets:connect', 'events:read'])).key);
      const otherAgent = await agentSocket(w.apiKey); // the key agent of the same workspace

      const created = (await create({ service_agent_id: w.defaultAgentId, name: 'reboot', payload: { delay_s: 1 } }).expect(201)).body;
      const pushA = await a.next((m) => m.event === 'command');
      const pushB = await b.next((m) => m.event === 'command');
      expect(pushA).toEqual({ event: 'command', payload: { agent_command: created.agent_command } });
      expect(pushB).toEqual(pushA);
      await until(async () => (await statusOf(created.agent_command.id)) === 'delivered');

      expect(await noScope.staysOpen(300)).toBe(true);
      expect(noScope.pushes()).toEqual([]);
      expect(otherAgent.pushes()).toEqual([]);
    });

    it('a command created while the agent is offline stays pending, and comes with the next ready', async () => {
      const created = (await create({ service_agent_id: w.defaultAgentId, name: 'offline-one' }).expect(201)).body.agent_command;
      await new Promise((r) => setTimeout(r, 100));
      expect(await statusOf(created.id)).toBe('pending');

      const client = await agentSocket();
      const ready = await client.request('ready');
      expect(ready.status).toBe('ok');
      const open = ready.payload.agent_commands.map((c: { id: string }) => c.id);
      expect(open).toContain(created.id);
      expect(await statusOf(created.id)).toBe('delivered');

      // a socket without agent_commands:read gets no commands with ready either
      const noScope = await agentSocket((await issueKey(t, w, ['sockets:connect'])).key);
      expect((await noScope.request('ready')).payload.agent_commands).toEqual([]);
    });

    it('command_result finishes the command with the status and result the agent reports', async () => {
      const client = await agentSocket();
      const created = (await create({ service_agent_id: w.defaultAgentId, name: 'scan' }).expect(201)).body.agent_command;
      await client.next((m) => m.event === 'command' && m.payload.agent_command.id === created.id);

      const reply = await client.request('command_result', { command_id: created.id, status: 'succeeded', result: [{ shelf: 3 }] });
      expect(reply.status).toBe('ok');
      expect(reply.payload.agent_command).toMatchObject({ id: created.id, status: 'succeeded', result: [{ shelf: 3 }] });

      const listed = (await list('?limit=100').expect(200)).body.agent_commands.find((c: { id: string }) => c.id === created.id);
      expect(listed).toMatchObject({ status: 'succeeded', result: [{ shelf: 3 }] });

      // a final status is final; and a finished command is not handed out again
      expect((await client.request('command_result', { command_id: created.id, status: 'failed' })).payload).toEqual({
        reason: 'command_finished',
      });
      expect((await client.request('ready')).payload.agent_commands.map((c: { id: string }) => c.id)).not.toContain(created.id);

      const failed = (await create({ service_agent_id: w.defaultAgentId, name: 'scan' }).expect(201)).body.agent_command;
      expect((await client.request('command_result', { command_id: failed.id, status: 'failed' })).payload.agent_command).toMatchObject({
        status: 'failed',
        result: null,
      });
    });

    it('command_result for a command of another agent is refused and changes nothing', async () => {
      const other = await makeWorkspace(t);
      const otherCookie = await sessionCookie(t, other.email, other.password);
      const theirs = (await create({ service_agent_id: other.defaultAgentId, name: 'theirs' }, otherCookie).expect(201)).body.agent_command;
      const sameWorkspace = (await create({ service_agent_id: w.defaultAgentId, name: 'for-default' }).expect(201)).body.agent_command;

      const keyAgentSocket = await agentSocket(w.apiKey); // another agent of w
      for (const id of [theirs.id, sameWorkspace.id, '00000000-0000-4000-8000-000000000000']) {
        expect((await keyAgentSocket.request('command_result', { command_id: id, status: 'succeeded' })).payload).toEqual({
          reason: 'command_not_found',
        });
      }
      expect(await statusOf(theirs.id)).toBe('pending');
      expect(await statusOf(sameWorkspace.id)).toBe('pending');
    });

    it('command_result is validated, and needs agent_commands:read', async () => {
      const client = await agentSocket();
      const bad = await client.request('command_result', { command_id: 'nope', status: 'done', extra: 1 });
      expect(bad).toMatchObject({
        status: 'error',
        payload: {
          reason: 'invalid_payload',
          errors: { command_id: ['must be a UUID'], status: ['must be one of succeeded, failed'], extra: ['is not an allowed field'] },
        },
      });
      expect((await client.request('command_result', {})).payload.errors).toEqual({
        command_id: ['is required'],
        status: ['is required'],
      });

      // A result Postgres' jsonb cannot hold as sent is the client's error, not the service's: the
      // command stays open, and a result it can store is taken afterwards.
      const pending = (await create({ service_agent_id: w.defaultAgentId, name: 'unstorable' }).expect(201)).body.agent_command;
      for (const result of ['a\u0000b', { '\ud800': 1 }, ['\udc00']]) {
        expect((await client.request('command_result', { command_id: pending.id, status: 'succeeded', result })).payload).toMatchObject({
          reason: 'invalid_payload',
          errors: expect.any(Object),
        });
      }
      expect(await statusOf(pending.id)).not.toBe('succeeded');
      expect(
        (await client.request('command_result', { command_id: pending.id, status: 'succeeded', result: 'a\\u0000b' })).payload
          .agent_command,
      ).toMatchObject({
        status: 'succeeded',
        result: 'a\\u0000b',
      });

      const created = (await create({ service_agent_id: w.defaultAgentId, name: 'scoped' }).expect(201)).body.agent_command;
      const noScope = await agentSocket((await issueKey(t, w, ['sockets:connect'])).key);
      expect((await noScope.request('command_result', { command_id: created.id, status: 'succeeded' })).payload).toEqual({
        reason: 'forbidden',
      });
      expect(await statusOf(created.id)).not.toBe('succeeded');
    });
  });
});
