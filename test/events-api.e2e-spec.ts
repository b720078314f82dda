import { DataSource } from 'typeorm';
import { Db } from '../src/core/database/db.service';
import { Outbox } from '../src/events';
import { asOperator, claim, issueToken, makeCohort, makeFleetOwner, OP, preRegister } from './enrollment-support';
import { makeWorkspace, type Registered } from './support/builders';
import { makeOperator, type Operator } from './support/console';
import { expectProblem } from './support/problem';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const EVENTS = '/api/v1/events';

/** The workspace's events of a type, oldest first, straight from the outbox. */
const eventsOf = async (t: TestApp, workspaceId: string, type: string) =>
  t.app
    .get(DataSource)
    .query<{ id: string; type: string; data: any }[]>(
      `SELECT id, type, data FROM domain_events WHERE workspace_id = $1 AND type = $2 ORDER BY inserted_at, id`,
      [workspaceId, type],
    );

describe('GET /api/v1/events (machine clients holding events:read)', () => {
  let t: TestApp;
  let w: Registered;
  let key: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    w = await makeWorkspace(t);
    key = (await issueKey(t, w, ['events:read'])).key;
    const outbox = t.app.get(Outbox);
    const db = t.app.get(Db);
    for (const [i, type] of (['robot.claimed', 'robot.retired', 'robot.claimed', 'api_key.revoked', 'robot.claimed'] as const).entries()) {
      // one transaction each, so each has its own inserted_at
      ids.push((await db.transaction((m) => outbox.record(m, w.workspaceId, type, { i }))).id);
    }
    // another workspace's event is never listed
    const other = await makeWorkspace(t);
    await db.transaction((m) => outbox.record(m, other.workspaceId, 'robot.claimed', { other: true }));
  });
  afterAll(() => t.close());

  const get = (query = '', credential = key) => t.http().get(`${EVENTS}${query}`).set('x-agent-api-key', credential);

  it("lists the workspace's events newest first, paginated, with { id, type, data, inserted_at }", async () => {
    const res = await get().expect(200);
    expect(res.body.events.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
    expect(res.body.events[0]).toEqual({ id: ids[4], type: 'robot.claimed', data: { i: 4 }, inserted_at: expect.stringMatching(ISO) });
    expect(res.body).toMatchObject({ count: 5, pagination: { limit: 50, offset: 0, total: 5, has_more: false } });
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();

    const page = await get('?limit=2&offset=2').expect(200);
    expect(page.body.events.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.pagination).toEqual({ limit: 2, offset: 2, total: 5, has_more: true });
  });

  it('filters by type through the shared extraction (?type= and ?filter[type]=, the nested one winning)', async () => {
    const flat = await get('?type=robot.claimed').expect(200);
    expect(flat.body.events.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(flat.body.pagination.total).toBe(3);
    const nested = await get('?type=robot.claimed&filter[type]=api_key.revoked').expect(200);
    expect(nested.body.events.map((e: { id: string }) => e.id)).toEqual([ids[3]]);
  });

  it('answers 400 for bad list parameters', async () => {
    expectProblem(await get('?type=robot.exploded'), 400, 'bad-request', { detail: 'invalid_type' });
    expectProblem(await get('?filter[type][]=robot.claimed'), 400, 'bad-request', { detail: 'invalid_type' });
    expectProblem(await get('?limit=0'), 400, 'bad-request', { detail: 'invalid_limit' });
    expectProblem(await get('?limit=101'), 400, 'bad-request', { detail: 'invalid_limit' });
    expectProblem(await get('?offset=10001'), 400, 'bad-request', { detail: 'invalid_offset' });
  });

  it('needs events:read (403) and a credential (401)', async () => {
    const without = (await issueKey(t, w, ['messages:read'])).key;
    expectProblem(await get('', without), 403, 'forbidden', { detail: 'The token does not have sufficient scope' });
    expectProblem(await t.http().get(EVENTS), 401, 'unauthorized');
  });
});

describe('events recorded with the changes that already exist', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('a claim that binds a robot records robot.claimed; a claim without a serial records none', async () => {
    const op = await makeFleetOwner(t);
    const robot = await preRegister(t, op, 'SN-EV-1', 'Picker 1');
    const token = await issueToken(t, op, { max_claims: 5 });
    const claimed = await claim(t, { token: token.token, serial_number: 'SN-EV-1' }).expect(201);
    const [event] = await eventsOf(t, op.reg.workspaceId, 'robot.claimed');
    expect(event.data).toEqual({ robot: claimed.body.robot, enrollment_token_id: token.id });
    expect(event.data.robot).toMatchObject({ id: robot.id, status: 'active', service_agent_id: claimed.body.service_agent.id });

    // The robot a claim answers and records is the robot as stored (the claim writes the columns it
    // reports): a pending robot bound, and a new one in the token's cohort with its tags.
    const listed = async (id: string) =>
      (await asOperator(t, op).get(`${OP}/robots?limit=100`).expect(200)).body.robots.find((r: { id: string }) => r.id === id);
    expect(await listed(robot.id)).toEqual(claimed.body.robot);
    const cohort = await makeCohort(t, op, 'Pickers');
    const tagged = await issueToken(t, op, { max_claims: 5, cohort_id: cohort.id, default_tags: ['fleet', 'eu'] });
    const created = await claim(t, { token: tagged.token, serial_number: 'SN-EV-NEW' }).expect(201);
    expect(created.body.robot).toMatchObject({ serial_number: 'SN-EV-NEW', cohort_id: cohort.id, tags: ['fleet', 'eu'], status: 'active' });
    expect(await listed(created.body.robot.id)).toEqual(created.body.robot);
    const events = await eventsOf(t, op.reg.workspaceId, 'robot.claimed');
    expect(events.find((e: { data: { robot: { id: string } } }) => e.data.robot.id === created.body.robot.id)?.data).toEqual({
      robot: created.body.robot,
      enrollment_token_id: tagged.id,
    });

    const single = await issueToken(t, op);
    await claim(t, { token: single.token }).expect(201);
    expect(await eventsOf(t, op.reg.workspaceId, 'robot.claimed')).toHaveLength(2);
    // a refused claim records nothing
    await claim(t, { token: token.token, serial_number: 'SN-EV-1' }).expect(400);
    expect(await eventsOf(t, op.reg.workspaceId, 'robot.claimed')).toHaveLength(2);
  });

  it('retiring a robot records robot.retired once (retiring again records nothing)', async () => {
    const op = await makeFleetOwner(t);
    const robot = await preRegister(t, op, 'SN-EV-2');
    const first = await asOperator(t, op).post(`${OP}/robots/${robot.id}/retire`).expect(200);
    await asOperator(t, op).post(`${OP}/robots/${robot.id}/retire`).expect(200);
    const events = await eventsOf(t, op.reg.workspaceId, 'robot.retired');
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ robot: first.body.robot });
    // another workspace's robot: 404 and no event
    const stranger: Operator = await makeOperator(t);
    await asOperator(t, stranger).post(`${OP}/robots/${robot.id}/retire`).expect(404);
    expect(await eventsOf(t, stranger.reg.workspaceId, 'robot.retired')).toHaveLength(0);
  });

  it("an agent's command_result records agent_command.completed with the finished command, once", async () => {
    const op = await makeOperator(t);
    const { key } = await issueKey(t, op.reg, ['sockets:connect', 'agent_commands:read']);
    const socket = await SocketClient.open(socketUrl(base, { socket_token: (await mintSocketToken(t, key)).socket_token }));
    try {
      const created = (
        await t
          .http()
          .post('/api/v1/operator/agent_commands')
          .set('cookie', op.cookie)
          .send({ service_agent_id: op.reg.defaultAgentId, name: 'scan' })
          .expect(201)
      ).body.agent_command;
      await socket.next((m) => m.event === 'command' && m.payload.agent_command.id === created.id);
      const reply = await socket.request('command_result', { command_id: created.id, status: 'succeeded', result: { shelves: 3 } });
      expect(reply.status).toBe('ok');
      const again = await socket.request('command_result', { command_id: created.id, status: 'failed' });
      expect(again.payload.reason).toBe('command_finished');
      const events = await eventsOf(t, op.reg.workspaceId, 'agent_command.completed');
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual({ agent_command: reply.payload.agent_command });
      expect(events[0].data.agent_command).toMatchObject({ id: created.id, status: 'succeeded', result: { shelves: 3 } });
    } finally {
      socket.close();
    }
  });

  it('concurrent command_results for one command: one finishes it, with one agent_command.completed; the rest are command_finished', async () => {
    const op = await makeOperator(t);
    const { key } = await issueKey(t, op.reg, ['sockets:connect', 'agent_commands:read']);
    const sockets = await Promise.all(
      [0, 1, 2].map(async () => SocketClient.open(socketUrl(base, { socket_token: (await mintSocketToken(t, key)).socket_token }))),
    );
    try {
      for (let round = 0; round < 3; round++) {
        const created = (
          await t
            .http()
            .post('/api/v1/operator/agent_commands')
            .set('cookie', op.cookie)
            .send({ service_agent_id: op.reg.defaultAgentId, name: `race-${round}` })
            .expect(201)
        ).body.agent_command;
        const replies = await Promise.all(
          sockets.flatMap((socket, i) =>
            [0, 1, 2, 3].map((j) =>
              socket.request('command_result', { command_id: created.id, status: (i + j) % 2 ? 'failed' : 'succeeded', result: { i, j } }),
            ),
          ),
        );
        const ok = replies.filter((r) => r.status === 'ok');
        expect(ok).toHaveLength(1);
        expect(replies.filter((r) => r.status !== 'ok').map((r) => r.payload.reason)).toEqual(
          Array(replies.length - 1).fill('command_finished'),
        );
        const events = (await eventsOf(t, op.reg.workspaceId, 'agent_command.completed')).filter(
          (e) => e.data.agent_command.id === created.id,
        );
        expect(events).toHaveLength(1);
        expect(events[0].data).toEqual({ agent_command: ok[0].payload.agent_command });
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
