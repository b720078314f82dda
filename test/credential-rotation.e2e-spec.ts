import { Client } from 'pg';
import request from 'supertest';
import { CredentialRotationRepository } from '../src/credential-rotation/credential-rotation.repository';
import { CredentialIssuer, CredentialRevoker } from '../src/credentials';
import { Outbox } from '../src/events';
import { makeWorkspace, type Registered } from './support/builders';
import { eventually } from './support/eventually';
import { eventsOf, rowsOf } from './support/fleet';
import { sleep } from './support/operator';
import { expectProblem } from './support/problem';
import { issueKey, sessionCookie } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import { EVERY_NODE_WITHIN_MS, outcome, read, TwoNodes } from './support/two-nodes';

jest.setTimeout(120_000);

const ROTATE = '/api/v1/credentials/rotate';
/** What the keys of these tests carry: enough to rotate, read, exchange and hold a socket. */
const SCOPES = ['credentials:write', 'messages:read', 'sockets:connect'];
const AGK = /^agk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

interface Held {
  key: string;
  credentialId: string;
  serviceAgentId: string;
  token: string;
}

const rotate = (t: TestApp, credential: string, body: object = {}) =>
  t.http().post(ROTATE).set('authorization', `Bearer ${credential}`).send(body);
const exchange = async (t: TestApp, key: string): Promise<string> =>
  (await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).send({}).expect(200)).body.token;
const credentialRow = async (t: TestApp, id: string) =>
  (
    await rowsOf(t, `SELECT status, expires_at, rotated_at, replaced_by, scopes, service_agent_id FROM api_credentials WHERE id = $1`, [id])
  )[0];
const keysOfAgent = async (t: TestApp, agentId: string): Promise<number> =>
  (await rowsOf(t, `SELECT count(*)::int AS n FROM api_credentials WHERE service_agent_id = $1`, [agentId]))[0].n;

/**
 * API.md Part 3, "Fleets in the field": a machine rotates its own key (ADR 0233). Two nodes on
 * one PostgreSQL, each reaching Redis through its own proxy; their clocks follow real time, so a
 * grace period runs out as it would in production. Node A rotates, node B holds the old key, a
 * token of it and a socket, all cached or open before the rotation.
 */
describe('POST /api/v1/credentials/rotate', () => {
  const nodes = new TwoNodes('credential rotation');
  let a: TestApp;
  let b: TestApp;

  /** A key of the workspace's default agent, a token exchanged from it, both used on B (so cached there). */
  const hold = async (w: Registered, scopes = SCOPES): Promise<Held> => {
    const issued = await issueKey(a, w, scopes);
    const held = { ...issued, token: await exchange(a, issued.key) };
    await nodes.cachedOnB(held.key, held.token);
    return held;
  };

  beforeAll(async () => {
    await nodes.beforeAll();
    ({ a, b } = nodes);
    for (const t of [a, b]) t.clock.tick().set(Date.now());
  });
  beforeEach(() => nodes.beforeEach());
  afterEach(() => nodes.afterEach());
  afterAll(() => nodes.afterAll());

  it('answers a new key of the same agent with the same scopes and a token of it; the old key works until previous.expires_at (an hour by default)', async () => {
    const w = await makeWorkspace(a);
    const held = await hold(w);
    const before = Date.now();
    const res = await rotate(a, held.key).expect(201);
    const { api_key: key, access_token: token, previous } = res.body;
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'api_key', 'previous']);
    expect(key).toEqual({
      type: 'api_key',
      key: expect.stringMatching(AGK),
      scopes: SCOPES,
      credential_id: expect.any(String),
      service_agent_id: w.defaultAgentId,
      expires_at: null,
    });
    expect(key.credential_id).not.toBe(held.credentialId);
    expect(token).toEqual({
      type: 'bearer',
      token: expect.any(String),
      scopes: SCOPES,
      credential_id: key.credential_id,
      expires_in: a.config.accessTokenTtlSeconds,
      service_agent_id: w.defaultAgentId,
    });
    expect(previous).toEqual({ credential_id: held.credentialId, expires_at: expect.any(String) });
    const endsIn = Date.parse(previous.expires_at) - before;
    expect(endsIn).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(endsIn).toBeLessThanOrEqual(3600_000 + 5000);

    // the new key and its token work on both nodes, and so do the old key and its token, until the end
    for (const t of [a, b]) for (const credential of [key.key, token.token, held.key, held.token]) await read(t, credential).expect(200);
    await exchange(b, key.key);

    expect(await credentialRow(a, held.credentialId)).toEqual({
      status: 'usable',
      expires_at: new Date(previous.expires_at),
      rotated_at: expect.any(Date),
      replaced_by: key.credential_id,
      scopes: SCOPES,
      service_agent_id: w.defaultAgentId,
    });
    expect(await credentialRow(a, key.credential_id)).toMatchObject({
      status: 'usable',
      expires_at: null,
      rotated_at: null,
      scopes: SCOPES,
    });
    const rotated = await eventsOf(a, w.workspaceId, 'api_key.rotated');
    expect(rotated.map((e) => e.data)).toEqual([
      {
        credential_id: held.credentialId,
        replaced_by: key.credential_id,
        service_agent_id: w.defaultAgentId,
        rotated_at: expect.any(String),
        expires_at: previous.expires_at,
      },
    ]);
    expect(await eventsOf(a, w.workspaceId, 'api_key.revoked')).toEqual([]);
  });

  it('rotates the key of an access token exchanged from it (a token narrowed to credentials:write still gets the whole key)', async () => {
    const w = await makeWorkspace(a);
    const issued = await issueKey(a, w, SCOPES);
    const narrow = (
      await a
        .http()
        .post('/api/v1/agent_tokens')
        .set('x-agent-api-key', issued.key)
        .send({ scopes: ['credentials:write'] })
        .expect(200)
    ).body.token;
    const res = await rotate(a, narrow, { grace_period_seconds: 60 }).expect(201);
    expect(res.body.previous.credential_id).toBe(issued.credentialId);
    expect(res.body.api_key.scopes).toEqual(SCOPES);
    expect(res.body.access_token.scopes).toEqual(SCOPES);
    // an x-agent-api-key header works as well as a Bearer key
    const again = await a.http().post(ROTATE).set('x-agent-api-key', res.body.api_key.key).send({}).expect(201);
    expect(again.body.previous.credential_id).toBe(res.body.api_key.credential_id);
  });

  it('a key already rotated is 409 credential_rotated, by the key or a token of it; the new key rotates in its turn', async () => {
    const w = await makeWorkspace(a);
    const held = await hold(w);
    const first = (await rotate(a, held.key).expect(201)).body;
    for (const [t, credential] of [
      [a, held.key],
      [b, held.key],
      [a, held.token],
    ] as const) {
      expectProblem(await rotate(t, credential), 409, 'conflict', { detail: 'credential_rotated' });
    }
    expect(await keysOfAgent(a, w.defaultAgentId)).toBe(2); // the held key and its one successor
    const second = (await rotate(b, first.api_key.key, { grace_period_seconds: 0 }).expect(201)).body;
    expect(second.previous.credential_id).toBe(first.api_key.credential_id);
    expect((await eventsOf(a, w.workspaceId, 'api_key.rotated')).map((e) => e.data.credential_id)).toEqual([
      held.credentialId,
      first.api_key.credential_id,
    ]);
  });

  it('a key that expires: the new one gets the same lifetime from now, and the old one ends at its own expiry when that comes before the grace', async () => {
    const w = await makeWorkspace(a);
    const lifetimeMs = 10 * 60_000;
    const issued = await issueKey(a, w, SCOPES, { expiresAt: new Date(Date.now() + lifetimeMs) });
    const [{ inserted_at: insertedAt, expires_at: oldExpiry }] = await rowsOf(
      a,
      `SELECT inserted_at, expires_at FROM api_credentials WHERE id = $1`,
      [issued.credentialId],
    );
    const before = Date.now();
    const res = await rotate(a, issued.key, { grace_period_seconds: 3600 }).expect(201);
    expect(res.body.previous.expires_at).toBe(oldExpiry.toISOString());
    const successor = await credentialRow(a, res.body.api_key.credential_id);
    expect(res.body.api_key.expires_at).toBe(successor.expires_at.toISOString());
    const lifetime = oldExpiry.getTime() - insertedAt.getTime();
    expect(successor.expires_at.getTime()).toBeGreaterThanOrEqual(before + lifetime - 1000);
    expect(successor.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + lifetime + 1000);
  });

  it.each<[string, object]>([
    ['a negative grace', { grace_period_seconds: -1 }],
    ['a grace beyond 7 days', { grace_period_seconds: 604_801 }],
    ['a fractional grace', { grace_period_seconds: 1.5 }],
    ['a grace given as a string', { grace_period_seconds: '60' }],
    ['a boolean grace', { grace_period_seconds: true }],
    ['an unknown field', { grace_period: 60 }],
  ])('refuses %s with 422 validation_failed and rotates nothing', async (_what, body) => {
    const w = await makeWorkspace(a);
    const issued = await issueKey(a, w, SCOPES);
    const res = await rotate(a, issued.key, body);
    expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
    expect(await credentialRow(a, issued.credentialId)).toMatchObject({ status: 'usable', expires_at: null, rotated_at: null });
    expect(await keysOfAgent(a, w.defaultAgentId)).toBe(1);
  });

  it('takes the bounds of the grace: 604800 seconds (7 days)', async () => {
    const w = await makeWorkspace(a);
    const issued = await issueKey(a, w, SCOPES);
    const before = Date.now();
    const res = await rotate(a, issued.key, { grace_period_seconds: 604_800 }).expect(201);
    expect(Date.parse(res.body.previous.expires_at) - before).toBeGreaterThanOrEqual(604_800_000 - 1000);
  });

  it('needs credentials:write (403), and a machine credential (401 without one, or with an operator session)', async () => {
    const w = await makeWorkspace(a);
    const reader = await issueKey(a, w, ['messages:read']);
    expectProblem(await rotate(a, reader.key), 403, 'forbidden', { detail: 'The token does not have sufficient scope' });
    // the workspace primary key never carries credentials:write
    expectProblem(await rotate(a, w.apiKey), 403, 'forbidden', { detail: 'The token does not have sufficient scope' });
    expect((await a.http().post(ROTATE).send({})).status).toBe(401);
    const cookie = await sessionCookie(a, w.email, w.password);
    expect((await a.http().post(ROTATE).set('cookie', cookie).send({})).status).toBe(401);
    expect(await keysOfAgent(a, w.defaultAgentId)).toBe(1);
  });

  it("a grace of 0 revokes the old key: node B refuses it and its token and closes its socket within 1 s, with node A's PUBLISH failing", async () => {
    const w = await makeWorkspace(a);
    const held = await hold(w);
    const socket = await nodes.socketOnB(held.key);
    const publish = nodes.failPublishOnA();

    const started = Date.now();
    const res = await rotate(a, held.key, { grace_period_seconds: 0 }).expect(201);
    expect(Math.abs(Date.parse(res.body.previous.expires_at) - Date.now())).toBeLessThan(2000);
    const refusedMs = await nodes.refusedOnB([held.key, held.token], '401 api_key_revoked', started);
    expect(await socket.closedWithin(Math.max(1, EVERY_NODE_WITHIN_MS - refusedMs))).toEqual({ code: 4401, reason: 'api_key_revoked' });
    const closedMs = Date.now() - started;
    expect(publish).toHaveBeenCalled();
    nodes.figures.push(
      `grace 0, A's PUBLISH failing: B refused the old key and token ${refusedMs} ms and closed its socket ${closedMs} ms after the request`,
    );

    // the new key works on B; the old one is revoked, with api_key.revoked
    await read(b, res.body.api_key.key).expect(200);
    expect(await credentialRow(a, held.credentialId)).toMatchObject({ status: 'revoked', replaced_by: res.body.api_key.credential_id });
    expect((await eventsOf(a, w.workspaceId, 'api_key.revoked')).map((e) => e.data.credential_id)).toEqual([held.credentialId]);
    expectProblem(await rotate(b, held.key), 401, 'unauthorized', { detail: 'api_key_revoked' });
  });

  it("with a grace, node B serves the old key, its token and its socket until previous.expires_at and ends them then, with node A's PUBLISH failing", async () => {
    const w = await makeWorkspace(a);
    const held = await hold(w);
    const socket = await nodes.socketOnB(held.key);
    nodes.failPublishOnA();

    const res = await rotate(a, held.key, { grace_period_seconds: 2 }).expect(201);
    const endsAt = Date.parse(res.body.previous.expires_at);
    // until the end: served
    while (Date.now() < endsAt - 300) {
      expect([outcome(await read(b, held.key)), outcome(await read(b, held.token))]).toEqual(['200', '200']);
      await sleep(100);
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    // from the end: refused as expired, and the socket closed
    await eventually(
      async () =>
        expect([outcome(await read(b, held.key)), outcome(await read(b, held.token))]).toEqual([
          '401 api_key_expired',
          '401 api_key_expired',
        ]),
      { timeoutMs: 3000, intervalMs: 10, what: 'node B to refuse the old key and its token' },
    );
    const refusedAfterMs = Date.now() - endsAt;
    const closed = await socket.closedWithin(Math.max(1, endsAt + EVERY_NODE_WITHIN_MS - Date.now()));
    const closedAfterMs = Date.now() - endsAt;
    expect(closed).toEqual({ code: 4401, reason: 'api_key_expired' });
    expect(refusedAfterMs).toBeLessThan(EVERY_NODE_WITHIN_MS);
    nodes.figures.push(
      `grace 2 s, A's PUBLISH failing: B refused the old key and token ${refusedAfterMs} ms and closed its socket ${closedAfterMs} ms after previous.expires_at`,
    );
    // a token or socket token cannot be minted from it any more either
    expectProblem(await b.http().post('/api/v1/agent_tokens').set('x-agent-api-key', held.key).send({}), 401, 'unauthorized', {
      detail: 'api_key_expired',
    });
    await read(b, res.body.api_key.key).expect(200);
  });

  it('race: two concurrent rotations of one key, on two nodes, 20 rounds: exactly one 201 and one 409 credential_rotated, one new key', async () => {
    const w = await makeWorkspace(a);
    const tally: Record<string, number> = {};
    for (let round = 0; round < 20; round++) {
      const issued = await issueKey(a, w, SCOPES);
      const results = await Promise.all([nodes.baseA, nodes.baseB].map((base) => rotateAt(base, issued.key)));
      expect(results.sort()).toEqual(['201', '409 credential_rotated']);
      for (const r of results) tally[r] = (tally[r] ?? 0) + 1;
      const successors = await rowsOf(
        a,
        `SELECT id FROM api_credentials WHERE id = (SELECT replaced_by FROM api_credentials WHERE id = $1)`,
        [issued.credentialId],
      );
      expect(successors).toHaveLength(1);
    }
    expect(await keysOfAgent(a, w.defaultAgentId)).toBe(40);
    expect((await eventsOf(a, w.workspaceId, 'api_key.rotated')).length).toBe(20);
    nodes.figures.push(`race, 20 rounds of two rotations of one key on two nodes: ${JSON.stringify(tally)}`);
  });

  it('with Redis down for both nodes a rotation needs none: 201, and B refuses the old key at once (grace 0) or honours its end (grace 1 s)', async () => {
    const w = await makeWorkspace(a);
    const now = await hold(w);
    const later = await hold(w);
    await nodes.cutRedis();

    await rotate(a, now.key, { grace_period_seconds: 0 }).expect(201);
    const ended = (await rotate(a, later.key, { grace_period_seconds: 1 }).expect(201)).body;
    expect([outcome(await read(b, now.key)), outcome(await read(b, now.token))]).toEqual(['401 api_key_revoked', '401 api_key_revoked']);
    expect(outcome(await read(b, later.key))).toBe('200');
    await sleep(Math.max(0, Date.parse(ended.previous.expires_at) - Date.now()) + 20);
    expect([outcome(await read(b, later.key)), outcome(await read(b, later.token))]).toEqual([
      '401 api_key_expired',
      '401 api_key_expired',
    ]);
    await read(b, ended.api_key.key).expect(200);
  });
});

/** A rotation through a node's listening server (so two of them run at once for real). */
const rotateAt = async (base: string, key: string): Promise<string> =>
  outcome(await request(base).post(ROTATE).set('authorization', `Bearer ${key}`).send({}));

/**
 * PostgreSQL lost at each step of a rotation: 503 database_unavailable, and nothing of it stays
 * (the old key as it was, no new key, no event); once PostgreSQL is back the retry rotates.
 */
describe('POST /api/v1/credentials/rotate while PostgreSQL goes away', () => {
  const databaseUrl = new URL(process.env.DATABASE_URL!);
  const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port));
  let t: TestApp;
  let direct: Client;

  beforeAll(async () => {
    await proxy.start();
    t = await createTestApp({ env: { DATABASE_URL: proxy.urlFor(databaseUrl), API_RATE_LIMIT: '1000000' } });
    direct = new Client({ connectionString: process.env.DATABASE_URL });
    await direct.connect();
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await proxy.start();
    await t?.close();
    await direct?.end();
    await proxy.cut();
  });

  const steps: [string, number, (t: TestApp) => jest.SpyInstance][] = [
    ['locking the old key', 3600, (t) => proxy.cutAt(t.app.get(CredentialRotationRepository, { strict: false }), 'lock')],
    ['issuing the new key', 3600, (t) => proxy.cutAt(t.app.get(CredentialIssuer), 'issueApiKey')],
    ['issuing its access token', 3600, (t) => proxy.cutAt(t.app.get(CredentialIssuer), 'issueAccessToken')],
    ['marking the old key rotated', 3600, (t) => proxy.cutAt(t.app.get(CredentialRotationRepository, { strict: false }), 'markRotated')],
    ['revoking the old key (grace 0)', 0, (t) => proxy.cutAt(t.app.get(CredentialRevoker), 'revokeMany')],
    ['recording api_key.rotated', 3600, (t) => proxy.cutAt(t.app.get(Outbox), 'record')],
    ['the COMMIT', 0, (t) => proxy.cutAt(t.app.get(Outbox), 'record', 'after')],
  ];

  it.each(steps)('lost at %s: 503, nothing rotated, and the retry rotates', async (_step, grace, inject) => {
    const w = await makeWorkspace(t);
    const issued = await issueKey(t, w, SCOPES);
    const spy = inject(t);
    const res = await rotate(t, issued.key, { grace_period_seconds: grace });
    expect(spy).toHaveBeenCalled();
    expectProblem(res, 503, 'service-unavailable', { detail: 'database_unavailable' });
    await proxy.start();

    const [old] = (
      await direct.query(`SELECT status, expires_at, rotated_at, replaced_by FROM api_credentials WHERE id = $1`, [issued.credentialId])
    ).rows;
    expect(old).toEqual({ status: 'usable', expires_at: null, rotated_at: null, replaced_by: null });
    const keys = (await direct.query(`SELECT count(*)::int AS n FROM api_credentials WHERE service_agent_id = $1`, [w.defaultAgentId]))
      .rows[0].n;
    expect(keys).toBe(1);
    const events = (
      await direct.query(
        `SELECT count(*)::int AS n FROM domain_events WHERE workspace_id = $1 AND type IN ('api_key.rotated', 'api_key.revoked')`,
        [w.workspaceId],
      )
    ).rows[0].n;
    expect(events).toBe(0);

    const retried = await eventually(async () => await rotate(t, issued.key, { grace_period_seconds: grace }).expect(201), {
      timeoutMs: 10_000,
      intervalMs: 200,
      what: 'the retry to rotate once PostgreSQL is back',
    });
    expect(retried.body.previous.credential_id).toBe(issued.credentialId);
  });
});
