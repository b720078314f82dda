import { randomBytes, randomUUID } from 'node:crypto';
import { DataRequestRunner } from '../src/data-requests/data-request-runner.service';
import { asOperator, makeFleetOwner } from './enrollment-support';
import { type Operator } from './support/console';
import { eventually } from './support/eventually';
import { colleague, enrollRobot, type EnrolledRobot, eventsOf, ISO, rowsOf, UUID } from './support/fleet';
import { expectProblem } from './support/problem';
import { makeScimTenant, oktaUser, scim } from './support/scim';
import { createTestApp, TestApp } from './support/test-app';

const REQUESTS = '/api/v1/operator/data_requests';
const DAY_MS = 24 * 60 * 60 * 1000;
const SHA = 'cd'.repeat(32);

describe('data requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (owner: Operator, body: object) => asOperator(t, owner).post(REQUESTS, body);
  const done = (owner: Operator, id: string) =>
    eventually(
      async () => {
        const r = (await asOperator(t, owner).get(`${REQUESTS}/${id}`).expect(200)).body.data_request;
        expect(['completed', 'failed']).toContain(r.status);
        return r;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: `data request ${id} to finish` },
    );
  const download = (owner: Operator, id: string) => asOperator(t, owner).get(`${REQUESTS}/${id}/download`);

  /** A robot that has used the service: messages, tasks, a command, an approval, a denied check, an OTA update. */
  async function busyRobot(owner: Operator, marker: string): Promise<EnrolledRobot> {
    const robot = await enrollRobot(t, owner, {
      scopes: ['messages:write', 'messages:read', 'tasks:write', 'gateway:check', 'ota_updates:write', 'traces:write'],
    });
    const as = (path: string, body: object) => t.http().post(path).set('x-agent-api-key', robot.apiKey).send(body);
    await as('/api/v1/messages', { body: `${marker} first message`, channel: 'ops' }).expect(201);
    await as('/api/v1/messages', { body: `${marker} second message` }).expect(201);
    await as('/api/v1/tasks', { title: `${marker} task` }).expect(201);
    await as('/api/v1/traces', {
      name: `${marker} first message handled`,
      status: 'ok',
      started_at: '2026-11-25T10:00:00Z',
      duration_ms: 5,
      attributes: { note: `${marker} second message` },
      spans: [{ span_id: 'a', name: `${marker} task span`, started_at: '2026-11-25T10:00:00Z', duration_ms: 1 }],
    }).expect(201);
    await asOperator(t, owner)
      .post('/api/v1/operator/agent_commands', { service_agent_id: robot.serviceAgentId, name: 'say', payload: { text: marker } })
      .expect(201);
    await asOperator(t, owner)
      .post('/api/v1/operator/gateway_rules', { action: 'ask.*', effect: 'require_approval', priority: 1 })
      .expect(201);
    await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'deny.*', effect: 'deny', priority: 2 }).expect(201);
    await as('/api/v1/gateway/check', { action: 'ask.now', resource: marker, context: { why: marker } }).expect(200);
    await as('/api/v1/gateway/check', { action: 'deny.now', resource: marker }).expect(200);
    const ota = (
      await asOperator(t, owner)
        .post('/api/v1/operator/ota-updates', {
          robot_id: robot.robotId,
          update_type: 'config',
          version: '1',
          artifact_url: 'https://x.example/c',
          sha256: SHA,
        })
        .expect(201)
    ).body.ota_update;
    await t
      .http()
      .patch(`/api/v1/ota_updates/${ota.id}`)
      .set('x-agent-api-key', robot.apiKey)
      .send({ status: 'failed', detail: `${marker} disk full` })
      .expect(200);
    await rowsOf(t, `UPDATE service_agents SET metadata = $2 WHERE id = $1`, [robot.serviceAgentId, JSON.stringify({ hostname: marker })]);
    return robot;
  }

  /** Rows of every table whose text holds `needle`, by table. */
  async function tracesOf(needle: string): Promise<Record<string, number>> {
    const tables: { tablename: string }[] = await rowsOf(t, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const found: Record<string, number> = {};
    for (const { tablename } of tables) {
      const [{ n }] = await rowsOf(t, `SELECT count(*)::int AS n FROM "${tablename}" x WHERE strpos(x::text, $1) > 0`, [needle]);
      if (n > 0) found[tablename] = n;
    }
    return found;
  }

  it('exports everything held about a robot as one JSON document, downloadable for 7 days', async () => {
    const owner = await makeFleetOwner(t);
    const marker = `m-${randomBytes(6).toString('hex')}`;
    const robot = await busyRobot(owner, marker);
    const created = await request(owner, { kind: 'export', subject_type: 'robot', subject_id: robot.robotId }).expect(202);
    expect(created.body.data_request).toEqual({
      id: expect.stringMatching(UUID),
      kind: 'export',
      subject_type: 'robot',
      subject_id: robot.robotId,
      status: 'pending',
      download_expires_at: null,
      requested_by: owner.reg.body.user.id,
      error: null,
      completed_at: null,
      inserted_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const finished = await done(owner, created.body.data_request.id);
    expect(finished).toMatchObject({ status: 'completed', completed_at: expect.stringMatching(ISO) });
    expect(Date.parse(finished.download_expires_at) - Date.parse(finished.completed_at)).toBe(7 * DAY_MS);

    const res = await download(owner, finished.id).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="data-request-${finished.id}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.body;
    expect(JSON.parse(res.text)).toEqual(doc);
    expect(doc.data_request).toEqual(finished);
    expect(Object.keys(doc.sections).sort()).toEqual(
      [
        'agent_commands',
        'approvals',
        'batch_operations',
        'credentials',
        'data_requests',
        'events',
        'messages',
        'ota_updates',
        'robots',
        'scim_users',
        'security_violations',
        'service_agents',
        'tasks',
        'traces',
        'users',
      ].sort(),
    );
    const s = doc.sections;
    expect(s.messages.map((m: any) => m.body).sort()).toEqual([`${marker} first message`, `${marker} second message`]);
    expect(s.tasks.map((x: any) => x.title)).toEqual([`${marker} task`]);
    expect(s.traces).toEqual([
      expect.objectContaining({
        name: `${marker} first message handled`,
        spans: [expect.objectContaining({ name: `${marker} task span` })],
      }),
    ]);
    expect(s.robots).toEqual([expect.objectContaining({ id: robot.robotId, serial_number: robot.serial })]);
    expect(s.service_agents).toEqual([expect.objectContaining({ id: robot.serviceAgentId, metadata: { hostname: marker } })]);
    expect(s.credentials).toEqual([
      expect.objectContaining({ id: robot.credentialId, prefix: robot.apiKey.split('.')[0], status: 'usable' }),
    ]);
    expect(s.agent_commands.map((c: any) => c.name).sort()).toEqual(['ota_update', 'say']);
    expect(s.approvals).toEqual([expect.objectContaining({ action: 'ask.now', resource: marker, context: { why: marker } })]);
    expect(s.security_violations).toEqual([
      expect.objectContaining({ kind: 'gateway_denied', detail: expect.objectContaining({ resource: marker }) }),
    ]);
    expect(s.ota_updates).toEqual([expect.objectContaining({ status: 'failed', detail: `${marker} disk full` })]);
    expect(s.events.map((e: any) => e.type)).toEqual(
      expect.arrayContaining(['agent_command.created', 'approval.requested', 'security_violation.opened', 'ota_update.updated']),
    );
    expect(s.users).toEqual([]);
    // never a secret
    expect(res.text).not.toContain(robot.apiKey.split('.')[1]);
    expect(res.text).not.toContain('secret_hash');
    const completed = await eventsOf(t, owner.reg.workspaceId, 'data_request.completed');
    expect(completed.map((e) => e.data.data_request)).toEqual([finished]);

    // Seven days later (its expiry moved into the past: the database is shared with other suites,
    // whose documents a clock moved forward would purge too)
    await rowsOf(t, `UPDATE data_requests SET download_expires_at = $2 WHERE id = $1`, [finished.id, new Date(t.clock.now() - 1000)]);
    expectProblem(await download(owner, finished.id), 410, 'gone', { detail: 'download_expired' });
    await t.app.get(DataRequestRunner).sweep();
    expect(
      (await rowsOf(t, `SELECT count(*)::int AS n FROM data_request_export_parts WHERE data_request_id = $1`, [finished.id]))[0].n,
    ).toBe(0);
  });

  it('erasure anonymises the robot: no trace of its message bodies anywhere in the database, its keys revoked, earlier exports gone', async () => {
    const owner = await makeFleetOwner(t);
    const marker = `m-${randomBytes(6).toString('hex')}`;
    const robot = await busyRobot(owner, marker);
    const other = `o-${randomBytes(6).toString('hex')}`;
    const bystander = await busyRobot(owner, other);
    const exported = await done(
      owner,
      (await request(owner, { kind: 'export', subject_type: 'robot', subject_id: robot.robotId }).expect(202)).body.data_request.id,
    );
    expect(Object.keys(await tracesOf(`${marker} first message`))).toEqual(
      expect.arrayContaining(['messages', 'traces', 'data_request_export_parts']),
    );

    const erasure = await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.robotId }).expect(202)).body.data_request.id,
    );
    expect(erasure).toMatchObject({ status: 'completed', download_expires_at: null });

    expect(await tracesOf(`${marker} first message`)).toEqual({});
    expect(await tracesOf(`${marker} second message`)).toEqual({});
    expect(await tracesOf(`${marker} task`)).toEqual({});
    expect(await tracesOf(`${marker} disk full`)).toEqual({});
    // what was about the robot only: nothing of the marker is left but the bystander's rows
    const left = await rowsOf(
      t,
      `SELECT count(*)::int AS n FROM messages WHERE service_agent_id = $1 AND body = '[erased]' AND channel IS NULL`,
      [robot.serviceAgentId],
    );
    expect(left[0].n).toBe(2);
    expect(
      (
        await rowsOf(t, `SELECT count(*)::int AS n FROM messages WHERE service_agent_id = $1 AND strpos(body, $2) > 0`, [
          bystander.serviceAgentId,
          other,
        ])
      )[0].n,
    ).toBe(2);

    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', robot.apiKey), 401, 'unauthorized', {
      detail: 'api_key_revoked',
    });
    await t.http().get('/api/v1/messages').set('x-agent-api-key', bystander.apiKey).expect(200);
    const [agent] = await rowsOf(t, `SELECT name, slug, status, metadata FROM service_agents WHERE id = $1`, [robot.serviceAgentId]);
    expect(agent).toEqual({ name: 'Erased agent', slug: `erased-${robot.serviceAgentId}`, status: 'inactive', metadata: {} });
    expectProblem(await download(owner, exported.id), 410, 'gone', { detail: 'download_expired' });

    // events about the robot keep their type and time, not their data; the erasure's own events stay whole
    const revoked = await eventsOf(t, owner.reg.workspaceId, 'api_key.revoked');
    expect(revoked.map((e) => e.data.credential_id)).toContain(robot.credentialId);
    const approvalEvents = (await eventsOf(t, owner.reg.workspaceId, 'approval.requested')).map((e) => e.data);
    expect(approvalEvents).toContainEqual({ erased: true });
    expect(approvalEvents.some((d) => d.approval?.service_agent_id === bystander.serviceAgentId)).toBe(true);
    const completed = (await eventsOf(t, owner.reg.workspaceId, 'data_request.completed')).map((e) => e.data.data_request.id);
    expect(completed).toEqual([exported.id, erasure.id]);

    // erasing again changes nothing and completes
    const again = await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.robotId }).expect(202)).body.data_request.id,
    );
    expect(again.status).toBe('completed');
  });

  it("a service agent subject covers its robot; erasing it revokes the agent's keys and deactivates it", async () => {
    const owner = await makeFleetOwner(t);
    const robot = await busyRobot(owner, `sa-${randomBytes(4).toString('hex')}`);
    const token = (await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', robot.apiKey).expect(200)).body.token;
    await t.http().get('/api/v1/messages').set('authorization', `Bearer ${token}`).expect(200); // cached as valid now
    const r = await done(
      owner,
      (await request(owner, { kind: 'export', subject_type: 'service_agent', subject_id: robot.serviceAgentId }).expect(202)).body
        .data_request.id,
    );
    const doc = (await download(owner, r.id).expect(200)).body;
    expect(doc.sections.robots.map((x: any) => x.id)).toEqual([robot.robotId]);
    expect(doc.sections.messages).toHaveLength(2);

    await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'service_agent', subject_id: robot.serviceAgentId }).expect(202)).body
        .data_request.id,
    );
    expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${token}`), 401, 'unauthorized', {
      detail: 'api_key_revoked',
    });
    const [row] = await rowsOf(
      t,
      `SELECT r.name, r.tags, a.status FROM robots r JOIN service_agents a ON a.id = r.service_agent_id WHERE r.id = $1`,
      [robot.robotId],
    );
    expect(row).toEqual({ name: null, tags: [], status: 'inactive' });
  });

  it('operators: export their account and membership; erasure ends the membership, and anonymises an account left in no workspace', async () => {
    const owner = await makeFleetOwner(t);
    const admin = await colleague(t, owner, 'admin');
    const exported = await done(
      owner,
      (await request(owner, { kind: 'export', subject_type: 'user', subject_id: admin.reg.body.user.id }).expect(202)).body.data_request.id,
    );
    const doc = (await download(owner, exported.id).expect(200)).body;
    expect(doc.sections.users).toEqual([expect.objectContaining({ id: admin.reg.body.user.id, email: admin.reg.email, role: 'admin' })]);

    await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'user', subject_id: admin.reg.body.user.id }).expect(202)).body.data_request
        .id,
    );
    expectProblem(await asOperator(t, admin, owner.reg.workspaceId).get(REQUESTS), 403, 'forbidden');
    // their own workspace and account are untouched
    await asOperator(t, admin).get('/api/v1/operator/robots').expect(200);

    // a SCIM-provisioned operator of this workspace only: the account itself is anonymised
    const tenant = await makeScimTenant(t);
    const tenantOwner = { reg: tenant, cookie: tenant.cookie } as Operator;
    const user = oktaUser();
    const provisioned = await scim(t, tenant.token, 'post', '/Users', user).expect(201);
    const [{ user_id }] = await rowsOf(t, `SELECT user_id FROM scim_users WHERE id = $1`, [provisioned.body.id]);
    await done(
      tenantOwner,
      (await request(tenantOwner, { kind: 'erasure', subject_type: 'user', subject_id: user_id }).expect(202)).body.data_request.id,
    );
    const [account] = await rowsOf(t, `SELECT email, name, status, password_hash FROM users WHERE id = $1`, [user_id]);
    expect(account).toEqual({ email: `erased-${user_id}@erased.invalid`, name: 'Erased user', status: 'suspended', password_hash: null });
    expect(await tracesOf(user.emails[0].value)).toEqual({});
    expect(await tracesOf(user.externalId)).toEqual({});
  });

  it('refuses what it cannot do: unknown or foreign subjects, erasing the owner, anyone but the owner', async () => {
    const owner = await makeFleetOwner(t);
    const stranger = await makeFleetOwner(t);
    const theirRobot = await enrollRobot(t, stranger);
    const cases: [object, string][] = [
      [{ kind: 'export', subject_type: 'robot', subject_id: theirRobot.robotId }, 'subject_id'],
      [{ kind: 'export', subject_type: 'service_agent', subject_id: owner.reg.keyAgentId }, 'subject_id'],
      [{ kind: 'export', subject_type: 'user', subject_id: stranger.reg.body.user.id }, 'subject_id'],
      [{ kind: 'erasure', subject_type: 'user', subject_id: owner.reg.body.user.id }, 'subject_id'],
      [{ kind: 'forget', subject_type: 'robot', subject_id: randomUUID() }, 'kind'],
      [{ kind: 'export', subject_type: 'cat', subject_id: randomUUID() }, 'subject_type'],
      [{ kind: 'export', subject_type: 'robot', subject_id: 'x' }, 'subject_id'],
    ];
    for (const [body, field] of cases) {
      const res = await request(owner, body);
      expectProblem(res, 422, 'validation-error');
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await rowsOf(t, `SELECT count(*)::int AS n FROM data_requests WHERE workspace_id = $1`, [owner.reg.workspaceId]))[0].n).toBe(0);
    const own = await done(
      owner,
      (await request(owner, { kind: 'export', subject_type: 'user', subject_id: owner.reg.body.user.id }).expect(202)).body.data_request.id,
    );
    expect(own.status).toBe('completed');

    const admin = await colleague(t, owner, 'admin');
    const asAdmin = asOperator(t, admin, owner.reg.workspaceId);
    expectProblem(
      await asAdmin.post(REQUESTS, { kind: 'export', subject_type: 'user', subject_id: admin.reg.body.user.id }),
      403,
      'forbidden',
    );
    expectProblem(await asAdmin.get(REQUESTS), 403, 'forbidden');
    expectProblem(await asAdmin.get(`${REQUESTS}/${own.id}/download`), 403, 'forbidden');
    expectProblem(await download(stranger, own.id), 404, 'not-found', { detail: 'not_found' });
    expectProblem(await asOperator(t, owner).get(`${REQUESTS}/nope/download`), 404, 'not-found');
  });

  it('download answers 409 until the export completes, and for an erasure', async () => {
    const owner = await makeFleetOwner(t);
    const [pending] = await rowsOf(
      t,
      `INSERT INTO data_requests (workspace_id, kind, subject_type, subject_id) VALUES ($1, 'export', 'user', $2) RETURNING id`,
      [owner.reg.workspaceId, owner.reg.body.user.id],
    );
    expectProblem(await download(owner, pending.id), 409, 'conflict', { detail: 'data_request_not_ready' });
    const robot = await enrollRobot(t, owner);
    const erasure = await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.robotId }).expect(202)).body.data_request.id,
    );
    expectProblem(await download(owner, erasure.id), 409, 'conflict', { detail: 'not_an_export' });
  });

  it('lists newest first (default 50, max 200) with status and kind in both forms', async () => {
    const owner = await makeFleetOwner(t);
    const robot = await enrollRobot(t, owner);
    const a = await done(
      owner,
      (await request(owner, { kind: 'export', subject_type: 'robot', subject_id: robot.robotId })).body.data_request.id,
    );
    const b = await done(
      owner,
      (await request(owner, { kind: 'erasure', subject_type: 'robot', subject_id: robot.robotId })).body.data_request.id,
    );
    const list = async (q = '') => (await asOperator(t, owner).get(`${REQUESTS}${q}`).expect(200)).body;
    const all = await list();
    expect(all.data_requests.map((r: any) => r.id)).toEqual([b.id, a.id]);
    expect(all.pagination).toEqual({ limit: 50, offset: 0, total: 2, has_more: false });
    expect((await list('?kind=export')).data_requests.map((r: any) => r.id)).toEqual([a.id]);
    expect((await list('?kind=export&filter[kind]=erasure')).data_requests.map((r: any) => r.id)).toEqual([b.id]);
    expect((await list('?filter[status]=completed&limit=200')).count).toBe(2);
    expectProblem(await asOperator(t, owner).get(`${REQUESTS}?kind=forget`), 400, 'bad-request', { detail: 'invalid_kind' });
    expectProblem(await asOperator(t, owner).get(`${REQUESTS}?status=done`), 400, 'bad-request', { detail: 'invalid_status' });
    expectProblem(await asOperator(t, owner).get(`${REQUESTS}?limit=201`), 400, 'bad-request', { detail: 'invalid_limit' });
  });
});
