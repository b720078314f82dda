import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { asOperator, makeCohort, makeFleetOwner } from './enrollment-support';
import { eventually } from './support/eventually';
import { colleague, enrollRobot, eventsOf, insertRobots, ISO, rowsOf, UUID, waiterOn } from './support/fleet';
import { sleep } from './support/operator';
import { expectProblem } from './support/problem';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

const BATCHES = '/api/v1/operator/batch_operations';

describe('batch operations', () => {
  let t: TestApp;
  let base: string;
  const open: SocketClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { BATCH_CHUNK_SIZE: '25' } });
    base = await t.listen();
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  const create = (owner: Operator, body: object) => asOperator(t, owner).post(BATCHES, body);
  const show = (owner: Operator, id: string, q = '') => asOperator(t, owner).get(`${BATCHES}/${id}${q}`);
  /** Waits for an operation to finish; returns it with its first page of targets. */
  const finished = (owner: Operator, id: string, q = '?target_limit=500', timeoutMs = 20_000) =>
    eventually(
      async () => {
        const res = await show(owner, id, q).expect(200);
        expect(['completed', 'failed', 'cancelled']).toContain(res.body.batch_operation.status);
        return res.body.batch_operation;
      },
      { timeoutMs, intervalMs: 100, what: `batch operation ${id} to finish` },
    );

  it('tag_robots: each target applied once, in order, with its outcome and the counters; completes with an event', async () => {
    const owner = await makeFleetOwner(t);
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 60);
    await rowsOf(t, `UPDATE robots SET tags = '{east}' WHERE id = $1`, [robotIds[1]]);
    await rowsOf(t, `UPDATE robots SET tags = '{east,blue}' WHERE id = $1`, [robotIds[2]]);
    const stranger = await makeFleetOwner(t);
    const foreign = (await insertRobots(t, stranger.reg.workspaceId, 1)).robotIds[0];
    const unknown = randomUUID();
    const targets = [...robotIds, robotIds[0], foreign, unknown];

    const res = await create(owner, { action: 'tag_robots', target_ids: targets, params: { tags: [' blue ', 'east', 'blue'] } }).expect(
      202,
    );
    expect(res.body.batch_operation).toEqual({
      id: expect.stringMatching(UUID),
      action: 'tag_robots',
      params: { tags: ['blue', 'east'] },
      status: 'queued',
      total: 62,
      succeeded: 0,
      failed: 0,
      skipped: 0,
      cohort_id: null,
      created_by: owner.reg.body.user.id,
      error: null,
      started_at: null,
      finished_at: null,
      cancelled_at: null,
      cancelled_by: null,
      inserted_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const done = await finished(owner, res.body.batch_operation.id);
    expect(done).toMatchObject({
      status: 'completed',
      total: 62,
      succeeded: 59,
      skipped: 1,
      failed: 2,
      started_at: expect.stringMatching(ISO),
      finished_at: expect.stringMatching(ISO),
    });
    expect(done.targets.map((x: any) => x.target_id)).toEqual([...robotIds, foreign, unknown]);
    expect(done.targets[2]).toEqual({ target_id: robotIds[2], status: 'skipped', error: 'already_tagged' });
    expect(done.targets.slice(-2)).toEqual([
      { target_id: foreign, status: 'failed', error: 'not_found' },
      { target_id: unknown, status: 'failed', error: 'not_found' },
    ]);
    const tags = await rowsOf(t, `SELECT id, tags FROM robots WHERE id = ANY($1::uuid[])`, [robotIds.slice(0, 3)]);
    expect(Object.fromEntries(tags.map((r: any) => [r.id, r.tags]))).toEqual({
      [robotIds[0]]: ['blue', 'east'],
      [robotIds[1]]: ['east', 'blue'],
      [robotIds[2]]: ['east', 'blue'],
    });
    expect((await rowsOf(t, `SELECT tags FROM robots WHERE id = $1`, [foreign]))[0].tags).toEqual([]);
    const events = await eventsOf(t, owner.reg.workspaceId, 'batch_operation.completed');
    expect(events.map((e) => e.data.batch_operation)).toEqual([
      expect.objectContaining({ id: done.id, status: 'completed', succeeded: 59 }),
    ]);
  });

  it("retire_robots: robots retired, their agents' keys refused at once; an already retired robot is skipped", async () => {
    const owner = await makeFleetOwner(t);
    const a = await enrollRobot(t, owner);
    const b = await enrollRobot(t, owner);
    await asOperator(t, owner).post(`/api/v1/operator/robots/${b.robotId}/retire`).expect(200);
    await t.http().get('/api/v1/messages').set('x-agent-api-key', a.apiKey).expect(200);
    const res = await create(owner, { action: 'retire_robots', target_ids: [a.robotId, b.robotId] }).expect(202);
    const done = await finished(owner, res.body.batch_operation.id);
    expect(done).toMatchObject({ status: 'completed', succeeded: 1, skipped: 1, failed: 0 });
    expect(done.targets).toEqual([
      { target_id: a.robotId, status: 'succeeded', error: null },
      { target_id: b.robotId, status: 'skipped', error: 'already_retired' },
    ]);
    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', a.apiKey), 403, 'forbidden', {
      detail: 'service_agent_inactive',
    });
    expect((await rowsOf(t, `SELECT status FROM robots WHERE id = $1`, [a.robotId]))[0].status).toBe('retired');
  });

  it('send_agent_command: each active agent gets the command, pushed to its socket; an inactive one fails', async () => {
    const owner = await makeFleetOwner(t);
    const live = await issueKey(t, owner.reg, ['sockets:connect', 'agent_commands:read']);
    const { socket_token } = await mintSocketToken(t, live.key);
    const socket = await SocketClient.open(socketUrl(base, { socket_token }));
    open.push(socket);
    const { agentIds } = await insertRobots(t, owner.reg.workspaceId, 3);
    await rowsOf(t, `UPDATE service_agents SET status = 'inactive' WHERE id = $1`, [agentIds[2]]);
    const res = await create(owner, {
      action: 'send_agent_command',
      target_ids: [live.serviceAgentId, agentIds[0], agentIds[1], agentIds[2], owner.reg.keyAgentId],
      params: { name: 'reboot', payload: { in: 5 } },
    }).expect(202);
    const done = await finished(owner, res.body.batch_operation.id);
    expect(done).toMatchObject({ succeeded: 3, failed: 2 });
    expect(done.targets.slice(3)).toEqual([
      { target_id: agentIds[2], status: 'failed', error: 'service_agent_inactive' },
      { target_id: owner.reg.keyAgentId, status: 'failed', error: 'not_found' },
    ]);
    const push = await socket.next((m) => m.event === 'command' && m.payload.agent_command.name === 'reboot', 10_000);
    expect(push.payload.agent_command).toMatchObject({
      service_agent_id: live.serviceAgentId,
      payload: { in: 5 },
      created_by: owner.reg.body.user.id,
    });
    const commands = await rowsOf(t, `SELECT service_agent_id FROM agent_commands WHERE workspace_id = $1`, [owner.reg.workspaceId]);
    expect(commands.map((c: any) => c.service_agent_id).sort()).toEqual([live.serviceAgentId, agentIds[0], agentIds[1]].sort());
    expect(await eventsOf(t, owner.reg.workspaceId, 'agent_command.created')).toHaveLength(3);
  });

  it('revoke_api_keys: keys revoked (with api_key.revoked); the workspace primary key is not found; a revoked one is skipped', async () => {
    const owner = await makeFleetOwner(t);
    const k1 = await issueKey(t, owner.reg, ['messages:read']);
    const k2 = await issueKey(t, owner.reg, ['messages:read']);
    await asOperator(t, owner).post(`/api/v1/operator/api_keys/${k2.credentialId}/revoke`).expect(200);
    const res = await create(owner, {
      action: 'revoke_api_keys',
      target_ids: [k1.credentialId, k2.credentialId, owner.reg.credentialId],
    }).expect(202);
    const done = await finished(owner, res.body.batch_operation.id);
    expect(done.targets).toEqual([
      { target_id: k1.credentialId, status: 'succeeded', error: null },
      { target_id: k2.credentialId, status: 'skipped', error: 'already_revoked' },
      { target_id: owner.reg.credentialId, status: 'failed', error: 'not_found' },
    ]);
    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', k1.key), 401, 'unauthorized', {
      detail: 'api_key_revoked',
    });
    await t.http().get('/api/v1/messages').set('x-agent-api-key', owner.reg.apiKey).expect(200);
    const revoked = await eventsOf(t, owner.reg.workspaceId, 'api_key.revoked');
    expect(revoked.map((e) => e.data.credential_id)).toEqual([k2.credentialId, k1.credentialId]);
  });

  it('a cohort names its robots (their agents for send_agent_command); an empty cohort completes at once', async () => {
    const owner = await makeFleetOwner(t);
    const cohort = await makeCohort(t, owner, 'east wing');
    const { robotIds, agentIds } = await insertRobots(t, owner.reg.workspaceId, 4, { cohortId: cohort.id });
    await insertRobots(t, owner.reg.workspaceId, 2);
    const tagged = await finished(
      owner,
      (await create(owner, { action: 'tag_robots', cohort_id: cohort.id, params: { tags: ['east'] } }).expect(202)).body.batch_operation.id,
    );
    expect(tagged).toMatchObject({ total: 4, succeeded: 4, cohort_id: cohort.id });
    expect(tagged.targets.map((x: any) => x.target_id).sort()).toEqual([...robotIds].sort());
    const sent = await finished(
      owner,
      (await create(owner, { action: 'send_agent_command', cohort_id: cohort.id, params: { name: 'ping' } }).expect(202)).body
        .batch_operation.id,
    );
    expect(sent.targets.map((x: any) => x.target_id).sort()).toEqual([...agentIds].sort());
    const empty = await makeCohort(t, owner, 'empty');
    const none = await create(owner, { action: 'retire_robots', cohort_id: empty.id }).expect(202);
    expect(none.body.batch_operation).toMatchObject({ status: 'completed', total: 0, finished_at: expect.stringMatching(ISO) });
  });

  it('refuses bad bodies with 422 and writes nothing', async () => {
    const owner = await makeFleetOwner(t);
    const cohort = await makeCohort(t, owner, 'c');
    const stranger = await makeFleetOwner(t);
    const foreignCohort = await makeCohort(t, stranger, 'theirs');
    const id = randomUUID();
    const cases: [object, string][] = [
      [{ action: 'explode', target_ids: [id] }, 'action'],
      [{ action: 'retire_robots' }, 'target_ids'],
      [{ action: 'retire_robots', target_ids: [id], cohort_id: cohort.id }, 'target_ids'],
      [{ action: 'retire_robots', target_ids: [] }, 'target_ids'],
      [{ action: 'retire_robots', target_ids: ['nope'] }, 'target_ids'],
      [{ action: 'retire_robots', target_ids: Array.from({ length: 10_001 }, () => randomUUID()) }, 'target_ids'],
      [{ action: 'retire_robots', target_ids: [id], params: { force: true } }, 'params.force'],
      [{ action: 'tag_robots', target_ids: [id] }, 'params.tags'],
      [{ action: 'tag_robots', target_ids: [id], params: { tags: [''] } }, 'params.tags'],
      [{ action: 'send_agent_command', target_ids: [id], params: { name: ' ' } }, 'params.name'],
      [{ action: 'create_ota_update', target_ids: [id], params: { update_type: 'firmware' } }, 'params.version'],
      [{ action: 'revoke_api_keys', cohort_id: cohort.id }, 'cohort_id'],
      [{ action: 'retire_robots', cohort_id: foreignCohort.id }, 'cohort_id'],
      [{ action: 'retire_robots', target_ids: [id], params: 'x' }, 'params'],
    ];
    for (const [body, field] of cases) {
      const res = await create(owner, body);
      expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
      expect({ body: JSON.stringify(body).slice(0, 80), fields: Object.keys(res.body.errors) }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        fields: expect.arrayContaining([field]),
      });
    }
    expect((await rowsOf(t, `SELECT count(*)::int AS n FROM batch_operations WHERE workspace_id = $1`, [owner.reg.workspaceId]))[0].n).toBe(
      0,
    );
  });

  it('lists newest first (default 25, max 100) with status and action filters in both forms; shows targets by target_limit and target_offset', async () => {
    const owner = await makeFleetOwner(t);
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 30, { agents: false });
    const tagOp = await finished(
      owner,
      (await create(owner, { action: 'tag_robots', target_ids: robotIds, params: { tags: ['x'] } }).expect(202)).body.batch_operation.id,
    );
    const retireOp = await finished(
      owner,
      (await create(owner, { action: 'retire_robots', target_ids: robotIds.slice(0, 2) }).expect(202)).body.batch_operation.id,
    );
    const list = (q = '') => asOperator(t, owner).get(`${BATCHES}${q}`);
    const all = (await list().expect(200)).body;
    expect(all.batch_operations.map((b: any) => b.id)).toEqual([retireOp.id, tagOp.id]);
    expect(all.pagination).toEqual({ limit: 25, offset: 0, total: 2, has_more: false });
    expect(all.batch_operations[0]).not.toHaveProperty('targets');
    expect((await list('?action=tag_robots').expect(200)).body.batch_operations.map((b: any) => b.id)).toEqual([tagOp.id]);
    expect((await list('?action=tag_robots&filter[action]=retire_robots').expect(200)).body.batch_operations.map((b: any) => b.id)).toEqual(
      [retireOp.id],
    );
    expect((await list('?filter[status]=completed').expect(200)).body.count).toBe(2);
    expect((await list('?status=queued').expect(200)).body.count).toBe(0);
    expectProblem(await list('?action=explode'), 400, 'bad-request', { detail: 'invalid_action' });
    expectProblem(await list('?filter[status]=done'), 400, 'bad-request', { detail: 'invalid_status' });
    expectProblem(await list('?limit=101'), 400, 'bad-request', { detail: 'invalid_limit' });

    const page = (await show(owner, tagOp.id, '?target_limit=10&target_offset=25').expect(200)).body.batch_operation;
    expect(page.targets.map((x: any) => x.target_id)).toEqual(robotIds.slice(25, 30));
    expect(page.targets_pagination).toEqual({ limit: 10, offset: 25, total: 30, has_more: false });
    const first = (await show(owner, tagOp.id).expect(200)).body.batch_operation;
    expect(first.targets).toHaveLength(30);
    expect(first.targets_pagination).toEqual({ limit: 100, offset: 0, total: 30, has_more: false });
    for (const q of ['?target_limit=0', '?target_limit=501', '?target_limit=x']) {
      expectProblem(await show(owner, tagOp.id, q), 400, 'bad-request', { detail: 'invalid_target_limit' });
    }
    expectProblem(await show(owner, tagOp.id, '?target_offset=-1'), 400, 'bad-request', { detail: 'invalid_target_offset' });
    expectProblem(await show(owner, randomUUID()), 404, 'not-found', { detail: 'not_found' });
    expectProblem(await show(owner, 'nope'), 404, 'not-found', { detail: 'not_found' });
    const stranger = await makeFleetOwner(t);
    expectProblem(await show(stranger, tagOp.id), 404, 'not-found', { detail: 'not_found' });
    expectProblem(await asOperator(t, stranger).post(`${BATCHES}/${tagOp.id}/cancel`), 404, 'not-found');
    expectProblem(await asOperator(t, owner).post(`${BATCHES}/${tagOp.id}/cancel`), 409, 'conflict', { detail: 'invalid_transition' });
    const member = await colleague(t, owner, 'member');
    await asOperator(t, member, owner.reg.workspaceId).get(`${BATCHES}/${tagOp.id}`).expect(200);
    expectProblem(
      await asOperator(t, member, owner.reg.workspaceId).post(BATCHES, { action: 'retire_robots', target_ids: robotIds }),
      403,
      'forbidden',
    );
  });

  it('cancelled half-way: the chunk in progress finishes, no target after it is touched, the rest are skipped', async () => {
    const owner = await makeFleetOwner(t);
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 200);
    // Hold the robot at position 80 so the chunk of positions 76..100 (chunk size 25) waits on it.
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM robots WHERE id = $1 FOR UPDATE`, [robotIds[79]]);
      const op = (await create(owner, { action: 'retire_robots', target_ids: robotIds }).expect(202)).body.batch_operation;
      const holderPid = (await holder.query(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
      const chunkPid = await waiterOn(t, holderPid, 'the chunk to wait for the held robot', 15_000);
      const cancelling = asOperator(t, owner)
        .post(`${BATCHES}/${op.id}/cancel`)
        .then((r) => r);
      await waiterOn(t, chunkPid, 'the cancel to wait for the chunk in progress', 15_000);
      await holder.query('COMMIT');
      const cancelled = (await cancelling).body.batch_operation;
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        total: 200,
        succeeded: 100,
        skipped: 100,
        failed: 0,
        cancelled_by: owner.reg.body.user.id,
      });

      await sleep(1000); // a next chunk, were one still to run, would have run by now
      const targets = (await show(owner, op.id, '?target_limit=500').expect(200)).body.batch_operation.targets;
      expect(targets.slice(0, 100).every((x: any) => x.status === 'succeeded')).toBe(true);
      expect(targets.slice(100).every((x: any) => x.status === 'skipped' && x.error === 'cancelled')).toBe(true);
      const statuses = await rowsOf(t, `SELECT id, status FROM robots WHERE id = ANY($1::uuid[])`, [robotIds]);
      const retired = new Set(statuses.filter((r: any) => r.status === 'retired').map((r: any) => r.id));
      expect(retired).toEqual(new Set(robotIds.slice(0, 100)));
      const [{ n }] = await rowsOf(
        t,
        `SELECT count(*)::int AS n FROM service_agents a JOIN robots r ON r.service_agent_id = a.id WHERE r.id = ANY($1::uuid[]) AND a.status = 'inactive'`,
        [robotIds],
      );
      expect(n).toBe(100);
      const events = await eventsOf(t, owner.reg.workspaceId, 'batch_operation.completed');
      expect(events.map((e) => e.data.batch_operation.status)).toEqual(['cancelled']);
      expectProblem(await asOperator(t, owner).post(`${BATCHES}/${op.id}/cancel`), 409, 'conflict', { detail: 'invalid_transition' });
    } finally {
      await holder.end();
    }
  });

  it('10,000 robots: the operation finishes with correct counters and every target recorded once', async () => {
    const owner = await makeFleetOwner(t);
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 10_000);
    await rowsOf(t, `UPDATE robots SET status = 'retired', retired_at = now() WHERE id = ANY($1::uuid[])`, [robotIds.slice(0, 100)]);
    const strangers = Array.from({ length: 50 }, () => randomUUID());
    const targets = [...robotIds.slice(0, 9_950), ...strangers];
    const op = (await create(owner, { action: 'retire_robots', target_ids: targets }).expect(202)).body.batch_operation;
    expect(op.total).toBe(10_000);
    const done = await finished(owner, op.id, '?target_limit=1', 120_000);
    expect(done).toMatchObject({ status: 'completed', total: 10_000, succeeded: 9_850, skipped: 100, failed: 50 });
    const [counts] = await rowsOf(
      t,
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
              count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'pending')::int AS pending
         FROM batch_operation_targets WHERE batch_operation_id = $1`,
      [op.id],
    );
    expect(counts).toEqual({ succeeded: 9_850, skipped: 100, failed: 50, pending: 0 });
    const [{ retired }] = await rowsOf(t, `SELECT count(*)::int AS retired FROM robots WHERE workspace_id = $1 AND status = 'retired'`, [
      owner.reg.workspaceId,
    ]);
    expect(retired).toBe(9_950);
  }, 180_000);
});
