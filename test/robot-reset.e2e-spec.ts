import request from 'supertest';
import { EventBus } from '../src/core/redis/event-bus.service';
import { RedisService } from '../src/core/redis/redis.service';
import { asOperator, claim, issueToken, makeFleetOwner, OP, preRegister, uniqueSerial } from './enrollment-support';
import { eventually } from './support/eventually';
import { colleague, eventsOf, rowsOf } from './support/fleet';
import { sleep } from './support/operator';
import { expectProblem } from './support/problem';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import type { Operator } from './support/console';
import type { Response } from 'supertest';

jest.setTimeout(120_000);

const WITHIN_MS = 1000;

/** A claimed robot and what its device holds. */
interface Claimed {
  robotId: string;
  serial: string;
  token: string;
  agentId: string;
  key: string;
  accessToken: string;
}

/** "200", or the refusal's status and code ("401 api_key_revoked"). */
const outcome = (res: Response) => (res.status === 200 ? '200' : `${res.status} ${res.body.detail}`);
const read = (t: TestApp, credential: string) => t.http().get('/api/v1/messages?limit=1').set('authorization', `Bearer ${credential}`);
const reset = (t: TestApp, op: Operator, robotId: string) => asOperator(t, op).post(`${OP}/robots/${robotId}/reset`);
const robotRow = async (t: TestApp, id: string) =>
  (await rowsOf(t, `SELECT status, service_agent_id, claimed_at FROM robots WHERE id = $1`, [id]))[0];
const agentStatus = async (t: TestApp, id: string) => (await rowsOf(t, `SELECT status FROM service_agents WHERE id = $1`, [id]))[0].status;

/**
 * API.md Part 3, "Fleets in the field": re-provisioning a robot (ADR 0234). Two nodes on one
 * PostgreSQL, each reaching Redis through its own proxy: node A resets, node B holds the robot's
 * old key, token and socket.
 */
describe('POST /api/v1/operator/robots/:id/reset', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxyA = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  const proxyB = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  const open: SocketClient[] = [];
  const figures: string[] = [];
  const busHealthy = (t: TestApp) => t.app.get(EventBus).healthy;

  /** A pre-registered robot claimed with a fleet token (room for more claims): as a device enrols. */
  const claimed = async (owner: Operator): Promise<Claimed> => {
    const serial = uniqueSerial('RST');
    const robot = await preRegister(a, owner, serial);
    const token = (await issueToken(a, owner, { max_claims: 100 })).token;
    const res = await claim(a, { token, serial_number: serial });
    expect(res.status).toBe(201);
    return {
      robotId: robot.id,
      serial,
      token,
      agentId: res.body.service_agent.id,
      key: res.body.api_key.key,
      accessToken: res.body.access_token.token,
    };
  };

  beforeAll(async () => {
    await Promise.all([proxyA.start(), proxyB.start()]);
    const env = { API_RATE_LIMIT: '1000000' };
    [a, b] = await Promise.all([
      createTestApp({ env: { ...env, REDIS_URL: proxyA.urlFor(redisUrl) } }),
      createTestApp({ env: { ...env, REDIS_URL: proxyB.urlFor(redisUrl) } }),
    ]);
    [baseA, baseB] = await Promise.all([a.listen(), b.listen()]);
  });
  beforeEach(async () => {
    await Promise.all([proxyA.start(), proxyB.start()]);
    await eventually(() => expect(busHealthy(a) && busHealthy(b)).toBe(true), { timeoutMs: 5000, what: 'both buses up' });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    open.splice(0).forEach((socket) => socket.close());
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all([proxyA.cut(), proxyB.cut()]);
    if (figures.length > 0) process.stdout.write(`\nrobot reset:\n${figures.map((f) => `  ${f}\n`).join('')}`);
  });

  it("ends the old agent on every node (A's PUBLISH failing) and lets the same serial claim again, binding the robot to a new agent", async () => {
    const owner = await makeFleetOwner(a);
    const device = await claimed(owner);
    for (const credential of [device.key, device.accessToken]) {
      await read(b, credential).expect(200);
      await read(b, credential).expect(200); // cached on B
    }
    const socket = await SocketClient.open(socketUrl(baseB, { socket_token: (await mintSocketToken(b, device.key)).socket_token }));
    open.push(socket);
    expect((await socket.request('ready')).status).toBe('ok');
    const publish = jest.spyOn(a.app.get(RedisService).client, 'publish').mockRejectedValue(new Error('PUBLISH refused (injected)'));

    const started = Date.now();
    const res = await reset(a, owner, device.robotId).expect(200);
    expect(res.body.robot).toMatchObject({
      id: device.robotId,
      serial_number: device.serial,
      status: 'pending',
      service_agent_id: null,
      claimed_at: null,
    });
    await eventually(
      async () =>
        expect([outcome(await read(b, device.key)), outcome(await read(b, device.accessToken))]).toEqual([
          '401 api_key_revoked',
          '401 api_key_revoked',
        ]),
      { timeoutMs: WITHIN_MS, intervalMs: 10, what: "node B to refuse the old agent's key and token" },
    );
    const refusedMs = Date.now() - started;
    expect(await socket.closedWithin(Math.max(1, WITHIN_MS - refusedMs))).toEqual({ code: 4401, reason: 'api_key_revoked' });
    const closedMs = Date.now() - started;
    expect(publish).toHaveBeenCalled();
    figures.push(
      `A's PUBLISH failing: B refused the old key and token ${refusedMs} ms and closed the old agent's socket ${closedMs} ms after the reset began`,
    );
    jest.restoreAllMocks();

    expect(await agentStatus(a, device.agentId)).toBe('inactive');
    const [resetEvent] = await eventsOf(a, owner.reg.workspaceId, 'robot.reset');
    expect(resetEvent.data).toEqual({ robot: res.body.robot, service_agent_id: device.agentId });
    expect((await eventsOf(a, owner.reg.workspaceId, 'api_key.revoked')).length).toBe(1);

    // the serial claims again (on B): a new agent, bound to the same robot
    const again = await claim(b, { token: device.token, serial_number: device.serial });
    expect(again.status).toBe(201);
    expect(again.body.robot).toMatchObject({ id: device.robotId, status: 'active', service_agent_id: again.body.service_agent.id });
    expect(again.body.service_agent.id).not.toBe(device.agentId);
    await read(b, again.body.api_key.key).expect(200);
    expect(outcome(await read(a, device.key))).toBe('401 api_key_revoked');
    expect(await robotRow(a, device.robotId)).toMatchObject({ status: 'active', service_agent_id: again.body.service_agent.id });
    // the first claim is kept, released; the new one holds the serial
    const claims = await rowsOf(
      a,
      `SELECT service_agent_id, released_at FROM enrollment_claims WHERE workspace_id = $1 AND serial_number = $2 ORDER BY claimed_at`,
      [owner.reg.workspaceId, device.serial],
    );
    expect(claims).toEqual([
      { service_agent_id: device.agentId, released_at: expect.any(Date) },
      { service_agent_id: again.body.service_agent.id, released_at: null },
    ]);
    // and a third claim of it is refused as before: the serial is taken again
    expectProblem(await claim(a, { token: device.token, serial_number: device.serial }), 400, 'bad-request', {
      detail: 'serial_already_claimed',
    });
  });

  it('a retired robot is 409 robot_retired and stays retired; another workspace robot is 404; a member is 403', async () => {
    const owner = await makeFleetOwner(a);
    const device = await claimed(owner);
    await asOperator(a, owner).post(`${OP}/robots/${device.robotId}/retire`).expect(200);
    expectProblem(await reset(a, owner, device.robotId), 409, 'conflict', { detail: 'robot_retired' });
    expect(await robotRow(a, device.robotId)).toMatchObject({ status: 'retired' });
    expect(await eventsOf(a, owner.reg.workspaceId, 'robot.reset')).toEqual([]);

    const other = await makeFleetOwner(a);
    const theirs = await claimed(other);
    expectProblem(await reset(a, owner, theirs.robotId), 404, 'not-found', { detail: 'not_found' });
    expectProblem(await reset(a, owner, '00000000-0000-4000-8000-000000000000'), 404, 'not-found', { detail: 'not_found' });
    const member = await colleague(a, other, 'member');
    expect((await asOperator(a, member, other.reg.workspaceId).post(`${OP}/robots/${theirs.robotId}/reset`)).status).toBe(403);
    expect(await robotRow(a, theirs.robotId)).toMatchObject({ status: 'active', service_agent_id: theirs.agentId });
    await read(a, theirs.key).expect(200);
  });

  it('a pending robot is answered as it is, and nothing is recorded', async () => {
    const owner = await makeFleetOwner(a);
    const robot = await preRegister(a, owner, uniqueSerial('RST'));
    const res = await reset(a, owner, robot.id).expect(200);
    expect(res.body.robot).toMatchObject({ id: robot.id, status: 'pending', service_agent_id: null });
    expect(await eventsOf(a, owner.reg.workspaceId, 'robot.reset')).toEqual([]);
    // and a reset robot reset again changes nothing more
    const device = await claimed(owner);
    await reset(a, owner, device.robotId).expect(200);
    await reset(a, owner, device.robotId).expect(200);
    expect((await eventsOf(a, owner.reg.workspaceId, 'robot.reset')).length).toBe(1);
  });

  it('a claim_id of the released claim replays nothing (409 enrollment_claimed); a new claim_id claims the serial again', async () => {
    const owner = await makeFleetOwner(a);
    const serial = uniqueSerial('RST');
    const robot = await preRegister(a, owner, serial);
    const token = (await issueToken(a, owner, { max_claims: 10 })).token;
    const first = await claim(a, { token, serial_number: serial, claim_id: 'first-claim-0001' });
    expect(first.status).toBe(201);
    await reset(a, owner, robot.id).expect(200);
    // the answer was never used, but the reset revoked it: nothing to replay
    expectProblem(await claim(a, { token, serial_number: serial, claim_id: 'first-claim-0001' }), 409, 'conflict', {
      detail: 'enrollment_claimed',
    });
    expect(await robotRow(a, robot.id)).toMatchObject({ status: 'pending', service_agent_id: null });
    const second = await claim(a, { token, serial_number: serial, claim_id: 'second-claim-0001' });
    expect(second.status).toBe(201);
    expect(second.body.robot).toMatchObject({ id: robot.id, status: 'active', service_agent_id: second.body.service_agent.id });
    expect(second.body.service_agent.id).not.toBe(first.body.service_agent.id);
  });

  it('race: a reset and a claim of the same serial at once, 20 rounds: the claim binds the robot after the reset or is refused before it, never both bound', async () => {
    const owner = await makeFleetOwner(a);
    const device = await claimed(owner);
    const tally: Record<string, number> = {};
    let bound = device;
    for (let round = 0; round < 20; round++) {
      const [resetRes, claimRes] = await Promise.all([
        request(baseA).post(`${OP}/robots/${device.robotId}/reset`).set('cookie', owner.cookie),
        // the claim leaves 0 to 45 ms after the reset, so that both orders happen
        sleep((round % 10) * 5).then(() =>
          request(baseB).post('/api/v1/enrollments/claim').send({ token: device.token, serial_number: device.serial }),
        ),
      ]);
      expect(resetRes.status).toBe(200);
      const claimOutcome = claimRes.status === 201 ? '201' : `${claimRes.status} ${claimRes.body.detail}`;
      tally[claimOutcome] = (tally[claimOutcome] ?? 0) + 1;
      expect(['201', '400 serial_already_claimed']).toContain(claimOutcome);
      const robot = await robotRow(a, device.robotId);
      // the agent bound before the round is ended whatever the order
      expect(outcome(await read(a, bound.key))).toBe('401 api_key_revoked');
      if (claimOutcome === '201') {
        // the claim came after the reset: the robot is bound to its agent, which works
        expect(robot).toMatchObject({ status: 'active', service_agent_id: claimRes.body.service_agent.id });
        await read(a, claimRes.body.api_key.key).expect(200);
        bound = { ...bound, agentId: claimRes.body.service_agent.id, key: claimRes.body.api_key.key };
      } else {
        // the claim read the robot still bound: refused, and the reset left the robot pending
        expect(robot).toMatchObject({ status: 'pending', service_agent_id: null });
        const rebound = await claim(a, { token: device.token, serial_number: device.serial });
        expect(rebound.status).toBe(201);
        bound = { ...bound, agentId: rebound.body.service_agent.id, key: rebound.body.api_key.key };
      }
      const live = await rowsOf(
        a,
        `SELECT count(*)::int AS n FROM enrollment_claims WHERE workspace_id = $1 AND serial_number = $2 AND released_at IS NULL`,
        [owner.reg.workspaceId, device.serial],
      );
      expect(live[0].n).toBe(1);
    }
    figures.push(`race, 20 rounds of a reset and a claim of the same serial: claims ${JSON.stringify(tally)}`);
  });
});
