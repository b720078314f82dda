import { randomUUID } from 'node:crypto';
import { QueueNames } from '../src/core/config/queue-names';
import { replayJobId } from '../src/replays/replays.service';
import { makeWorkspace, Registered } from './support/builders';
import { eventually } from './support/eventually';
import { appQueue, db } from './support/operator';
import { expectProblem } from './support/problem';
import { issueKey, sessionCookie } from './support/sockets';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier';
import { createTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const trace = (name = 'checkout') => ({
  name,
  status: 'ok',
  started_at: '2026-11-25T10:00:00.000Z',
  duration_ms: 30,
  attributes: { region: 'eu' },
  spans: [{ span_id: 'a', name: 'step a', started_at: '2026-11-25T10:00:00.000Z', duration_ms: 10 }],
});

/** Workflow targets and replays: a stored trace re-sent to a real local receiver, signed like webhooks. */
describe('workflow targets and replays', () => {
  let t: TestApp;
  let w: Registered;
  let key: string;
  let cookie: string;
  const receiver = new WebhookReceiver();

  const as = (k: string) => ({
    post: (path: string, body: object) => t.http().post(path).set('x-agent-api-key', k).send(body),
    get: (path: string) => t.http().get(path).set('x-agent-api-key', k),
    delete: (path: string) => t.http().delete(path).set('x-agent-api-key', k),
  });
  const replayRow = async (id: string) =>
    (await db(t).query(`SELECT status, attempts, response_status, last_error FROM replays WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ env: { WEBHOOK_REDRIVE_MS: '500' } });
    w = await makeWorkspace(t);
    key = (await issueKey(t, w, ['traces:write', 'traces:read', 'workflow_targets:write', 'workflow_targets:read', 'replays:write'])).key;
    cookie = await sessionCookie(t, w.email, w.password);
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('a target is created with its secret shown once; the replay POSTs the stored trace, signed, and records the outcome', async () => {
    const url = receiver.url();
    const created = await as(key).post('/api/v1/workflow_targets', { name: 'staging', url }).expect(201);
    const target = created.body.workflow_target;
    expect(target).toEqual({
      id: expect.any(String),
      name: 'staging',
      url,
      secret: expect.stringMatching(/^whsec_/),
      inserted_at: expect.any(String),
    });
    const stored = await db(t).query(`SELECT secret FROM workflow_targets WHERE id = $1`, [target.id]);
    expect(stored[0].secret).not.toContain(target.secret.slice(6)); // sealed, not in clear
    const listed = await as(key).get('/api/v1/workflow_targets').expect(200);
    expect(listed.body.workflow_targets).toEqual([{ id: target.id, name: 'staging', url, inserted_at: target.inserted_at }]);

    const tr = (await as(key).post('/api/v1/traces', trace()).expect(201)).body.trace;
    const res = await as(key).post('/api/v1/replays', { trace_id: tr.id, workflow_target_id: target.id }).expect(202);
    expect(res.body.replay).toMatchObject({ trace_id: tr.id, workflow_target_id: target.id, status: 'queued', attempts: 0 });

    const [request] = await receiver.waitFor(url);
    const body = verifyStandardWebhook(target.secret, request.headers, request.rawBody) as Record<string, any>;
    expect(request.headers['webhook-id']).toBe(res.body.replay.id);
    expect(body).toMatchObject({
      id: res.body.replay.id,
      type: 'trace.replay',
      data: { trace: { id: tr.id, name: 'checkout', spans: [{ span_id: 'a' }] } },
    });
    await eventually(async () =>
      expect(await replayRow(res.body.replay.id)).toEqual({ status: 'succeeded', attempts: 1, response_status: 200, last_error: null }),
    );
    const operatorList = await t.http().get('/api/v1/operator/replays?status=succeeded').set('cookie', cookie).expect(200);
    expect(operatorList.body.replays.map((r: { id: string }) => r.id)).toContain(res.body.replay.id);
  });

  it('a target answering 500 gets three attempts with the same webhook-id, then the replay is failed with the status', async () => {
    const url = receiver.url(() => 500);
    const target = (await as(key).post('/api/v1/workflow_targets', { name: 'broken', url }).expect(201)).body.workflow_target;
    const tr = (await as(key).post('/api/v1/traces', trace('again')).expect(201)).body.trace;
    const replay = (await as(key).post('/api/v1/replays', { trace_id: tr.id, workflow_target_id: target.id }).expect(202)).body.replay;
    const attempts = await receiver.waitFor(url, 3, 20_000);
    expect(new Set(attempts.map((a) => a.headers['webhook-id']))).toEqual(new Set([replay.id]));
    await eventually(async () =>
      expect(await replayRow(replay.id)).toEqual({ status: 'failed', attempts: 3, response_status: 500, last_error: 'HTTP 500' }),
    );
  }, 30_000);

  it('without workflow_target_id the newest target takes it; a trace or target of another workspace is 422, never sent', async () => {
    const url = receiver.url();
    const newest = (await as(key).post('/api/v1/workflow_targets', { name: 'newest', url }).expect(201)).body.workflow_target;
    const tr = (await as(key).post('/api/v1/traces', trace('default target')).expect(201)).body.trace;
    const replay = (await as(key).post('/api/v1/replays', { trace_id: tr.id }).expect(202)).body.replay;
    expect(replay.workflow_target_id).toBe(newest.id);

    const other = await makeWorkspace(t);
    const otherKey = (await issueKey(t, other, ['traces:write', 'workflow_targets:write', 'replays:write'])).key;
    const theirTrace = (await as(otherKey).post('/api/v1/traces', trace('theirs')).expect(201)).body.trace;
    const theirTarget = (await as(otherKey).post('/api/v1/workflow_targets', { name: 'theirs', url: receiver.url() }).expect(201)).body
      .workflow_target;
    expect((await as(key).post('/api/v1/replays', { trace_id: theirTrace.id }).expect(422)).body.errors).toEqual({
      trace_id: ['must be a trace of this workspace'],
    });
    expect(
      (await as(key).post('/api/v1/replays', { trace_id: tr.id, workflow_target_id: theirTarget.id }).expect(422)).body.errors,
    ).toEqual({
      workflow_target_id: ['must be a workflow target of this workspace'],
    });
    expect((await as(otherKey).post('/api/v1/replays', { trace_id: tr.id }).expect(422)).body.errors.trace_id).toBeDefined();
    const fresh = await makeWorkspace(t);
    const freshKey = (await issueKey(t, fresh, ['traces:write', 'replays:write'])).key;
    const freshTrace = (await as(freshKey).post('/api/v1/traces', trace()).expect(201)).body.trace;
    expect((await as(freshKey).post('/api/v1/replays', { trace_id: freshTrace.id }).expect(422)).body.errors).toEqual({
      workflow_target_id: ['the workspace has no workflow target: create one first'],
    });
    expect(receiver.forPath(theirTarget.url)).toEqual([]);
  });

  it('URLs are checked; deleting a target is 204, then 404, and it leaves the list; scopes are enforced', async () => {
    expect(
      (await as(key).post('/api/v1/workflow_targets', { name: 'x', url: 'ftp://example.com/x' }).expect(422)).body.errors.url,
    ).toBeDefined();
    expect(
      (await as(key).post('/api/v1/workflow_targets', { name: 'x', url: 'https://user:pw@example.com/' }).expect(422)).body.errors.url,
    ).toBeDefined();
    const target = (await as(key).post('/api/v1/workflow_targets', { name: 'doomed', url: receiver.url() }).expect(201)).body
      .workflow_target;
    await as(key).delete(`/api/v1/workflow_targets/${target.id}`).expect(204);
    await as(key).delete(`/api/v1/workflow_targets/${target.id}`).expect(404);
    await as(key).delete('/api/v1/workflow_targets/not-a-uuid').expect(404);
    expect((await as(key).get('/api/v1/workflow_targets')).body.workflow_targets.map((x: { id: string }) => x.id)).not.toContain(target.id);
    const readOnly = (await issueKey(t, w, ['workflow_targets:read', 'traces:read'])).key;
    expectProblem(await as(readOnly).post('/api/v1/workflow_targets', { name: 'x', url: receiver.url() }), 403, 'forbidden');
    expectProblem(await as(readOnly).post('/api/v1/replays', { trace_id: target.id }), 403, 'forbidden');
    const operatorTargets = await t.http().get('/api/v1/operator/workflow_targets').set('cookie', cookie).expect(200);
    expect(operatorTargets.body.count).toBeGreaterThan(0);
    expectProblem(await t.http().get('/api/v1/operator/replays?status=done').set('cookie', cookie), 400, 'bad-request', {
      detail: 'invalid_status',
    });
  });

  it('a replay whose job was lost (Redis lost it, or was down) is sent by the sweep', async () => {
    const url = receiver.url();
    const target = (await as(key).post('/api/v1/workflow_targets', { name: 'sweep', url }).expect(201)).body.workflow_target;
    const tr = (await as(key).post('/api/v1/traces', trace('lost job')).expect(201)).body.trace;
    // a replay row without a job, as if Redis had been unreachable when it was queued
    const [row] = await db(t).query(
      `INSERT INTO replays (workspace_id, trace_id, workflow_target_id, updated_at) VALUES ($1, $2, $3, now() - interval '1 minute') RETURNING id`,
      [w.workspaceId, tr.id, target.id],
    );
    const [request] = await receiver.waitFor(url, 1, 10_000);
    expect(request.headers['webhook-id']).toBe(row.id);
    await eventually(async () => expect((await replayRow(row.id)).status).toBe('succeeded'));
  });

  it('a replay whose job finished without it (a Postgres outage through its three attempts) is sent by the sweep, queued or running', async () => {
    const url = receiver.url();
    const target = (await as(key).post('/api/v1/workflow_targets', { name: 'outage', url }).expect(201)).body.workflow_target;
    const tr = (await as(key).post('/api/v1/traces', trace('outage')).expect(201)).body.trace;
    const queue = appQueue(t, QueueNames.replays);
    const ids: string[] = [];
    for (const status of ['queued', 'running']) {
      const id = randomUUID();
      // the replay's own job id, held by a job that has finished (before the row exists, so no
      // sweep can add the real job first): adding that id again is a no-op in BullMQ
      const job = await queue.add('replay', { replayId: randomUUID() }, { jobId: replayJobId(id) });
      await eventually(async () => expect(await job.getState()).toBe('completed'));
      await db(t).query(
        `INSERT INTO replays (id, workspace_id, trace_id, workflow_target_id, status, updated_at) VALUES ($1, $2, $3, $4, $5, now() - interval '1 minute')`,
        [id, w.workspaceId, tr.id, target.id, status],
      );
      ids.push(id);
    }
    const requests = await receiver.waitFor(url, 2, 10_000);
    expect(requests.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
    for (const id of ids) await eventually(async () => expect((await replayRow(id)).status).toBe('succeeded'));
  });
});
