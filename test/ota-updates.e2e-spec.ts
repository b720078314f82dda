import { randomUUID } from 'node:crypto';
import { asOperator, makeCohort, makeFleetOwner, preRegister } from './enrollment-support';
import { eventually } from './support/eventually';
import { enrollRobot, eventsOf, insertRobots, ISO, rowsOf, UUID } from './support/fleet';
import { expectProblem } from './support/problem';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

const OTA = '/api/v1/operator/ota-updates';
const SHA = 'ab'.repeat(32);
const update = (extra: object = {}) => ({
  update_type: 'firmware',
  version: '4.3.1',
  artifact_url: 'https://updates.example.com/fw-4.3.1.bin',
  sha256: SHA,
  ...extra,
});

describe('OTA updates', () => {
  let t: TestApp;
  let base: string;
  const open: SocketClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  const create = (owner: Operator, body: object) => asOperator(t, owner).post(OTA, body);
  const report = (key: string, id: string, body: object) =>
    t.http().patch(`/api/v1/ota_updates/${id}`).set('x-agent-api-key', key).send(body);
  const commandOf = async (id: string) =>
    (await rowsOf(t, `SELECT name, status, payload, result FROM agent_commands WHERE id = $1`, [id]))[0];

  it("creates an update for one robot and pushes the ota_update command to the robot's agent", async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner);
    const { socket_token } = await mintSocketToken(t, robot.apiKey);
    const socket = await SocketClient.open(socketUrl(base, { socket_token }));
    open.push(socket);

    const res = await create(owner, update({ robot_id: robot.robotId, sha256: SHA.toUpperCase() })).expect(201);
    expect(res.body).toEqual({
      ota_update: {
        id: expect.stringMatching(UUID),
        robot_id: robot.robotId,
        service_agent_id: robot.serviceAgentId,
        update_type: 'firmware',
        version: '4.3.1',
        artifact_url: 'https://updates.example.com/fw-4.3.1.bin',
        sha256: SHA,
        status: 'pending',
        detail: null,
        agent_command_id: expect.stringMatching(UUID),
        batch_operation_id: null,
        created_by: owner.reg.body.user.id,
        finished_at: null,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    });
    const ota = res.body.ota_update;
    const push = await socket.next((m) => m.event === 'command' && m.payload.agent_command.name === 'ota_update', 10_000);
    expect(push.payload.agent_command).toMatchObject({
      id: ota.agent_command_id,
      service_agent_id: robot.serviceAgentId,
      payload: { ota_update: { id: ota.id, update_type: 'firmware', version: '4.3.1', artifact_url: ota.artifact_url, sha256: SHA } },
    });
    const events = await eventsOf(t, owner.reg.workspaceId, 'ota_update.updated');
    expect(events.map((e) => e.data.ota_update)).toEqual([ota]);
  });

  it('one open update per robot (409), even when created at once; refusals for retired, unclaimed and unknown robots', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner);
    const results = await Promise.all(Array.from({ length: 5 }, () => create(owner, update({ robot_id: robot.robotId }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectProblem(r, 409, 'conflict', { detail: 'ota_update_in_progress' });
    expect((await rowsOf(t, `SELECT count(*)::int AS n FROM ota_updates WHERE robot_id = $1`, [robot.robotId]))[0].n).toBe(1);
    expect(
      (await rowsOf(t, `SELECT count(*)::int AS n FROM agent_commands WHERE service_agent_id = $1`, [robot.serviceAgentId]))[0].n,
    ).toBe(1);

    const retired = await enrollRobot(t, owner);
    await asOperator(t, owner).post(`/api/v1/operator/robots/${retired.robotId}/retire`).expect(200);
    expectProblem(await create(owner, update({ robot_id: retired.robotId })), 409, 'conflict', { detail: 'robot_retired' });
    const pending = await preRegister(t, owner, `SN-${randomUUID().slice(0, 8)}`);
    expectProblem(await create(owner, update({ robot_id: pending.id })), 409, 'conflict', { detail: 'robot_not_enrolled' });
    expectProblem(await create(owner, update({ robot_id: randomUUID() })), 404, 'not-found', { detail: 'not_found' });
    const stranger = await makeFleetOwner(t);
    expectProblem(await create(stranger, update({ robot_id: robot.robotId })), 404, 'not-found', { detail: 'not_found' });
    for (const [body, field] of [
      [update(), 'robot_id'],
      [update({ robot_id: robot.robotId, cohort_id: randomUUID() }), 'robot_id'],
      [update({ robot_id: robot.robotId, sha256: 'xyz' }), 'sha256'],
      [update({ robot_id: robot.robotId, artifact_url: 'ftp://x/y' }), 'artifact_url'],
      [update({ robot_id: robot.robotId, update_type: 'kernel' }), 'update_type'],
      [update({ robot_id: robot.robotId, version: '' }), 'version'],
    ] as const) {
      const res = await create(owner, body);
      expectProblem(res, 422, 'validation-error');
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await rowsOf(t, `SELECT count(*)::int AS n FROM ota_updates WHERE workspace_id = $1`, [owner.reg.workspaceId]))[0].n).toBe(1);
  });

  it('the robot reads its own updates and reports forward only; finishing completes its command', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner);
    const other = await enrollRobot(t, owner);
    const ota = (await create(owner, update({ robot_id: robot.robotId })).expect(201)).body.ota_update;
    const theirs = (await create(owner, update({ robot_id: other.robotId })).expect(201)).body.ota_update;

    const mine = await t.http().get('/api/v1/ota_updates').set('x-agent-api-key', robot.apiKey).expect(200);
    expect(mine.body.ota_updates.map((o: any) => o.id)).toEqual([ota.id]);
    expect(mine.body.pagination).toEqual({ limit: 50, offset: 0, total: 1, has_more: false });
    expectProblem(await report(robot.apiKey, theirs.id, { status: 'downloading' }), 404, 'not-found', { detail: 'not_found' });

    expect((await report(robot.apiKey, ota.id, { status: 'downloading', detail: '10%' }).expect(200)).body.ota_update).toMatchObject({
      status: 'downloading',
      detail: '10%',
    });
    expect((await report(robot.apiKey, ota.id, { status: 'downloading', detail: '60%' }).expect(200)).body.ota_update.detail).toBe('60%');
    expect((await report(robot.apiKey, ota.id, { status: 'installing' }).expect(200)).body.ota_update).toMatchObject({
      status: 'installing',
      detail: '60%',
    });
    expectProblem(await report(robot.apiKey, ota.id, { status: 'downloading' }), 409, 'conflict', { detail: 'invalid_transition' });
    expectProblem(await report(robot.apiKey, ota.id, { status: 'pending' }), 422, 'validation-error');
    expectProblem(await report(robot.apiKey, ota.id, { status: 'cancelled' }), 422, 'validation-error');
    const done = (await report(robot.apiKey, ota.id, { status: 'succeeded', detail: 'rebooted into 4.3.1' }).expect(200)).body.ota_update;
    expect(done).toMatchObject({ status: 'succeeded', finished_at: expect.stringMatching(ISO) });
    // a retried final report is answered with the update; another final status is not
    expect((await report(robot.apiKey, ota.id, { status: 'succeeded' }).expect(200)).body.ota_update).toEqual(done);
    expectProblem(await report(robot.apiKey, ota.id, { status: 'failed' }), 409, 'conflict', { detail: 'invalid_transition' });
    expect(await commandOf(ota.agent_command_id)).toMatchObject({
      name: 'ota_update',
      status: 'succeeded',
      result: { ota_update_status: 'succeeded' },
    });

    const statuses = (await eventsOf(t, owner.reg.workspaceId, 'ota_update.updated'))
      .filter((e) => e.data.ota_update.id === ota.id)
      .map((e) => [e.data.ota_update.status, e.data.ota_update.detail]);
    expect(statuses).toEqual([
      ['pending', null],
      ['downloading', '10%'],
      ['downloading', '60%'],
      ['installing', '60%'],
      ['succeeded', 'rebooted into 4.3.1'],
    ]);
    // a new update may follow a finished one
    await create(owner, update({ robot_id: robot.robotId, version: '4.3.2' })).expect(201);
  });

  it('needs the OTA scopes: ota_updates:read to list, ota_updates:write to report', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner, { scopes: ['messages:read'] });
    const ota = (await create(owner, update({ robot_id: robot.robotId })).expect(201)).body.ota_update;
    expectProblem(await t.http().get('/api/v1/ota_updates').set('x-agent-api-key', robot.apiKey), 403, 'forbidden');
    expectProblem(await report(robot.apiKey, ota.id, { status: 'downloading' }), 403, 'forbidden');
    const agentWithoutRobot = await makeFleetOwner(t);
    const res = await t.http().get('/api/v1/ota_updates').set('x-agent-api-key', agentWithoutRobot.reg.apiKey).expect(200);
    expect(res.body).toEqual({ ota_updates: [], count: 0, pagination: { limit: 50, offset: 0, total: 0, has_more: false } });
  });

  it('an operator cancels an open update once; its command is finished; the robot cannot report on it after', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner);
    const ota = (await create(owner, update({ robot_id: robot.robotId })).expect(201)).body.ota_update;
    await report(robot.apiKey, ota.id, { status: 'downloading' }).expect(200);
    const cancelled = (await asOperator(t, owner).post(`${OTA}/${ota.id}/cancel`).expect(200)).body.ota_update;
    expect(cancelled).toMatchObject({ id: ota.id, status: 'cancelled', finished_at: expect.stringMatching(ISO) });
    expectProblem(await asOperator(t, owner).post(`${OTA}/${ota.id}/cancel`), 409, 'conflict', { detail: 'invalid_transition' });
    expectProblem(await report(robot.apiKey, ota.id, { status: 'installing' }), 409, 'conflict', { detail: 'invalid_transition' });
    expect(await commandOf(ota.agent_command_id)).toMatchObject({ status: 'failed', result: { ota_update_status: 'cancelled' } });
    expectProblem(await asOperator(t, owner).post(`${OTA}/${randomUUID()}/cancel`), 404, 'not-found', { detail: 'not_found' });
    const stranger = await makeFleetOwner(t);
    expectProblem(await asOperator(t, stranger).post(`${OTA}/${ota.id}/cancel`), 404, 'not-found');
    expectProblem(await asOperator(t, stranger).get(`${OTA}/${ota.id}`), 404, 'not-found');
    await create(owner, update({ robot_id: robot.robotId })).expect(201);
  });

  it('a cohort gets one update per robot through a create_ota_update batch operation', async () => {
    const owner = await makeFleetOwner(t);
    const cohort = await makeCohort(t, owner, 'canary');
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 5, { cohortId: cohort.id });
    await rowsOf(t, `UPDATE robots SET status = 'retired' WHERE id = $1`, [robotIds[3]]);
    await create(owner, update({ robot_id: robotIds[4] })).expect(201);
    const res = await create(owner, update({ cohort_id: cohort.id, version: '5.0.0' })).expect(202);
    expect(res.body.batch_operation).toMatchObject({
      action: 'create_ota_update',
      status: 'queued',
      total: 5,
      cohort_id: cohort.id,
      params: update({ version: '5.0.0' }),
    });
    const done = await eventually(
      async () => {
        const b = (await asOperator(t, owner).get(`/api/v1/operator/batch_operations/${res.body.batch_operation.id}`).expect(200)).body
          .batch_operation;
        expect(b.status).toBe('completed');
        return b;
      },
      { timeoutMs: 15_000 },
    );
    expect(done).toMatchObject({ succeeded: 3, failed: 2 });
    const byTarget = Object.fromEntries(done.targets.map((x: any) => [x.target_id, x]));
    expect(byTarget[robotIds[3]]).toEqual({ target_id: robotIds[3], status: 'failed', error: 'robot_retired' });
    expect(byTarget[robotIds[4]]).toEqual({ target_id: robotIds[4], status: 'failed', error: 'ota_update_in_progress' });
    const made = await rowsOf(
      t,
      `SELECT robot_id, batch_operation_id, agent_command_id FROM ota_updates WHERE version = '5.0.0' AND workspace_id = $1`,
      [owner.reg.workspaceId],
    );
    expect(made.map((o: any) => o.robot_id).sort()).toEqual(robotIds.slice(0, 3).sort());
    expect(made.every((o: any) => o.batch_operation_id === done.id && o.agent_command_id)).toBe(true);
  });

  it('lists newest first with only filter[status], filter[update_type] and filter[robot_id]', async () => {
    const owner = await makeFleetOwner(t);
    const a = await enrollRobot(t, owner);
    const b = await enrollRobot(t, owner);
    const first = (await create(owner, update({ robot_id: a.robotId })).expect(201)).body.ota_update;
    const second = (await create(owner, update({ robot_id: b.robotId, update_type: 'config' })).expect(201)).body.ota_update;
    await report(a.apiKey, first.id, { status: 'failed', detail: 'checksum mismatch' }).expect(200);
    const list = async (q = '') => (await asOperator(t, owner).get(`${OTA}${q}`).expect(200)).body;
    expect((await list()).ota_updates.map((o: any) => o.id)).toEqual([second.id, first.id]);
    expect((await list('?filter[status]=failed')).ota_updates.map((o: any) => o.id)).toEqual([first.id]);
    expect((await list('?filter[update_type]=config')).ota_updates.map((o: any) => o.id)).toEqual([second.id]);
    expect((await list(`?filter[robot_id]=${a.robotId}`)).ota_updates.map((o: any) => o.id)).toEqual([first.id]);
    expect((await list('?status=failed&update_type=config')).count).toBe(2); // top-level forms are ignored
    expect((await list('?filter[version]=nope&filter[service_agent_id]=x')).count).toBe(2); // other filters are ignored
    expectProblem(await asOperator(t, owner).get(`${OTA}?filter[update_type]=kernel`), 400, 'bad-request', {
      detail: 'invalid_update_type',
    });
    expectProblem(await asOperator(t, owner).get(`${OTA}?filter[robot_id]=abc`), 400, 'bad-request', { detail: 'invalid_robot_id' });
    expectProblem(await asOperator(t, owner).get(`${OTA}?filter[status]=done`), 400, 'bad-request', { detail: 'invalid_status' });
    expect((await asOperator(t, owner).get(`${OTA}/${first.id}`).expect(200)).body.ota_update).toMatchObject({
      status: 'failed',
      detail: 'checksum mismatch',
    });
  });
});
