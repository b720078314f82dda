import { randomUUID } from 'node:crypto';
import { agentClient, claim, engagementClient, MemoryCredentialStore, partnerClient, ProblemError, RetryEvent } from '../sdk/src';
import { issueToken, makeFleetOwner } from './enrollment-support';
import { makeOperator, makePlatformAdmin, Operator } from './support/console';
import { db, sleep } from './support/operator';
import { grant, makePartner, marketplaceEnv } from './support/partners';
import { sdkWorkspace, SdkWorkspace } from './support/sdk';
import { SpawnedApp, spawnApp, testEnv, waitForHealth } from './support/spawned-app';
import { createTestApp, TestApp } from './support/test-app';

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

/** What a raw request with this bearer token gets from the service (to see what it enforces). */
const statusWith = async (baseUrl: string, token: string) => {
  const res = await fetch(`${baseUrl}/api/v1/messages?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { detail?: string };
  return { status: res.status, detail: res.ok ? undefined : body.detail };
};

describe('SDK: agentClient()', () => {
  let t: TestApp;
  let base: string;
  let ws: SdkWorkspace;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    ws = await sdkWorkspace(t);
  });
  afterAll(() => t.close());

  it('types requests and answers from the OpenAPI document, with an access token or the key itself', async () => {
    const device = await ws.agent(['messages:read', 'messages:write']);
    for (const auth of ['access_token', 'api_key'] as const) {
      const agent = agentClient({ baseUrl: base, apiKey: device.key, auth });
      const created = await agent.request('post', '/api/v1/messages', { body: { body: `via ${auth}`, channel: 'sdk' } });
      expect(created.message).toMatchObject({ body: `via ${auth}`, channel: 'sdk' });
      const list = await agent.request('get', '/api/v1/messages', { params: { query: { limit: 1 } } });
      expect(list.count).toBe(1);
      expect(list.messages[0].id).toBe(created.message.id);
    }
  });

  it('surfaces a revoked key as a typed problem, without the key in the message, in either mode', async () => {
    const device = await ws.agent(['messages:read']);
    const withToken = agentClient({ baseUrl: base, apiKey: device.key });
    const withKey = agentClient({ baseUrl: base, apiKey: device.key, auth: 'api_key' });
    await withToken.request('get', '/api/v1/messages');
    await withKey.request('get', '/api/v1/messages');

    await ws.revoke(device.credentialId);

    for (const agent of [withToken, withKey]) {
      const err = await caught(agent.request('get', '/api/v1/messages'));
      expect(err).toBeInstanceOf(ProblemError);
      expect(err).toMatchObject({ status: 401, slug: 'unauthorized', title: 'Unauthorized', detail: 'api_key_revoked', source: 'http' });
      expect((err as Error).message).toBe('401 unauthorized: api_key_revoked (GET /api/v1/messages)');
    }
    // A fresh client cannot even exchange the key.
    const fresh = await caught(agentClient({ baseUrl: base, apiKey: device.key }).accessToken());
    expect(fresh).toMatchObject({ status: 401, detail: 'api_key_revoked' });
  });

  it('answers a missing scope with the forbidden problem', async () => {
    const device = await ws.agent(['messages:read']);
    const err = await caught(
      agentClient({ baseUrl: base, apiKey: device.key }).request('post', '/api/v1/messages', { body: { body: 'x' } }),
    );
    expect(err).toMatchObject({ status: 403, slug: 'forbidden', detail: 'The token does not have sufficient scope' });
  });

  it('walks an OTA update the operator created, forward only, and refusals arrive as typed problems', async () => {
    const owner = await makeFleetOwner(t, 'team');
    const token = await issueToken(t, owner);
    const claimed = await claim({
      baseUrl: base,
      token: token.token,
      serialNumber: `OTA-${randomUUID().slice(0, 8)}`,
      store: new MemoryCredentialStore(),
    });
    const robotId = claimed.response!.robot!.id;
    const created = await t
      .http()
      .post('/api/v1/operator/ota-updates')
      .set('cookie', owner.cookie)
      .send({
        robot_id: robotId,
        update_type: 'firmware',
        version: '4.3.1',
        artifact_url: 'https://updates.example.com/4.3.1.bin',
        sha256: 'a'.repeat(64),
      })
      .expect(201);
    const updateId: string = created.body.ota_update.id;

    const agent = agentClient({ credentials: claimed.credentials });
    const [listed] = (await agent.request('get', '/api/v1/ota_updates')).ota_updates;
    expect(listed).toMatchObject({ id: updateId, status: 'pending', version: '4.3.1' });
    for (const status of ['downloading', 'installing', 'succeeded'] as const) {
      const { ota_update } = await agent.reportOtaProgress(updateId, { status, detail: `${status} by the SDK` });
      expect(ota_update).toMatchObject({ id: updateId, status, detail: `${status} by the SDK` });
    }
    const shown = await t.http().get(`/api/v1/operator/ota-updates/${updateId}`).set('cookie', owner.cookie).expect(200);
    expect(shown.body.ota_update).toMatchObject({ status: 'succeeded', finished_at: expect.any(String) });

    // Backwards, and an update that is not this robot's: the service's refusals, typed.
    const backwards = await caught(agent.reportOtaProgress(updateId, { status: 'downloading' }));
    expect(backwards).toBeInstanceOf(ProblemError);
    expect(backwards).toMatchObject({ status: 409 });
    expect(await caught(agent.reportOtaProgress(randomUUID(), { status: 'downloading' }))).toMatchObject({
      status: 404,
      slug: 'not-found',
    });
    // A key without the OTA scopes is refused before anything is read.
    const narrow = await ws.agent(['messages:read']);
    expect(
      await caught(agentClient({ baseUrl: base, apiKey: narrow.key }).reportOtaProgress(updateId, { status: 'failed' })),
    ).toMatchObject({
      status: 403,
      slug: 'forbidden',
      detail: 'The token does not have sufficient scope',
    });
    // A machine key is never sent to the partner plane.
    expect(() => partnerClient({ baseUrl: base, partnerKey: narrow.key })).toThrow(TypeError);
  });
});

describe('SDK: partnerClient() and engagementClient()', () => {
  let t: TestApp;
  let base: string;
  let admin: Operator;

  beforeAll(async () => {
    const { env, adminEmail } = marketplaceEnv();
    t = await createTestApp({ env });
    base = await t.listen();
    admin = await makePlatformAdmin(t, adminEmail);
  });
  afterAll(() => t.close());

  it('lists engagements, mints a token on demand, posts and reads events the operator then sees', async () => {
    const owner = await makeOperator(t);
    const partner = await makePartner(t, admin);
    const engagement = await grant(t, owner, partner.id);

    const client = partnerClient({ baseUrl: base, partnerKey: partner.key });
    const engagements = await client.listEngagements();
    expect(engagements.map((e) => e.id)).toEqual([engagement.id]);
    expect(engagements[0]).toMatchObject({
      partner_id: partner.id,
      status: 'active',
      scopes: expect.arrayContaining(['engagement_events:write']),
    });

    const runtime = client.engagement(engagement.id, { expiresIn: 600 });
    const posted = await runtime.postEvent('ticket.created', { ticket: 42 });
    expect(posted).toMatchObject({ engagement_id: engagement.id, kind: 'ticket.created', payload: { ticket: 42 } });
    await runtime.postEvent('ticket.closed');
    const page = await runtime.listEvents({ limit: 10 });
    expect(page.count).toBe(2);
    expect(page.engagement_events.map((e) => e.kind).sort()).toEqual(['ticket.closed', 'ticket.created']);
    // Both events went out under one minted token.
    const tokens = await db(t).query(`SELECT count(*)::int AS n FROM engagement_tokens WHERE engagement_id = $1`, [engagement.id]);
    expect(tokens[0].n).toBe(1);

    const seen = await t.http().get(`/api/v1/operator/engagements/${engagement.id}/events`).set('cookie', owner.cookie).expect(200);
    expect(seen.body.engagement_events.map((e: { id: string }) => e.id)).toContain(posted.id);

    // A runtime handed a bare token uses it as is; once the engagement is revoked it is refused, typed.
    const minted = await client.mintEngagementToken(engagement.id, { scopes: ['engagement_events:read'] });
    expect(minted).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86400,
      scopes: ['engagement_events:read'],
      engagement_id: engagement.id,
    });
    const bare = engagementClient({ baseUrl: base, engagementId: engagement.id, token: minted.token });
    expect((await bare.listEvents()).count).toBe(2);
    expect(await caught(bare.postEvent('not.allowed'))).toMatchObject({ status: 403, slug: 'forbidden' });
    await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).expect(200);
    expect(await caught(bare.listEvents())).toMatchObject({ status: 401, detail: 'engagement_revoked' });
    expect(await client.listEngagements()).toEqual([]);
  });

  it('refuses an unknown partner key as a typed problem', async () => {
    const stranger = partnerClient({ baseUrl: base, partnerKey: 'mpk_AAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' });
    const err = await caught(stranger.mintEngagementToken(randomUUID()));
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 401, slug: 'unauthorized' });
  });
});

describe('SDK: 429 and retry-after (API_RATE_LIMIT=3)', () => {
  let t: TestApp;
  let base: string;
  let ws: SdkWorkspace;
  const WINDOW = 60_000;

  /** 1.5 s before the end of a fresh aligned window: a 429 there asks for retry-after 2. */
  const nearWindowEnd = () => t.clock.set(Math.floor(t.clock.now() / WINDOW) * WINDOW + 2 * WINDOW - 1_500);

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: '3' } });
    base = await t.listen();
    ws = await sdkWorkspace(t);
  });
  afterAll(() => t.close());

  it('waits for retry-after and sends the request again', async () => {
    const device = await ws.agent(['messages:read']);
    const retries: RetryEvent[] = [];
    const agent = agentClient({
      baseUrl: base,
      apiKey: device.key,
      auth: 'api_key',
      onRetry: (event) => {
        retries.push(event);
        t.clock.advance(2_000); // the service's window ends while the client waits
      },
    });
    nearWindowEnd();
    for (let i = 0; i < 3; i++) await agent.request('get', '/api/v1/messages');

    const started = Date.now();
    const list = await agent.request('get', '/api/v1/messages');

    expect(list.count).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(retries).toEqual([
      {
        method: 'get',
        path: '/api/v1/messages',
        status: 429,
        slug: 'rate-limited',
        retryAfterMs: 2_000,
        waitMs: expect.any(Number),
        attempt: 1,
      },
    ]);
    expect(retries[0].waitMs).toBeGreaterThanOrEqual(2_000);
    expect(retries[0].waitMs).toBeLessThan(2_200);
  });

  it('does not wait beyond its ceiling: the 429 surfaces with the seconds to wait', async () => {
    const device = await ws.agent(['messages:read']);
    const retries: RetryEvent[] = [];
    const agent = agentClient({
      baseUrl: base,
      apiKey: device.key,
      auth: 'api_key',
      rateLimit: { maxWaitMs: 1_000 },
      onRetry: (e) => retries.push(e),
    });
    nearWindowEnd();
    for (let i = 0; i < 3; i++) await agent.request('get', '/api/v1/messages');

    const started = Date.now();
    const err = await caught(agent.request('get', '/api/v1/messages'));

    expect(Date.now() - started).toBeLessThan(1_000);
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 429, slug: 'rate-limited', title: 'Rate limited', retryAfterSeconds: 2 });
    expect((err as ProblemError).requestId).toEqual(expect.any(String));
    expect(retries).toEqual([]);
  });
});

describe('SDK: access tokens refreshed across expiry (ACCESS_TOKEN_TTL_SECONDS=4)', () => {
  let t: TestApp;
  let app: SpawnedApp;

  beforeAll(async () => {
    t = await createTestApp();
    app = spawnApp(await testEnv({ ACCESS_TOKEN_TTL_SECONDS: '4' }));
    await waitForHealth(app);
  });
  afterAll(async () => {
    if (app) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    await t?.close();
  });

  it('refreshes before expiry, after an expiry the service enforced, and once more when the service refuses a token it still trusted', async () => {
    const owner = await makeFleetOwner(t, 'team');
    const token = await issueToken(t, owner, { max_claims: 2 });
    const store = new MemoryCredentialStore();
    const { credentials, response } = await claim({ baseUrl: app.baseUrl, token: token.token, serialNumber: 'SDK-REFRESH', store });
    expect(response!.access_token.expires_in).toBe(4);
    const first = credentials.access_token!.token;
    const agent = agentClient({ credentials, store, refreshAfter: 0.5 });
    expect(await agent.accessToken()).toBe(first); // the claim's token, no exchange

    // 1. Past the expiry: the service refuses the old token; the client exchanges its key first.
    await sleep(Date.parse(credentials.access_token!.expires_at) - Date.now() + 300);
    expect(await statusWith(app.baseUrl, first)).toEqual({ status: 401, detail: 'token_expired' });
    await agent.request('post', '/api/v1/messages', { body: { body: 'after expiry' } });
    const second = await agent.accessToken();
    expect(second).not.toBe(first);
    expect((await store.load())!.access_token!.token).toBe(second); // kept for the next boot
    const times = agent.tokenTimes()!;
    expect(times.expiresAt.getTime() - times.refreshAt.getTime()).toBe(2_000);

    // 2. Past refreshAfter (half the lifetime) but before expiry: refreshed while still valid.
    await sleep(times.refreshAt.getTime() - Date.now() + 200);
    expect(await statusWith(app.baseUrl, second)).toEqual({ status: 200, detail: undefined });
    await agent.request('get', '/api/v1/messages');
    const third = await agent.accessToken();
    expect(third).not.toBe(second);

    // 3. A token the client believes valid but the service refuses (an expired one, with a
    //    lifetime the client wrongly recorded): one 401 token_expired, one exchange, one retry.
    const misled = agentClient({
      credentials: {
        ...credentials,
        access_token: {
          ...credentials.access_token!,
          issued_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
    });
    const list = await misled.request('get', '/api/v1/messages', { params: { query: { limit: 10 } } });
    expect(list.messages.map((m) => m.body)).toEqual(['after expiry']);
    expect(await misled.accessToken()).not.toBe(first);
  });
});
