import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { makeOperator, makePlatformAdmin, Operator, sessionCookie } from './support/console';
import { eventually } from './support/eventually';
import {
  engagedPartner,
  eventsPath,
  fromAddress,
  grant,
  makePartner,
  marketplaceEnv,
  mintToken,
  MPK_KEY,
  PARTNER_SCOPES,
} from './support/partners';
import { expectProblem } from './support/problem';
import { expectNotTakenBy, postAndShowOnce } from './support/shown-once';
import { createTestApp, TestApp } from './support/test-app';

const API = '/api/v1/admin/partners';

/** Platform admins manage partners: REST and the /admin/partners page (API.md Part 2). */
describe('partner administration', () => {
  let t: TestApp;
  let admin: Operator;
  let regular: Operator;
  const db = () => t.app.get(DataSource);
  const asAdmin = {
    post: (path: string, body: object = {}) => t.http().post(path).set('cookie', admin.cookie).send(body),
    get: (path: string) => t.http().get(path).set('cookie', admin.cookie),
    patch: (path: string, body: object) => t.http().patch(path).set('cookie', admin.cookie).send(body),
  };
  const keyRows = async (partnerId: string) =>
    db().query<{ prefix: string; secret_hash: Buffer; expires_at: Date | null; last_used_at: Date | null }[]>(
      `SELECT prefix, secret_hash, expires_at, last_used_at FROM partner_keys WHERE partner_id = $1 ORDER BY inserted_at`,
      [partnerId],
    );

  beforeAll(async () => {
    const { env, adminEmail } = marketplaceEnv();
    t = await createTestApp({ env });
    admin = await makePlatformAdmin(t, adminEmail);
    regular = await makeOperator(t);
  });
  afterAll(() => t.close());

  describe('REST', () => {
    it('POST issues a partner: the mpk_ key is shown once, only the SHA-256 of its secret is stored', async () => {
      const res = await asAdmin
        .post(API, { name: '  Ticket Bridge ', scopes: ['engagement_tokens:write', 'engagements:read', 'engagements:read'] })
        .expect(201);
      const { partner, partner_key } = res.body;
      expect(partner).toEqual({
        id: expect.any(String),
        name: 'Ticket Bridge',
        status: 'active',
        scopes: PARTNER_SCOPES,
        key_prefix: partner_key.prefix,
        last_used_at: null,
        inserted_at: expect.stringMatching(/Z$/),
      });
      expect(partner_key).toEqual({
        key: expect.stringMatching(MPK_KEY),
        prefix: partner_key.key.split('.')[0],
        created_at: expect.stringMatching(/Z$/),
      });
      const [row] = await keyRows(partner.id);
      const [prefixPart, secret] = partner_key.key.slice(4).split('.');
      expect(row.prefix).toBe(prefixPart);
      expect(row.secret_hash.equals(createHash('sha256').update(secret).digest())).toBe(true);
      const anywhere = await db().query(
        `SELECT count(*)::int AS n FROM partner_keys WHERE encode(secret_hash, 'escape') LIKE '%' || $1 || '%'`,
        [secret],
      );
      expect(anywhere[0].n).toBe(0);
      // never shown again
      const shown = await asAdmin.get(`${API}/${partner.id}`).expect(200);
      expect(JSON.stringify(shown.body)).not.toContain(secret);
      expect(shown.body).toEqual({ partner });
    });

    it.each([
      [{ scopes: PARTNER_SCOPES }, 'name'],
      [{ name: '', scopes: PARTNER_SCOPES }, 'name'],
      [{ name: 'x'.repeat(121), scopes: PARTNER_SCOPES }, 'name'],
      [{ name: 'P' }, 'scopes'],
      [{ name: 'P', scopes: [] }, 'scopes'],
      [{ name: 'P', scopes: ['messages:read'] }, 'scopes'],
      [{ name: 'P', scopes: PARTNER_SCOPES, status: 'active' }, 'status'],
    ])('POST %j → 422 on %s', async (body, field) => {
      const res = await asAdmin.post(API, body);
      expect(expectProblem(res, 422, 'validation-error').errors).toHaveProperty(field);
    });

    it('GET lists partners newest first with last use; GET/PATCH of an unknown or non-UUID id is 404', async () => {
      const a = await makePartner(t, admin);
      const b = await makePartner(t, admin);
      const res = await asAdmin.get(`${API}?limit=2`).expect(200);
      expect(res.body.partners.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
      expect(res.body).toMatchObject({ count: 2, pagination: { limit: 2, offset: 0, has_more: true } });
      expectProblem(await asAdmin.get(`${API}?limit=0`), 400, 'bad-request', { detail: 'invalid_limit' });
      for (const id of [randomUUID(), 'nope']) {
        expectProblem(await asAdmin.get(`${API}/${id}`), 404, 'not-found', { detail: 'not_found' });
        expectProblem(await asAdmin.patch(`${API}/${id}`, { name: 'x' }), 404, 'not-found');
        expectProblem(await asAdmin.post(`${API}/${id}/rotate`), 404, 'not-found');
        expectProblem(await asAdmin.post(`${API}/${id}/suspend`), 404, 'not-found');
        expectProblem(await asAdmin.post(`${API}/${id}/reinstate`), 404, 'not-found');
      }
    });

    it('everyone but a platform admin is refused: 403 for an operator, 401 without a session or with a partner key', async () => {
      const partner = await makePartner(t, admin);
      expectProblem(await t.http().get(API).set('cookie', regular.cookie), 403, 'forbidden', { detail: 'platform_admin_required' });
      expectProblem(await t.http().post(API).set('cookie', regular.cookie).send({ name: 'x', scopes: PARTNER_SCOPES }), 403, 'forbidden');
      expectProblem(await t.http().post(`${API}/${partner.id}/suspend`).set('cookie', regular.cookie), 403, 'forbidden');
      expectProblem(await t.http().get(API), 401, 'unauthorized');
      expectProblem(await t.http().get(API).set('authorization', `Bearer ${partner.key}`), 401, 'unauthorized');
      expect((await asAdmin.get(`${API}/${partner.id}`)).body.partner.status).toBe('active');
    });

    it('PATCH changes name and scopes; narrowed scopes bind the key at once', async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      await client.get('/api/v1/partner/engagements', partner.key).expect(200); // cached
      const res = await asAdmin.patch(`${API}/${partner.id}`, { name: 'Renamed', scopes: ['engagement_tokens:write'] }).expect(200);
      expect(res.body.partner).toMatchObject({ id: partner.id, name: 'Renamed', scopes: ['engagement_tokens:write'] });
      expectProblem(await client.get('/api/v1/partner/engagements', partner.key), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
      expectProblem(await asAdmin.patch(`${API}/${partner.id}`, { scopes: [] }), 422, 'validation-error');
      expectProblem(await asAdmin.patch(`${API}/${partner.id}`, { key_prefix: 'mpk_x' }), 422, 'validation-error');
    });

    it('last_used_at is set on use and written at most once a minute per key', async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      const first = await eventually(async () => {
        const [row] = await keyRows(partner.id);
        expect(row.last_used_at).not.toBeNull();
        return row.last_used_at!;
      });
      expect(first.getTime()).toBe(t.clock.now());
      const listed = (await asAdmin.get(`${API}/${partner.id}`)).body.partner.last_used_at;
      expect(listed).toBe(first.toISOString());

      t.clock.advance(30_000);
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      t.clock.advance(29_000); // 59 s after the first use
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      await new Promise((r) => setTimeout(r, 200));
      expect((await keyRows(partner.id))[0].last_used_at!.getTime()).toBe(first.getTime());

      t.clock.advance(2_000); // 61 s
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      await eventually(async () => expect((await keyRows(partner.id))[0].last_used_at!.getTime()).toBe(first.getTime() + 61_000));
    });

    it('suspend and reinstate answer { partner } and are idempotent', async () => {
      const partner = await makePartner(t, admin);
      const s1 = await asAdmin.post(`${API}/${partner.id}/suspend`).expect(200);
      expect(s1.body.partner.status).toBe('suspended');
      expect((await asAdmin.post(`${API}/${partner.id}/suspend`).expect(200)).body.partner.status).toBe('suspended');
      expect((await asAdmin.post(`${API}/${partner.id}/reinstate`).expect(200)).body.partner.status).toBe('active');
      expect((await asAdmin.post(`${API}/${partner.id}/reinstate`).expect(200)).body.partner.status).toBe('active');
      expectProblem(await asAdmin.post(`${API}/${partner.id}/suspend`, { reason: 'x' }), 422, 'validation-error');
    });
  });

  describe('rotation', () => {
    it('without a grace period the old key, and every token it minted, stop at once (401 partner_key_expired)', async () => {
      const { partner, engagement, token, client } = await engagedPartner(t, admin);
      await client.get(eventsPath(engagement.id), token).expect(200);
      const res = await asAdmin.post(`${API}/${partner.id}/rotate`).expect(200);
      expect(res.body.partner_key.key).toMatch(MPK_KEY);
      expect(res.body.partner_key.key).not.toBe(partner.key);
      expect(res.body.partner.key_prefix).toBe(res.body.partner_key.prefix);
      expectProblem(await client.get('/api/v1/partner/engagements', partner.key), 401, 'unauthorized', { detail: 'partner_key_expired' });
      expectProblem(await client.get(eventsPath(engagement.id), token), 401, 'unauthorized', { detail: 'partner_key_expired' });
      await client.get('/api/v1/partner/engagements', res.body.partner_key.key).expect(200);
      const fresh = await mintToken(client, res.body.partner_key.key, engagement.id);
      await client.get(eventsPath(engagement.id), fresh).expect(200);
    });

    it('with a grace period the old key and its tokens work until it ends, then stop', async () => {
      const { partner, engagement, token, client } = await engagedPartner(t, admin);
      const res = await asAdmin.post(`${API}/${partner.id}/rotate`, { grace_period_seconds: 3600 }).expect(200);
      const newKey = res.body.partner_key.key;
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      await client.get(eventsPath(engagement.id), token).expect(200);
      const during = await mintToken(client, partner.key, engagement.id);
      t.clock.advance(3_599_000);
      try {
        await client.get('/api/v1/partner/engagements', partner.key).expect(200);
        t.clock.advance(1_000);
        expectProblem(await client.get('/api/v1/partner/engagements', partner.key), 401, 'unauthorized', { detail: 'partner_key_expired' });
        expectProblem(await client.get(eventsPath(engagement.id), token), 401, 'unauthorized', { detail: 'partner_key_expired' });
        expectProblem(await client.get(eventsPath(engagement.id), during), 401, 'unauthorized', { detail: 'partner_key_expired' });
        await client.get('/api/v1/partner/engagements', newKey).expect(200);
      } finally {
        t.clock.advance(-3_600_000);
      }
    });

    it('a later rotation bounds every older key by its own grace period; the partner has one current key', async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      const second = (await asAdmin.post(`${API}/${partner.id}/rotate`, { grace_period_seconds: 600 }).expect(200)).body.partner_key.key;
      const third = (await asAdmin.post(`${API}/${partner.id}/rotate`, { grace_period_seconds: 0 }).expect(200)).body.partner_key.key;
      expectProblem(await client.get('/api/v1/partner/engagements', partner.key), 401, 'unauthorized', { detail: 'partner_key_expired' });
      expectProblem(await client.get('/api/v1/partner/engagements', second), 401, 'unauthorized', { detail: 'partner_key_expired' });
      await client.get('/api/v1/partner/engagements', third).expect(200);
      expect((await keyRows(partner.id)).filter((k) => k.expires_at === null)).toHaveLength(1);
    });

    it.each([[-1], [604_801], [1.5], ['60'], [true]])('grace_period_seconds %p is a 422 and rotates nothing', async (grace) => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      const res = await asAdmin.post(`${API}/${partner.id}/rotate`, { grace_period_seconds: grace });
      expect(expectProblem(res, 422, 'validation-error').errors).toHaveProperty('grace_period_seconds');
      await client.get('/api/v1/partner/engagements', partner.key).expect(200);
      expect(await keyRows(partner.id)).toHaveLength(1);
    });

    it('concurrent rotations leave exactly one current key, and it works', async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      const results = await Promise.all([1, 2, 3, 4].map(() => asAdmin.post(`${API}/${partner.id}/rotate`)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const current = (await keyRows(partner.id)).filter((k) => k.expires_at === null);
      expect(current).toHaveLength(1);
      const winner = results.find((r) => r.body.partner_key.prefix === `mpk_${current[0].prefix}`)!;
      await client.get('/api/v1/partner/engagements', winner.body.partner_key.key).expect(200);
      const losers = results.filter((r) => r !== winner);
      for (const r of losers) expectProblem(await client.get('/api/v1/partner/engagements', r.body.partner_key.key), 401, 'unauthorized');
    });
  });

  describe('the /admin/partners page', () => {
    const html = { accept: 'text/html' };
    const form = (path: string, body: Record<string, string | string[]>, cookie = admin.cookie) =>
      t.http().post(path).set('cookie', cookie).set(html).type('form').send(body);

    const keyForm = (path: string, body: Record<string, string | string[]>) => ({
      post: () => form(path, body),
      cookie: admin.cookie,
      page: '/admin/partners',
      secret: /id="new-partner-key">(mpk_[^<]+)</,
    });

    it('issues a partner: 303 to the page, which shows its key once; the key works', async () => {
      const { secret: key, shown: res } = await postAndShowOnce(
        t,
        keyForm('/admin/partners', { name: 'Page Partner', scopes: PARTNER_SCOPES }),
      );
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.text).toContain('Copy the key of Page Partner now.');
      expect(key).toMatch(MPK_KEY);
      await fromAddress(t).get('/api/v1/partner/engagements', key).expect(200);
      const page = await t.http().get('/admin/partners').set('cookie', admin.cookie).set(html).expect(200);
      expect(page.text).toContain('Page Partner');
      expect(page.text).toContain(key.split('.')[0]);
      expect(page.text).not.toContain(key);
    });

    it('edits scopes, rotates with a grace period, suspends and reinstates through its forms', async () => {
      const client = fromAddress(t);
      const partner = await makePartner(t, admin);
      const edit = await form(`/admin/partners/${partner.id}`, { name: 'Edited', scopes: 'engagements:read' }).expect(303);
      expect(edit.headers.location).toBe('/admin/partners');
      expect((await asAdmin.get(`${API}/${partner.id}`)).body.partner).toMatchObject({ name: 'Edited', scopes: ['engagements:read'] });

      const { secret: newKey } = await postAndShowOnce(t, keyForm(`/admin/partners/${partner.id}/rotate`, { grace_period_seconds: '60' }));
      await client.get('/api/v1/partner/engagements', partner.key).expect(200); // still in its grace period
      await client.get('/api/v1/partner/engagements', newKey).expect(200);

      await form(`/admin/partners/${partner.id}/suspend`, {}).expect(303);
      expectProblem(await client.get('/api/v1/partner/engagements', newKey), 403, 'forbidden', { detail: 'partner_suspended' });
      const page = await t.http().get('/admin/partners').set('cookie', admin.cookie).set(html).expect(200);
      expect(page.text).toContain(`action="/admin/partners/${partner.id}/reinstate"`);
      await form(`/admin/partners/${partner.id}/reinstate`, {}).expect(303);
      await client.get('/api/v1/partner/engagements', newKey).expect(200);
    });

    it('another log-in of the platform admin cannot take a new key', async () => {
      const partner = await makePartner(t, admin);
      await expectNotTakenBy(
        t,
        keyForm(`/admin/partners/${partner.id}/rotate`, { grace_period_seconds: '0' }),
        await sessionCookie(t, admin.reg),
      );
    });

    it('bad form input is a 422 page and changes nothing', async () => {
      const partner = await makePartner(t, admin);
      expect((await form('/admin/partners', { name: '', scopes: PARTNER_SCOPES })).status).toBe(422);
      expect((await form('/admin/partners', { name: 'No scopes' })).status).toBe(422);
      expect((await form(`/admin/partners/${partner.id}`, { name: 'x', scopes: 'messages:read' })).status).toBe(422);
      // the edit form's name has the issue form's rules (it reached the database's CHECK: a 500)
      expect((await form(`/admin/partners/${partner.id}`, { name: 'a'.repeat(121), scopes: 'engagements:read' })).status).toBe(422);
      expect((await form(`/admin/partners/${partner.id}`, { name: 'two\nlines', scopes: 'engagements:read' })).status).toBe(422);
      expect((await form(`/admin/partners/${partner.id}/rotate`, { grace_period_seconds: '604801' })).status).toBe(422);
      expect((await form(`/admin/partners/${partner.id}/rotate`, { grace_period_seconds: 'soon' })).status).toBe(422);
      expect(await keyRows(partner.id)).toHaveLength(1);
      expect((await asAdmin.get(`${API}/${partner.id}`)).body.partner).toMatchObject({
        name: partner.body.partner.name,
        scopes: PARTNER_SCOPES,
      });
    });

    it('is for platform admins only: 403 page for an operator, 302 to log-in without a session', async () => {
      const page = await t.http().get('/admin/partners').set('cookie', regular.cookie).set(html).expect(403);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect((await form('/admin/partners', { name: 'Nope', scopes: PARTNER_SCOPES }, regular.cookie)).status).toBe(403);
      expect((await t.http().get('/admin/partners').set(html).expect(302)).headers.location).toBe(
        '/users/log-in?return_to=%2Fadmin%2Fpartners',
      );
      const rows = await db().query(`SELECT count(*)::int AS n FROM partners WHERE name = 'Nope'`);
      expect(rows[0].n).toBe(0);
    });
  });

  describe('the /app/engagements page', () => {
    const html = { accept: 'text/html' };

    it('grants, lists, shows events and revokes through its forms', async () => {
      const client = fromAddress(t);
      const owner = await makeOperator(t);
      const partner = await makePartner(t, admin);
      const page = await t.http().get('/app/engagements').set('cookie', owner.cookie).set(html).expect(200);
      expect(page.text).toContain(`<option value="${partner.id}">`);
      const granted = await t
        .http()
        .post('/app/engagements')
        .set('cookie', owner.cookie)
        .set(html)
        .type('form')
        .send({ partner_id: partner.id, scopes: 'engagement_events:write' })
        .expect(303);
      expect(granted.headers.location).toBe('/app/engagements');
      const [engagement] = (await t.http().get('/api/v1/operator/engagements').set('cookie', owner.cookie).expect(200)).body.engagements;
      expect(engagement).toMatchObject({ partner_id: partner.id, scopes: ['engagement_events:write'], status: 'active' });
      const token = await mintToken(client, partner.key, engagement.id);
      await client.post(eventsPath(engagement.id), token, { kind: 'shown.on.page', payload: { a: '<b>' } }).expect(202);
      const events = await t.http().get(`/app/engagements/${engagement.id}`).set('cookie', owner.cookie).set(html).expect(200);
      expect(events.text).toContain('shown.on.page');
      expect(events.text).toContain('&lt;b&gt;');
      const listed = await t.http().get('/app/engagements').set('cookie', owner.cookie).set(html).expect(200);
      expect(listed.text).toContain(`action="/app/engagements/${engagement.id}/revoke"`);
      await t.http().post(`/app/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).set(html).expect(303);
      expectProblem(await client.post(eventsPath(engagement.id), token, { kind: 'k' }), 401, 'unauthorized', {
        detail: 'engagement_revoked',
      });
    });

    it("refuses members (403), a bad partner_id (422) and another workspace's engagement (404)", async () => {
      const owner = await makeOperator(t);
      const partner = await makePartner(t, admin);
      const engagement = await grant(t, owner, partner.id);
      const stranger = await makeOperator(t);
      expect(
        (
          await t
            .http()
            .post('/app/engagements')
            .set('cookie', owner.cookie)
            .set(html)
            .type('form')
            .send({ partner_id: 'x', scopes: 'engagement_events:read' })
        ).status,
      ).toBe(422);
      expect((await t.http().get(`/app/engagements/${engagement.id}`).set('cookie', stranger.cookie).set(html)).status).toBe(404);
      expect((await t.http().post(`/app/engagements/${engagement.id}/revoke`).set('cookie', stranger.cookie).set(html)).status).toBe(404);
      const { addMembership } = await import('./support/console');
      const member = await makeOperator(t);
      await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
      expect(
        (await t.http().get('/app/engagements').set('cookie', member.cookie).set('x-workspace-id', owner.reg.workspaceId).set(html)).status,
      ).toBe(403);
      expect((await t.http().get('/api/v1/operator/engagements').set('cookie', owner.cookie)).body.engagements[0].status).toBe('active');
    });
  });
});
