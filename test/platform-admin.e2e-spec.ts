import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { uniqueEmail } from './support/builders';
import { makeOperator, makePlatformAdmin, Operator, pollUntil, sessionCookie } from './support/console';
import { resetThroughMail, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { makeScimTenant, oktaUser, scim } from './support/scim';
import { createTestApp, TestApp } from './support/test-app';

const ADMIN_API = '/api/v1/admin/workspaces';

describe('platform administration', () => {
  let t: TestApp;
  let adminEmail: string;
  let admin: Operator;
  let regular: Operator;

  const messagesWith = (app: TestApp, key: string) => app.http().get('/api/v1/messages').set('x-agent-api-key', key);
  const patchAs = (op: Operator, id: string, body: object) => t.http().patch(`${ADMIN_API}/${id}`).set('cookie', op.cookie).send(body);
  const statusOf = async (id: string) =>
    (await t.app.get(DataSource).query<{ status: string; plan: string }[]>(`SELECT status, plan FROM workspaces WHERE id = $1`, [id]))[0];

  // listed, but nobody has proven them yet
  const claimedEmail = uniqueEmail('claimed-admin');
  const scimTargetEmail = uniqueEmail('scim-target-admin');

  beforeAll(async () => {
    // upper case and spaces in the list: emails are normalized
    adminEmail = uniqueEmail('platform-admin');
    t = await createTestApp({
      env: {
        ...TRUST_LOOPBACK,
        PLATFORM_ADMIN_EMAILS: ` ${uniqueEmail('other-admin')}, ${adminEmail.toUpperCase()}, ${claimedEmail}, ${scimTargetEmail} `,
      },
    });
    admin = await makePlatformAdmin(t, adminEmail);
    regular = await makeOperator(t);
  });
  afterAll(() => t.close());

  describe('a listed email has to be proven', () => {
    const isAdmin = async (cookie: string) =>
      (await t.http().get('/api/v1/operator/me').set('cookie', cookie).expect(200)).body.user.platform_admin;
    const cookieOf = (email: string, password: string) => sessionCookie(t, { email, password });

    it('registering a listed address that nobody had is no admin until a reset link mailed to it is used', async () => {
      const claimer = await makeOperator(t, { email: claimedEmail });
      expect(await isAdmin(claimer.cookie)).toBe(false);
      expectProblem(await t.http().get(ADMIN_API).set('cookie', claimer.cookie), 403, 'forbidden', { detail: 'platform_admin_required' });
      expectProblem(await patchAs(claimer, regular.reg.workspaceId, { status: 'frozen' }), 403, 'forbidden', {
        detail: 'platform_admin_required',
      });
      expect((await statusOf(regular.reg.workspaceId)).status).toBe('active');

      // whoever reads that mailbox proves it: the reset confirms the account
      const password = 'the proven admin password 1';
      await resetThroughMail(t, claimedEmail, password);
      const proven = await cookieOf(claimedEmail, password);
      expect(await isAdmin(proven)).toBe(true);
      await t.http().get(ADMIN_API).set('cookie', proven).expect(200);
    });

    it("a workspace's SCIM moving a managed account to a listed address makes no admin of whoever holds it", async () => {
      const tenant = await makeScimTenant(t);
      const mine = uniqueEmail('scim-attacker');
      const user = (await scim(t, tenant.token, 'post', '/Users', oktaUser({ email: mine })).expect(201)).body;
      // the account SCIM made has no password: its holder sets one through the mail, which confirms it
      const password = 'attacker chosen password 1';
      await resetThroughMail(t, mine, password);
      const cookie = await cookieOf(mine, password);
      expect(await isAdmin(cookie)).toBe(false);

      // re-addressed by its managing workspace to a listed address nobody has
      await scim(t, tenant.token, 'put', `/Users/${user.id}`, {
        ...oktaUser({ email: scimTargetEmail, externalId: user.externalId }),
        userName: user.userName,
      }).expect(200);
      expect((await t.http().get('/api/v1/operator/me').set('cookie', cookie).expect(200)).body.user.email).toBe(scimTargetEmail);
      expect(await isAdmin(cookie)).toBe(false);
      expectProblem(await t.http().get(ADMIN_API).set('cookie', cookie), 403, 'forbidden', { detail: 'platform_admin_required' });
      expect(
        (await t.app.get(DataSource).query(`SELECT confirmed_at FROM users WHERE email = $1`, [scimTargetEmail]))[0].confirmed_at,
      ).toBeNull();
    });
  });

  describe('everyone else', () => {
    it('GET /api/v1/operator/me tells who is a platform admin', async () => {
      expect((await t.http().get('/api/v1/operator/me').set('cookie', admin.cookie).expect(200)).body.user.platform_admin).toBe(true);
      expect((await t.http().get('/api/v1/operator/me').set('cookie', regular.cookie).expect(200)).body.user.platform_admin).toBe(false);
    });

    it('a non-admin (owner of a workspace) → 403 on GET and PATCH /api/v1/admin/workspaces', async () => {
      expectProblem(await t.http().get(ADMIN_API).set('cookie', regular.cookie), 403, 'forbidden', {
        title: 'Forbidden',
        detail: 'platform_admin_required',
      });
      // even on their own workspace
      expectProblem(await patchAs(regular, regular.reg.workspaceId, { status: 'active' }), 403, 'forbidden', {
        detail: 'platform_admin_required',
      });
      expectProblem(await patchAs(regular, admin.reg.workspaceId, { status: 'frozen' }), 403, 'forbidden', {
        detail: 'platform_admin_required',
      });
      expect((await statusOf(admin.reg.workspaceId)).status).toBe('active');
    });

    it('a non-admin → 403 on /admin: an HTML page when the browser accepts text/html, else a problem', async () => {
      const page = await t
        .http()
        .get('/admin')
        .set('cookie', regular.cookie)
        .set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
        .expect(403);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<!doctype html>');
      expect(page.text).toContain('data-detail="platform_admin_required"');
      expect(page.text).not.toContain(admin.reg.workspaceId);
      expectProblem(await t.http().get('/admin').set('cookie', regular.cookie).set('accept', 'application/json'), 403, 'forbidden', {
        detail: 'platform_admin_required',
      });
      const form = await t
        .http()
        .post(`/admin/workspaces/${admin.reg.workspaceId}`)
        .set('cookie', regular.cookie)
        .set('accept', 'text/html')
        .type('form')
        .send({ status: 'frozen' })
        .expect(403);
      expect(form.headers['content-type']).toMatch(/^text\/html/);
      expect((await statusOf(admin.reg.workspaceId)).status).toBe('active');
    });

    it('no session: /admin → 302 /users/log-in; the admin API → 401 problem', async () => {
      const page = await t.http().get('/admin').set('accept', 'text/html').expect(302);
      expect(page.headers.location).toBe('/users/log-in?return_to=%2Fadmin');
      const form = await t.http().post(`/admin/workspaces/${regular.reg.workspaceId}`).type('form').send({ status: 'frozen' }).expect(302);
      expect(form.headers.location).toBe('/users/log-in');
      expectProblem(await t.http().get(ADMIN_API), 401, 'unauthorized', { detail: 'session_required' });
      expectProblem(await t.http().patch(`${ADMIN_API}/${regular.reg.workspaceId}`).send({ status: 'frozen' }), 401, 'unauthorized', {
        detail: 'session_required',
      });
      // a machine key is no session
      expectProblem(
        await t
          .http()
          .patch(`${ADMIN_API}/${regular.reg.workspaceId}`)
          .set('x-agent-api-key', regular.reg.apiKey)
          .send({ status: 'frozen' }),
        401,
        'unauthorized',
      );
      expect((await statusOf(regular.reg.workspaceId)).status).toBe('active');
    });
  });

  describe('a platform admin', () => {
    it('GET /api/v1/admin/workspaces lists workspaces (any, not only their own) with status and plan', async () => {
      const other = await makeOperator(t);
      const res = await t.http().get(ADMIN_API).set('cookie', admin.cookie).expect(200);
      const byId = new Map(res.body.workspaces.map((w: { id: string }) => [w.id, w]));
      expect(byId.get(other.reg.workspaceId)).toEqual({
        id: other.reg.workspaceId,
        name: other.reg.body.workspace.name,
        slug: other.reg.body.workspace.slug,
        status: 'active',
        plan: 'free',
      });
      expect(byId.get(admin.reg.workspaceId)).toBeDefined();
    });

    it.each(['frozen', 'paused', 'archived'] as const)(
      'PATCH { status: %s } → { workspace }; the primary key and its token are refused on /api/v1/messages right after (403 workspace_<status>); active restores',
      async (status) => {
        const ws = await makeOperator(t);
        await messagesWith(t, ws.reg.apiKey).expect(200); // warm the credential cache
        await t.http().get('/api/v1/messages').set('authorization', `Bearer ${ws.reg.accessToken}`).expect(200);

        const res = await patchAs(admin, ws.reg.workspaceId, { status }).expect(200);
        expect(res.body).toEqual({
          workspace: { id: ws.reg.workspaceId, name: ws.reg.body.workspace.name, slug: ws.reg.body.workspace.slug, status, plan: 'free' },
        });

        const refused = expectProblem(await messagesWith(t, ws.reg.apiKey), 403, 'forbidden', {
          title: 'Forbidden',
          error: `workspace_${status}`,
        });
        expect(refused.detail).toMatch(new RegExp(status === 'paused' ? 'paused' : status));
        expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${ws.reg.accessToken}`), 403, 'forbidden', {
          error: `workspace_${status}`,
        });
        expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', ws.reg.apiKey).send({}), 403, 'forbidden', {
          error: `workspace_${status}`,
        });
        // another workspace is unaffected
        await messagesWith(t, regular.reg.apiKey).expect(200);

        const back = await patchAs(admin, ws.reg.workspaceId, { status: 'active' }).expect(200);
        expect(back.body.workspace.status).toBe('active');
        await messagesWith(t, ws.reg.apiKey).expect(200);
      },
    );

    it('GET /api/v1/admin/workspaces/:id shows any workspace; unknown, non-UUID → 404; a non-admin → 403', async () => {
      await patchAs(admin, regular.reg.workspaceId, { plan: 'team' }).expect(200);
      const res = await t.http().get(`${ADMIN_API}/${regular.reg.workspaceId}`).set('cookie', admin.cookie).expect(200);
      expect(res.body).toEqual({ workspace: expect.objectContaining({ id: regular.reg.workspaceId, status: 'active', plan: 'team' }) });
      expect(res.body.workspace).toEqual(
        (await t.http().get(ADMIN_API).query({ limit: 500 }).set('cookie', admin.cookie).expect(200)).body.workspaces.find(
          (w: { id: string }) => w.id === regular.reg.workspaceId,
        ),
      );
      expectProblem(await t.http().get(`${ADMIN_API}/${randomUUID()}`).set('cookie', admin.cookie), 404, 'not-found', {
        detail: 'not_found',
      });
      expectProblem(await t.http().get(`${ADMIN_API}/not-a-uuid`).set('cookie', admin.cookie), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await t.http().get(`${ADMIN_API}/${regular.reg.workspaceId}`).set('cookie', regular.cookie), 403, 'forbidden', {
        detail: 'platform_admin_required',
      });
      await patchAs(admin, regular.reg.workspaceId, { plan: 'free' }).expect(200);
    });

    it('the list pages newest first with limit/offset and pagination metadata; out-of-range → 400', async () => {
      const first = await t.http().get(`${ADMIN_API}?limit=2`).set('cookie', admin.cookie).expect(200);
      expect(first.body.count).toBe(2);
      expect(first.body.pagination).toMatchObject({ limit: 2, offset: 0, has_more: true });
      expect(first.body.pagination.total).toBeGreaterThanOrEqual(2);
      // (other suites insert workspaces concurrently, so only shapes are compared across calls)
      const second = await t.http().get(`${ADMIN_API}?limit=1&offset=1`).set('cookie', admin.cookie).expect(200);
      expect(second.body.count).toBe(1);
      expect(second.body.pagination).toMatchObject({ limit: 1, offset: 1 });
      for (const q of ['limit=0', 'limit=501', 'offset=100001', 'limit=x']) {
        const res = await t.http().get(`${ADMIN_API}?${q}`).set('cookie', admin.cookie);
        expectProblem(res, 400, 'bad-request', { detail: q.startsWith('offset') ? 'invalid_offset' : 'invalid_limit' });
      }
      const page = await t.http().get('/admin?limit=1').set('cookie', admin.cookie).set('accept', 'text/html').expect(200);
      expect(page.text).toContain('rel="next"');
    });

    it('PATCH { plan: team } changes the plan and nothing else; plan and status together', async () => {
      const ws = await makeOperator(t);
      const res = await patchAs(admin, ws.reg.workspaceId, { plan: 'team' }).expect(200);
      expect(res.body.workspace).toMatchObject({ id: ws.reg.workspaceId, status: 'active', plan: 'team' });
      expect(await statusOf(ws.reg.workspaceId)).toEqual({ status: 'active', plan: 'team' });
      // the plan counts: more than 10 agents now
      for (let i = 0; i < 11; i++) {
        await t
          .http()
          .post('/api/v1/operator/service_agents')
          .set('cookie', ws.cookie)
          .send({ name: `Fleet ${i} ${randomUUID().slice(0, 6)}` })
          .expect(201);
      }
      const both = await patchAs(admin, ws.reg.workspaceId, { plan: 'enterprise', status: 'paused' }).expect(200);
      expect(both.body.workspace).toMatchObject({ status: 'paused', plan: 'enterprise' });
      const empty = await patchAs(admin, ws.reg.workspaceId, {}).expect(200);
      expect(empty.body.workspace).toMatchObject({ status: 'paused', plan: 'enterprise' });
    });

    it('invalid status or plan, unknown fields → 422 and nothing changes', async () => {
      const ws = await makeOperator(t);
      const badStatus = expectProblem(await patchAs(admin, ws.reg.workspaceId, { status: 'deleted' }), 422, 'validation-error', {
        detail: 'validation_failed',
      });
      expect(Object.keys(badStatus.errors as object)).toEqual(['status']);
      const badPlan = expectProblem(await patchAs(admin, ws.reg.workspaceId, { plan: 'gold' }), 422, 'validation-error');
      expect(Object.keys(badPlan.errors as object)).toEqual(['plan']);
      expectProblem(await patchAs(admin, ws.reg.workspaceId, { status: 'frozen', plan: 'platinum' }), 422, 'validation-error');
      expectProblem(await patchAs(admin, ws.reg.workspaceId, { status: 'frozen', name: 'Renamed' }), 422, 'validation-error');
      expectProblem(await patchAs(admin, ws.reg.workspaceId, { status: 42 }), 422, 'validation-error');
      expect(await statusOf(ws.reg.workspaceId)).toEqual({ status: 'active', plan: 'free' });
      await messagesWith(t, ws.reg.apiKey).expect(200);
    });

    it('an unknown or malformed workspace id → 404', async () => {
      expectProblem(await patchAs(admin, randomUUID(), { status: 'frozen' }), 404, 'not-found');
      expectProblem(await patchAs(admin, 'not-a-uuid', { status: 'frozen' }), 404, 'not-found');
      const form = await t
        .http()
        .post(`/admin/workspaces/${randomUUID()}`)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ status: 'frozen' });
      expect(form.status).toBe(404);
    });

    it('cross-origin PATCH (Sec-Fetch-Site: cross-site, or a foreign Origin) → 403 cross_origin_request, nothing changes', async () => {
      const ws = await makeOperator(t);
      expectProblem(
        await t
          .http()
          .patch(`${ADMIN_API}/${ws.reg.workspaceId}`)
          .set('cookie', admin.cookie)
          .set('sec-fetch-site', 'cross-site')
          .send({ status: 'frozen' }),
        403,
        'forbidden',
        { detail: 'cross_origin_request' },
      );
      expectProblem(
        await t
          .http()
          .post(`/admin/workspaces/${ws.reg.workspaceId}`)
          .set('cookie', admin.cookie)
          .set('origin', 'https://evil.example')
          .type('form')
          .send({ status: 'frozen' }),
        403,
        'forbidden',
        { detail: 'cross_origin_request' },
      );
      expect((await statusOf(ws.reg.workspaceId)).status).toBe('active');
      await messagesWith(t, ws.reg.apiKey).expect(200);
      // same-origin passes
      await t
        .http()
        .patch(`${ADMIN_API}/${ws.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .set('sec-fetch-site', 'same-origin')
        .send({ plan: 'team' })
        .expect(200);
    });
  });

  describe('the /admin page', () => {
    it('lists workspaces with status and plan, and its forms change them (303 back to /admin)', async () => {
      const ws = await makeOperator(t);
      await messagesWith(t, ws.reg.apiKey).expect(200);
      const rowOf = (html: string) => {
        const m = new RegExp(`<tr data-workspace-id="${ws.reg.workspaceId}">([\\s\\S]*?)</tr>`).exec(html);
        if (!m) throw new Error('workspace row not on the page');
        return m[1];
      };

      const page = await t.http().get('/admin').set('cookie', admin.cookie).set('accept', 'text/html').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      let row = rowOf(page.text);
      expect(row).toContain(ws.reg.body.workspace.name);
      expect(row).toContain('<td class="status">active</td>');
      expect(row).toContain('<td class="plan">free</td>');
      expect(row).toContain(`action="/admin/workspaces/${ws.reg.workspaceId}"`);
      for (const action of ['frozen', 'paused', 'archived']) expect(row).toContain(`name="status" value="${action}"`);
      expect(row).not.toContain('name="status" value="active"');

      const freeze = await t
        .http()
        .post(`/admin/workspaces/${ws.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ status: 'frozen' })
        .expect(303);
      expect(freeze.headers.location).toBe('/admin');
      expectProblem(await messagesWith(t, ws.reg.apiKey), 403, 'forbidden', { error: 'workspace_frozen' });
      row = rowOf((await t.http().get('/admin').set('cookie', admin.cookie).expect(200)).text);
      expect(row).toContain('<td class="status">frozen</td>');
      expect(row).toContain('name="status" value="active"');

      const plan = await t
        .http()
        .post(`/admin/workspaces/${ws.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ plan: 'enterprise' })
        .expect(303);
      expect(plan.headers.location).toBe('/admin');
      row = rowOf((await t.http().get('/admin').set('cookie', admin.cookie).expect(200)).text);
      expect(row).toContain('<td class="status">frozen</td>');
      expect(row).toContain('<td class="plan">enterprise</td>');

      await t
        .http()
        .post(`/admin/workspaces/${ws.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ status: 'active' })
        .expect(303);
      expect(await statusOf(ws.reg.workspaceId)).toEqual({ status: 'active', plan: 'enterprise' });
      await messagesWith(t, ws.reg.apiKey).expect(200);

      // an invalid form value changes nothing
      const bad = await t
        .http()
        .post(`/admin/workspaces/${ws.reg.workspaceId}`)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ status: 'melted' });
      expect(bad.status).toBe(422);
      expect(await statusOf(ws.reg.workspaceId)).toEqual({ status: 'active', plan: 'enterprise' });
    });
  });

  describe('two nodes', () => {
    let nodeB: TestApp;
    beforeAll(async () => {
      nodeB = await createTestApp();
    });
    afterAll(() => nodeB.close());

    it('a freeze through node A refuses the key on node B within 2 s; reactivating through A restores it on B', async () => {
      const ws = await makeOperator(t);
      await messagesWith(nodeB, ws.reg.apiKey).expect(200); // warm node B's credential cache
      await messagesWith(nodeB, ws.reg.apiKey).expect(200);

      await patchAs(admin, ws.reg.workspaceId, { status: 'frozen' }).expect(200);
      await pollUntil(async () => (await messagesWith(nodeB, ws.reg.apiKey)).status === 403, 2000);
      expectProblem(await messagesWith(nodeB, ws.reg.apiKey), 403, 'forbidden', { error: 'workspace_frozen' });

      await patchAs(admin, ws.reg.workspaceId, { status: 'active' }).expect(200);
      await pollUntil(async () => (await messagesWith(nodeB, ws.reg.apiKey)).status === 200, 2000);
    });

    it('PLATFORM_ADMIN_EMAILS is per node: the same session is no admin on a node without it', async () => {
      expectProblem(await nodeB.http().get(ADMIN_API).set('cookie', admin.cookie), 403, 'forbidden', { detail: 'platform_admin_required' });
    });
  });
});
