import request from 'supertest';
import { asOperator, claim, issueToken, makeFleetOwner, OP, preRegister, uniqueSerial } from './enrollment-support';
import { colleague, eventsOf, rowsOf } from './support/fleet';
import { sleep } from './support/operator';
import { expectProblem } from './support/problem';
import { EVERY_NODE_WITHIN_MS, outcome, read, TwoNodes } from './support/two-nodes';
import type { Operator } from './support/console';
import type { TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** A claimed robot and what its device holds. */
interface Claimed {
  robotId: string;
  serial: string;
  token: string;
  agentId: string;
  key: string;
  accessToken: string;
}

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
  const nodes = new TwoNodes('robot reset');
  let a: TestApp;
  let b: TestApp;

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
    await nodes.beforeAll();
    ({ a, b } = nodes);
  });
  beforeEach(() => nodes.beforeEach());
  afterEach(() => nodes.afterEach());
  afterAll(() => nodes.afterAll());

  it("ends the old agent on every node (A's PUBLISH failing) and lets the same serial claim again, binding the robot to a new agent", async () => {
    const owner = await makeFleetOwner(a);
    const device = await claimed(owner);
    await nodes.cachedOnB(device.key, device.accessToken);
    const socket = await nodes.socketOnB(device.key);
    const publish = nodes.failPublishOnA();

    const started = Date.now();
    const res = await reset(a, owner, device.robotId).expect(200);
    expect(res.body.robot).toMatchObject({
      id: device.robotId,
      serial_number: device.serial,
      status: 'pending',
      service_agent_id: null,
      claimed_at: null,
    });
    const refusedMs = await nodes.refusedOnB([device.key, device.accessToken], '401 api_key_revoked', started);
    expect(await socket.closedWithin(Math.max(1, EVERY_NODE_WITHIN_MS - refusedMs))).toEqual({ code: 4401, reason: 'api_key_revoked' });
    const closedMs = Date.now() - started;
    expect(publish).toHaveBeenCalled();
    nodes.figures.push(
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

  it('race: a reset and a claim of the same serial at once, 20 rounds: the claim binds the robot after the reset or is refused before it, never both bound', async () => {
    const owner = await makeFleetOwner(a);
    const device = await claimed(owner);
    const tally: Record<string, number> = {};
    let bound = device;
    for (let round = 0; round < 20; round++) {
      const [resetRes, claimRes] = await Promise.all([
        request(nodes.baseA).post(`${OP}/robots/${device.robotId}/reset`).set('cookie', owner.cookie),
        // the claim leaves 0 to 45 ms after the reset, so that both orders happen
        sleep((round % 10) * 5).then(() =>
          request(nodes.baseB).post('/api/v1/enrollments/claim').send({ token: device.token, serial_number: device.serial }),
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
    nodes.figures.push(`race, 20 rounds of a reset and a claim of the same serial: claims ${JSON.stringify(tally)}`);
  });
});
