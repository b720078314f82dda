import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { uniqueEmail } from './support/builders';
import { makeOperator, makePlatformAdmin, Operator, addMembership } from './support/console';
import {
  ENGAGEMENT_SCOPES,
  engagedPartner,
  eventsPath,
  fromAddress,
  grant,
  makePartner,
  marketplaceEnv,
  mintToken,
} from './support/partners';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const DAY = 86_400;
const WEEK = 604_800;

/** API.md Part 2, "Partners and engagements": the operator, partner and engagement routes and their refusals. */
describe('partners and engagements', () => {
  let t: TestApp;
  let admin: Operator;
  const db = () => t.app.get(DataSource);
  const mintPath = (id: string) => `/api/v1/partner/engagements/${id}/tokens`;

  beforeAll(async () => {
    const { env, adminEmail } = marketplaceEnv();
    t = await createTestApp({ env });
    admin = await makePlatformAdmin(t, adminEmail);
  });
  afterAll(() => t.close());

  describe('operator REST (owners and admins)', () => {
    it('GET /api/v1/operator/partners lists active partners by id and name only', async () => {
      const owner = await makeOperator(t);
      const active = await makePartner(t, admin);
      const suspended = await makePartner(t, admin);
      await t.http().post(`/api/v1/admin/partners/${suspended.id}/suspend`).set('cookie', admin.cookie).expect(200);
      const res = await t.http().get('/api/v1/operator/partners?limit=100').set('cookie', owner.cookie).expect(200);
      expect(res.body).toMatchObject({ count: res.body.partners.length, pagination: { limit: 100, offset: 0 } });
      expect(res.body.partners).toContainEqual({ id: active.id, name: active.body.partner.name });
      expect(res.body.partners.map((p: { id: string }) => p.id)).not.toContain(suspended.id);
    });

    it('POST /api/v1/operator/engagements grants every engagement scope by default; scopes narrow it', async () => {
      const owner = await makeOperator(t);
      const partner = await makePartner(t, admin);
      const res = await t
        .http()
        .post('/api/v1/operator/engagements')
        .set('cookie', owner.cookie)
        .send({ partner_id: partner.id })
        .expect(201);
      expect(res.body).toEqual({
        engagement: {
          id: expect.any(String),
          partner_id: partner.id,
          partner_name: partner.body.partner.name,
          workspace_id: owner.reg.workspaceId,
          workspace_name: owner.reg.body.workspace.name,
          status: 'active',
          scopes: ENGAGEMENT_SCOPES,
          inserted_at: expect.stringMatching(/Z$/),
          revoked_at: null,
        },
      });
      const other = await makePartner(t, admin);
      const narrow = await grant(t, owner, other.id, ['engagement_events:read']);
      expect(narrow.scopes).toEqual(['engagement_events:read']);
      const list = await t.http().get('/api/v1/operator/engagements').set('cookie', owner.cookie).expect(200);
      expect(list.body).toMatchObject({ count: 2, pagination: { total: 2, has_more: false } });
      expect(list.body.engagements.map((e: { id: string }) => e.id)).toEqual([narrow.id, res.body.engagement.id]);
    });

    it('refuses a grant to an unknown or suspended partner (422), with bad scopes (422), and a second active grant (409)', async () => {
      const owner = await makeOperator(t);
      const partner = await makePartner(t, admin);
      const post = (body: object) => t.http().post('/api/v1/operator/engagements').set('cookie', owner.cookie).send(body);
      expect(expectProblem(await post({ partner_id: randomUUID() }), 422, 'validation-error').errors).toEqual({
        partner_id: ['does not name an active partner'],
      });
      expect(expectProblem(await post({ partner_id: 'nope' }), 422, 'validation-error').errors).toHaveProperty('partner_id');
      expect(expectProblem(await post({ partner_id: partner.id, scopes: [] }), 422, 'validation-error').errors).toHaveProperty('scopes');
      expect(
        expectProblem(await post({ partner_id: partner.id, scopes: ['messages:read'] }), 422, 'validation-error').errors,
      ).toHaveProperty('scopes');
      const suspended = await makePartner(t, admin);
      await t.http().post(`/api/v1/admin/partners/${suspended.id}/suspend`).set('cookie', admin.cookie).expect(200);
      expectProblem(await post({ partner_id: suspended.id }), 422, 'validation-error');
      await post({ partner_id: partner.id }).expect(201);
      expectProblem(await post({ partner_id: partner.id }), 409, 'conflict', { detail: 'engagement_exists' });
      const rows = await db().query(`SELECT count(*)::int AS n FROM engagements WHERE workspace_id = $1`, [owner.reg.workspaceId]);
      expect(rows[0].n).toBe(1);
    });

    it('two concurrent grants of one partner: one 201 and one 409', async () => {
      const owner = await makeOperator(t);
      const partner = await makePartner(t, admin);
      const post = () => t.http().post('/api/v1/operator/engagements').set('cookie', owner.cookie).send({ partner_id: partner.id });
      const statuses = (await Promise.all([post(), post(), post()])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
    });

    it("a member is refused (403); another workspace's engagement and a non-UUID id are 404", async () => {
      const { owner, engagement } = await engagedPartner(t, admin);
      const member = await makeOperator(t);
      await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
      const ws = { 'x-workspace-id': owner.reg.workspaceId };
      expectProblem(await t.http().get('/api/v1/operator/engagements').set('cookie', member.cookie).set(ws), 403, 'forbidden');
      expectProblem(await t.http().get('/api/v1/operator/partners').set('cookie', member.cookie).set(ws), 403, 'forbidden');
      expectProblem(
        await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', member.cookie).set(ws),
        403,
        'forbidden',
      );
      const stranger = await makeOperator(t);
      expectProblem(
        await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', stranger.cookie),
        404,
        'not-found',
        { detail: 'not_found' },
      );
      expectProblem(
        await t.http().get(`/api/v1/operator/engagements/${engagement.id}/events`).set('cookie', stranger.cookie),
        404,
        'not-found',
      );
      expectProblem(await t.http().post(`/api/v1/operator/engagements/not-a-uuid/revoke`).set('cookie', owner.cookie), 404, 'not-found');
      const still = await t.http().get('/api/v1/operator/engagements').set('cookie', owner.cookie).expect(200);
      expect(still.body.engagements[0].status).toBe('active');
    });

    it('revoke → 200 with the revoked engagement; again → 200 unchanged', async () => {
      const { owner, engagement } = await engagedPartner(t, admin);
      const first = await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).expect(200);
      expect(first.body.engagement).toMatchObject({ id: engagement.id, status: 'revoked', revoked_at: expect.any(String) });
      const again = await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).expect(200);
      expect(again.body.engagement.revoked_at).toBe(first.body.engagement.revoked_at);
    });
  });

  describe('partner routes (Bearer mpk_ only)', () => {
    it("GET /api/v1/partner/engagements lists this partner's active engagements, in every workspace, and no one else's", async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      const [a, b, c] = [await makeOperator(t), await makeOperator(t), await makeOperator(t)];
      const ea = await grant(t, a, partner.id);
      const eb = await grant(t, b, partner.id);
      const ec = await grant(t, c, partner.id);
      await t.http().post(`/api/v1/operator/engagements/${ec.id}/revoke`).set('cookie', c.cookie).expect(200);
      const other = await makePartner(t, admin);
      await grant(t, a, other.id);
      const res = await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      expect(res.body.engagements.map((e: { id: string }) => e.id)).toEqual([eb.id, ea.id]);
      expect(res.body).toMatchObject({ count: 2, pagination: { total: 2 } });
      expect(res.headers['x-ratelimit-remaining']).toBeDefined();
      expect(res.headers['x-ratelimit-reset']).toMatch(/Z$/);
    });

    it('mints a token: default lifetime 86400 and every engagement scope; stored as SHA-256 only', async () => {
      const client = fromAddress(t);
      const { partner, engagement } = await engagedPartner(t, admin, { client });
      const res = await client.post(mintPath(engagement.id), partner.key).expect(201);
      const tok = res.body.engagement_token;
      expect(tok).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: DAY,
        expires_at: new Date(t.clock.now() + DAY * 1000).toISOString(),
        scopes: ENGAGEMENT_SCOPES,
        engagement_id: engagement.id,
      });
      const rows = await db().query(`SELECT token_hash FROM engagement_tokens WHERE engagement_id = $1`, [engagement.id]);
      const stored = rows.map((r: { token_hash: Buffer }) => r.token_hash.toString('hex'));
      expect(stored).toContain(createHash('sha256').update(tok.token).digest('hex'));
      const raw = await db().query(
        `SELECT count(*)::int AS n FROM engagement_tokens WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`,
        [tok.token],
      );
      expect(raw[0].n).toBe(0);
    });

    it('clamps expires_in above 604800 to 604800 and returns the effective value', async () => {
      const client = fromAddress(t);
      const { partner, engagement } = await engagedPartner(t, admin, { client });
      const res = await client.post(mintPath(engagement.id), partner.key, { expires_in: WEEK + 1 }).expect(201);
      expect(res.body.engagement_token).toMatchObject({
        expires_in: WEEK,
        expires_at: new Date(t.clock.now() + WEEK * 1000).toISOString(),
      });
      const exact = await client.post(mintPath(engagement.id), partner.key, { expires_in: 60 }).expect(201);
      expect(exact.body.engagement_token.expires_in).toBe(60);
    });

    it.each([[0], [-1], [1.5], ['3600'], [true], [{}]])('expires_in %p is a 422 and mints nothing', async (expires_in) => {
      const client = fromAddress(t);
      const { partner, engagement } = await engagedPartner(t, admin, { client });
      const before = (await db().query(`SELECT count(*)::int AS n FROM engagement_tokens WHERE engagement_id = $1`, [engagement.id]))[0].n;
      const res = await client.post(mintPath(engagement.id), partner.key, { expires_in });
      expect(expectProblem(res, 422, 'validation-error').errors).toHaveProperty('expires_in');
      const after = (await db().query(`SELECT count(*)::int AS n FROM engagement_tokens WHERE engagement_id = $1`, [engagement.id]))[0].n;
      expect(after).toBe(before);
    });

    it("scopes only narrow the engagement's: a subset is granted, anything beyond it is a 422 (errors.scopes)", async () => {
      const client = fromAddress(t);
      const { partner, engagement } = await engagedPartner(t, admin, { client, scopes: ['engagement_events:write'] });
      const res = await client.post(mintPath(engagement.id), partner.key, { scopes: ['engagement_events:write'] }).expect(201);
      expect(res.body.engagement_token.scopes).toEqual(['engagement_events:write']);
      const beyond = expectProblem(
        await client.post(mintPath(engagement.id), partner.key, { scopes: ['engagement_events:read'] }),
        422,
        'validation-error',
      );
      expect(beyond.errors).toEqual({ scopes: [expect.stringContaining('engagement_events:read')] });
      expect(
        expectProblem(await client.post(mintPath(engagement.id), partner.key, { scopes: ['messages:read'] }), 422, 'validation-error')
          .errors,
      ).toHaveProperty('scopes');
      expect(
        expectProblem(await client.post(mintPath(engagement.id), partner.key, { scopes: [] }), 422, 'validation-error').errors,
      ).toHaveProperty('scopes');
      const dflt = await client.post(mintPath(engagement.id), partner.key).expect(201);
      expect(dflt.body.engagement_token.scopes).toEqual(['engagement_events:write']);
    });

    it("another partner's engagement, a revoked one, an unknown id and a non-UUID are 404", async () => {
      const client = fromAddress(t);
      const { owner, engagement } = await engagedPartner(t, admin, { client });
      const intruder = await makePartner(t, admin);
      expectProblem(await client.post(mintPath(engagement.id), intruder.key), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await client.post(mintPath(randomUUID()), intruder.key), 404, 'not-found');
      expectProblem(await client.post(mintPath('not-a-uuid'), intruder.key), 404, 'not-found');
      const { partner } = await engagedPartner(t, admin, { client });
      const revoked = await grant(t, owner, partner.id);
      await t.http().post(`/api/v1/operator/engagements/${revoked.id}/revoke`).set('cookie', owner.cookie).expect(200);
      expectProblem(await client.post(mintPath(revoked.id), partner.key), 404, 'not-found');
    });

    it("a partner key without the route's scope is 403 insufficient scope", async () => {
      const client = fromAddress(t);
      const reader = await makePartner(t, admin, ['engagements:read']);
      const owner = await makeOperator(t);
      const engagement = await grant(t, owner, reader.id);
      expectProblem(await client.post(mintPath(engagement.id), reader.key), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
      const minter = await makePartner(t, admin, ['engagement_tokens:write']);
      expectProblem(await client.get('/api/v1/partner/engagements', minter.key), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
    });

    it('every credential but an mpk_ key is 401 invalid_token: none, malformed, agk_ key, access token, engagement token, session, x-agent-api-key', async () => {
      const client = fromAddress(t);
      const { owner, partner, token } = await engagedPartner(t, admin, { client });
      const path = '/api/v1/partner/engagements';
      const refusals = [
        await client.get(path),
        await client.get(path, 'mpk_nope'),
        await client.get(path, `${partner.key}x`),
        await client.get(path, `mpk_AAAAAAAAAAA.${'A'.repeat(43)}`),
        await client.get(path, owner.reg.apiKey),
        await client.get(path, owner.reg.accessToken),
        await client.get(path, token),
        await t.http().get(path).set('x-forwarded-for', client.ip).set('cookie', owner.cookie),
        await t.http().get(path).set('x-forwarded-for', client.ip).set('x-agent-api-key', partner.key),
        await t
          .http()
          .get(path)
          .set('x-forwarded-for', client.ip)
          .set('authorization', `Basic ${Buffer.from(`x:${partner.key}`).toString('base64')}`),
      ];
      for (const res of refusals) {
        expectProblem(res, 401, 'unauthorized', { title: 'Unauthorized', detail: 'invalid_token' });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="partner"');
      }
    });

    it('a frozen, paused or archived workspace: minting is 403 with the workspace refusal body', async () => {
      const client = fromAddress(t);
      const { owner, partner, engagement } = await engagedPartner(t, admin, { client });
      for (const status of ['frozen', 'paused', 'archived']) {
        await t.http().patch(`/api/v1/admin/workspaces/${owner.reg.workspaceId}`).set('cookie', admin.cookie).send({ status }).expect(200);
        expectProblem(await client.post(mintPath(engagement.id), partner.key), 403, 'forbidden', {
          title: 'Forbidden',
          error: `workspace_${status}`,
        });
      }
      await t
        .http()
        .patch(`/api/v1/admin/workspaces/${owner.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .send({ status: 'active' })
        .expect(200);
      await client.post(mintPath(engagement.id), partner.key).expect(201);
    });
  });

  describe('engagement routes (Bearer engagement token only)', () => {
    it("POST events → 202 { engagement_event } into the engagement's workspace; GET lists them newest first", async () => {
      const { owner, engagement, token, client } = await engagedPartner(t, admin);
      const first = await client.post(eventsPath(engagement.id), token, { kind: 'ticket.created', payload: { n: 1 } }).expect(202);
      expect(first.body).toEqual({
        engagement_event: {
          id: expect.any(String),
          engagement_id: engagement.id,
          kind: 'ticket.created',
          payload: { n: 1 },
          inserted_at: expect.stringMatching(/Z$/),
        },
      });
      expect(first.headers['x-ratelimit-remaining']).toBeDefined();
      const second = await client.post(eventsPath(engagement.id), token, { kind: 'ticket.closed' }).expect(202);
      expect(second.body.engagement_event.payload).toEqual({});
      const list = await client.get(eventsPath(engagement.id), token).expect(200);
      expect(list.body.engagement_events.map((e: { id: string }) => e.id)).toEqual([
        second.body.engagement_event.id,
        first.body.engagement_event.id,
      ]);
      expect(list.body).toMatchObject({ count: 2, pagination: { total: 2, limit: 50, offset: 0 } });
      const stored = await db().query(`SELECT workspace_id FROM engagement_events WHERE engagement_id = $1`, [engagement.id]);
      expect(stored.map((r: { workspace_id: string }) => r.workspace_id)).toEqual([owner.reg.workspaceId, owner.reg.workspaceId]);
      const operator = await t.http().get(`/api/v1/operator/engagements/${engagement.id}/events`).set('cookie', owner.cookie).expect(200);
      expect(operator.body.engagement_events).toHaveLength(2);
      expectProblem(await client.get(`${eventsPath(engagement.id)}?limit=101`, token), 400, 'bad-request', { detail: 'invalid_limit' });
    });

    it('validates the event: kind 1..100 characters, payload an object of at most 64 KiB; nothing is stored on a 422', async () => {
      const { engagement, token, client } = await engagedPartner(t, admin);
      const bad = [
        {},
        { kind: '' },
        { kind: 'x'.repeat(101) },
        { kind: 'k', payload: [1] },
        { kind: 'k', payload: 'text' },
        { kind: 'k', payload: { blob: 'x'.repeat(65_536) } },
        { kind: 'k', extra: true },
      ];
      for (const body of bad) expectProblem(await client.post(eventsPath(engagement.id), token, body), 422, 'validation-error');
      await client.post(eventsPath(engagement.id), token, { kind: 'k', payload: { blob: 'x'.repeat(65_000) } }).expect(202);
      const n = (await db().query(`SELECT count(*)::int AS n FROM engagement_events WHERE engagement_id = $1`, [engagement.id]))[0].n;
      expect(n).toBe(1);
    });

    it('refuses a partner key, an agk_ key, an access token, a session and nothing at all: 401 invalid_token', async () => {
      const { owner, partner, engagement, client } = await engagedPartner(t, admin);
      const path = eventsPath(engagement.id);
      const refusals = [
        await client.post(path, partner.key, { kind: 'k' }),
        await client.post(path, owner.reg.apiKey, { kind: 'k' }),
        await client.post(path, owner.reg.accessToken, { kind: 'k' }),
        await client.post(path, undefined, { kind: 'k' }),
        await client.post(path, 'short', { kind: 'k' }),
        await t.http().post(path).set('x-forwarded-for', client.ip).set('cookie', owner.cookie).send({ kind: 'k' }),
        await t.http().post(path).set('x-forwarded-for', client.ip).set('x-agent-api-key', owner.reg.apiKey).send({ kind: 'k' }),
      ];
      for (const res of refusals) {
        expectProblem(res, 401, 'unauthorized', { detail: 'invalid_token' });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="engagement"');
      }
      expect((await db().query(`SELECT count(*)::int AS n FROM engagement_events WHERE engagement_id = $1`, [engagement.id]))[0].n).toBe(0);
    });

    it('an expired token is 401 token_expired', async () => {
      const { partner, engagement, client } = await engagedPartner(t, admin);
      const token = await mintToken(client, partner.key, engagement.id, { expires_in: 60 });
      await client.get(eventsPath(engagement.id), token).expect(200);
      t.clock.advance(60_000);
      try {
        expectProblem(await client.get(eventsPath(engagement.id), token), 401, 'unauthorized', { detail: 'token_expired' });
      } finally {
        t.clock.advance(-60_000);
      }
    });

    it('a token of another engagement is 403 forbidden; a non-UUID engagement id is 404', async () => {
      const a = await engagedPartner(t, admin);
      const b = await engagedPartner(t, admin, { client: a.client });
      expectProblem(await a.client.post(eventsPath(b.engagement.id), a.token, { kind: 'k' }), 403, 'forbidden', { detail: 'forbidden' });
      expectProblem(await a.client.get(eventsPath(b.engagement.id), a.token), 403, 'forbidden', { detail: 'forbidden' });
      expectProblem(await a.client.get(eventsPath('nope'), a.token), 404, 'not-found');
      expect((await db().query(`SELECT count(*)::int AS n FROM engagement_events WHERE engagement_id = $1`, [b.engagement.id]))[0].n).toBe(
        0,
      );
    });

    it("a token without the route's scope is 403 insufficient scope", async () => {
      const { partner, engagement, client } = await engagedPartner(t, admin);
      const reader = await mintToken(client, partner.key, engagement.id, { scopes: ['engagement_events:read'] });
      expectProblem(await client.post(eventsPath(engagement.id), reader, { kind: 'k' }), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
      await client.get(eventsPath(engagement.id), reader).expect(200);
      const writer = await mintToken(client, partner.key, engagement.id, { scopes: ['engagement_events:write'] });
      expectProblem(await client.get(eventsPath(engagement.id), writer), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
    });

    it('revoking the engagement ends its tokens at once: 401 engagement_revoked', async () => {
      const { owner, engagement, token, client } = await engagedPartner(t, admin);
      await client.get(eventsPath(engagement.id), token).expect(200); // cached now
      await t.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).expect(200);
      expectProblem(await client.post(eventsPath(engagement.id), token, { kind: 'k' }), 401, 'unauthorized', {
        detail: 'engagement_revoked',
      });
    });

    it('suspending the partner ends its key and every token under it at once (403 partner_suspended); reinstating restores them', async () => {
      const { partner, engagement, token, client } = await engagedPartner(t, admin);
      await client.get(eventsPath(engagement.id), token).expect(200);
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      await t.http().post(`/api/v1/admin/partners/${partner.id}/suspend`).set('cookie', admin.cookie).expect(200);
      expectProblem(await client.get(eventsPath(engagement.id), token), 403, 'forbidden', { detail: 'partner_suspended' });
      expectProblem(await client.get('/api/v1/partner/engagements', partner.key), 403, 'forbidden', { detail: 'partner_suspended' });
      await t.http().post(`/api/v1/admin/partners/${partner.id}/reinstate`).set('cookie', admin.cookie).expect(200);
      await client.get(eventsPath(engagement.id), token).expect(200);
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
    });

    it.each(['frozen', 'paused', 'archived'])(
      'a %s workspace refuses engagement traffic like machine traffic (403 workspace refusal); active restores',
      async (status) => {
        const { owner, engagement, token, client } = await engagedPartner(t, admin);
        await client.get(eventsPath(engagement.id), token).expect(200);
        await t.http().patch(`/api/v1/admin/workspaces/${owner.reg.workspaceId}`).set('cookie', admin.cookie).send({ status }).expect(200);
        const body = expectProblem(await client.post(eventsPath(engagement.id), token, { kind: 'k' }), 403, 'forbidden', {
          title: 'Forbidden',
          error: `workspace_${status}`,
        });
        const machine = await t.http().get('/api/v1/messages').set('x-agent-api-key', owner.reg.apiKey);
        expect(body.detail).toBe(machine.body.detail);
        await t
          .http()
          .patch(`/api/v1/admin/workspaces/${owner.reg.workspaceId}`)
          .set('cookie', admin.cookie)
          .send({ status: 'active' })
          .expect(200);
        await client.post(eventsPath(engagement.id), token, { kind: 'k' }).expect(202);
      },
    );
  });

  describe('rate-limit buckets', () => {
    let small: TestApp;
    let smallAdmin: Operator;
    beforeAll(async () => {
      const { env, adminEmail } = marketplaceEnv(uniqueEmail('rl-admin'));
      small = await createTestApp({ env: { ...env, API_RATE_LIMIT: '5' } });
      smallAdmin = await makePlatformAdmin(small, adminEmail);
    });
    afterAll(() => small.close());

    it('valid requests count in partner:<id> and engagement:<id> with the machine limit and headers', async () => {
      const client = fromAddress(small);
      const owner = await makeOperator(small);
      const partner = await makePartner(small, smallAdmin);
      const engagement = await grant(small, owner, partner.id);
      const token = await mintToken(client, partner.key, engagement.id); // partner: 1
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++)
        remaining.push((await client.get(eventsPath(engagement.id), token).expect(200)).headers['x-ratelimit-remaining']);
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const refused = expectProblem(await client.get(eventsPath(engagement.id), token), 429, 'rate-limited', { title: 'Rate limited' });
      expect(refused.request_id).toEqual(expect.any(String));
      // the partner's own bucket is another one
      const partnerRes = await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      expect(partnerRes.headers['x-ratelimit-remaining']).toBe('3');
      // and another engagement of the same partner has its own
      const other = await grant(small, await makeOperator(small), partner.id);
      const otherToken = await mintToken(client, partner.key, other.id);
      expect((await client.get(eventsPath(other.id), otherToken).expect(200)).headers['x-ratelimit-remaining']).toBe('4');
    });
  });

  it('the OpenAPI document has the partner and engagement security schemes on their routes', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    expect(doc.components.securitySchemes).toMatchObject({
      partner: { type: 'http', scheme: 'bearer' },
      engagement: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.paths['/api/v1/partner/engagements'].get.security).toEqual([{ partner: [] }]);
    expect(doc.paths['/api/v1/partner/engagements/{id}/tokens'].post.security).toEqual([{ partner: [] }]);
    expect(doc.paths['/api/v1/engagements/{id}/events'].post.security).toEqual([{ engagement: [] }]);
    expect(doc.paths['/api/v1/engagements/{id}/events'].get.security).toEqual([{ engagement: [] }]);
    expect(doc.paths['/api/v1/admin/partners'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/engagements/{id}/events'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/partner/engagements/{id}/tokens'].post.responses['201']).toBeDefined();
  });
});
