import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addMembership, makeOperator, type Operator } from './support/console';
import { expectProblem } from './support/problem';
import { expectNotTakenBy, expectShownRedirect, inWorkspace, postAndShowOnce } from './support/shown-once';
import { issueKey } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

const SUBSCRIPTIONS = '/api/v1/operator/webhook_subscriptions';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Nothing listens there: these subscriptions never see an event in this suite anyway. */
const URL_A = 'http://127.0.0.1:9/hooks/a';

describe('webhook subscriptions (operator REST, owners and admins)', () => {
  let t: TestApp;
  let op: Operator;
  const post = (body: unknown, who: Operator = op) =>
    t
      .http()
      .post(SUBSCRIPTIONS)
      .set('cookie', who.cookie)
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    op = await makeOperator(t);
  });
  afterAll(() => t.close());

  it('creates one with its secret shown once; reads never show it, and the database holds it sealed only', async () => {
    const res = await post({
      url: URL_A,
      event_types: ['robot.claimed', 'robot.retired', 'robot.claimed'],
      description: 'fleet dashboard',
    }).expect(201);
    const created = res.body.webhook_subscription;
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      url: URL_A,
      description: 'fleet dashboard',
      event_types: ['robot.claimed', 'robot.retired'], // duplicates collapsed
      status: 'active',
      disabled_reason: null,
      failing_since: null,
      previous_secret_expires_at: null,
      inserted_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const shown = await t.http().get(`${SUBSCRIPTIONS}/${created.id}`).set('cookie', op.cookie).expect(200);
    const { secret, ...withoutSecret } = created;
    expect(shown.body).toEqual({ webhook_subscription: withoutSecret });
    const list = await t.http().get(SUBSCRIPTIONS).set('cookie', op.cookie).expect(200);
    expect(list.body.webhook_subscriptions).toEqual([withoutSecret]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));

    const [row] = await t.app.get(DataSource).query(`SELECT * FROM webhook_subscriptions WHERE id = $1`, [created.id]);
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(secret.slice(6, 30));
    expect(dump).not.toContain(Buffer.from(secret.slice(6), 'base64').toString('hex').slice(0, 24));
    expect(row.secret_ciphertext).toMatch(/^v1\./);
  });

  it('lists newest first with pagination and the status filter (both forms)', async () => {
    const own = await makeOperator(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await post({ url: `${URL_A}/${i}`, event_types: ['*'] }, own).expect(201)).body.webhook_subscription.id);
    await t.http().patch(`${SUBSCRIPTIONS}/${ids[0]}`).set('cookie', own.cookie).send({ status: 'disabled' }).expect(200);
    const page = await t.http().get(`${SUBSCRIPTIONS}?limit=2`).set('cookie', own.cookie).expect(200);
    expect(page.body.webhook_subscriptions.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    expect(page.body).toMatchObject({ count: 2, pagination: { limit: 2, offset: 0, total: 3, has_more: true } });
    const disabled = await t.http().get(`${SUBSCRIPTIONS}?status=active&filter[status]=disabled`).set('cookie', own.cookie).expect(200);
    expect(disabled.body.webhook_subscriptions.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expectProblem(await t.http().get(`${SUBSCRIPTIONS}?status=paused`).set('cookie', own.cookie), 400, 'bad-request', {
      detail: 'invalid_status',
    });
    expectProblem(await t.http().get(`${SUBSCRIPTIONS}?limit=101`).set('cookie', own.cookie), 400, 'bad-request', {
      detail: 'invalid_limit',
    });
  });

  it.each([
    [{ url: URL_A, event_types: ['robot.claimed', 'robot.exploded'] }, 'event_types', ['unknown event type "robot.exploded"']],
    [{ url: URL_A, event_types: ['*', 'robot.claimed'] }, 'event_types', ['"*" (every event type) stands alone']],
    [{ url: URL_A, event_types: [] }, 'event_types', ['must not be empty']],
    [{ url: URL_A, event_types: 'robot.claimed' }, 'event_types', ['must be an array of event types']],
    [{ url: URL_A, event_types: [1] }, 'event_types', ['unknown event type "1"']],
    [{ url: URL_A }, 'event_types', ['is required']],
    [{ event_types: ['*'] }, 'url', ['is required']],
    [{ url: 'not a url', event_types: ['*'] }, 'url', ['must be an absolute http or https URL']],
    [{ url: 'ftp://example.com/x', event_types: ['*'] }, 'url', ['must be an http or https URL']],
    [{ url: 'https://user:pw@example.com/x', event_types: ['*'] }, 'url', ['must not contain credentials']],
    [{ url: `https://example.com/${'x'.repeat(2048)}`, event_types: ['*'] }, 'url', ['must be shorter than or equal to 2048 characters']],
    [{ url: URL_A, event_types: ['*'], secret: 'whsec_mine' }, 'secret', ['is not an allowed field']],
    [{ url: URL_A, event_types: ['*'], description: 5 }, 'description', ['must be a string']],
  ])('refuses %j with a 422 naming the field', async (body, field, messages) => {
    const before = (
      await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE workspace_id = $1`, [op.reg.workspaceId])
    )[0].n;
    const res = await post(body);
    expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
    expect([...res.body.errors[field]].sort()).toEqual([...messages].sort());
    const after = (
      await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE workspace_id = $1`, [op.reg.workspaceId])
    )[0].n;
    expect(after).toBe(before);
  });

  it('PATCH changes url, event types, description and status; a bad one is 422 and changes nothing', async () => {
    const sub = (await post({ url: URL_A, event_types: ['*'], description: 'x' }).expect(201)).body.webhook_subscription;
    const patched = await t
      .http()
      .patch(`${SUBSCRIPTIONS}/${sub.id}`)
      .set('cookie', op.cookie)
      .send({ url: 'https://8.8.8.8/hook', event_types: ['api_key.revoked'], description: null })
      .expect(200);
    expect(patched.body.webhook_subscription).toMatchObject({
      url: 'https://8.8.8.8/hook',
      event_types: ['api_key.revoked'],
      description: null,
      status: 'active',
    });
    expect(patched.body.webhook_subscription.secret).toBeUndefined();
    const disabled = await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ status: 'disabled' }).expect(200);
    expect(disabled.body.webhook_subscription).toMatchObject({ status: 'disabled', disabled_reason: 'operator' });
    const bad = await t
      .http()
      .patch(`${SUBSCRIPTIONS}/${sub.id}`)
      .set('cookie', op.cookie)
      .send({ status: 'paused', event_types: ['nope'] });
    expectProblem(bad, 422, 'validation-error');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['event_types', 'status']);
    expect((await t.http().get(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie)).body.webhook_subscription).toMatchObject({
      status: 'disabled',
      event_types: ['api_key.revoked'],
    });
  });

  it('a failure streak survives a PATCH that leaves an active subscription active, and ends with a new URL', async () => {
    const sub = (await post({ url: URL_A, event_types: ['*'] }).expect(201)).body.webhook_subscription;
    await t.app.get(DataSource).query(`UPDATE webhook_subscriptions SET failing_since = now() - interval '2 days' WHERE id = $1`, [sub.id]);
    const same = await t
      .http()
      .patch(`${SUBSCRIPTIONS}/${sub.id}`)
      .set('cookie', op.cookie)
      .send({ status: 'active', url: URL_A })
      .expect(200);
    expect(same.body.webhook_subscription.failing_since).toMatch(ISO);
    const moved = await t
      .http()
      .patch(`${SUBSCRIPTIONS}/${sub.id}`)
      .set('cookie', op.cookie)
      .send({ url: `${URL_A}/new` })
      .expect(200);
    expect(moved.body.webhook_subscription.failing_since).toBeNull();
  });

  it('rotate_secret answers 200 with a new secret, the previous one signing for 24 hours more', async () => {
    const sub = (await post({ url: URL_A, event_types: ['*'] }).expect(201)).body.webhook_subscription;
    const res = await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/rotate_secret`).set('cookie', op.cookie).expect(200);
    const rotated = res.body.webhook_subscription;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(sub.secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - t.clock.now()).toBe(24 * 3600 * 1000);
    // a body on an action without one is refused like an unknown field
    expectProblem(
      await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/rotate_secret`).set('cookie', op.cookie).send({ secret: 'x' }),
      422,
      'validation-error',
    );
  });

  it('DELETE answers 204, then the subscription and its deliveries are 404', async () => {
    const sub = (await post({ url: URL_A, event_types: ['*'] }).expect(201)).body.webhook_subscription;
    const res = await t.http().delete(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).expect(204);
    expect(res.text).toBe('');
    expectProblem(await t.http().get(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie), 404, 'not-found', { detail: 'not_found' });
    expectProblem(await t.http().delete(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie), 404, 'not-found');
  });

  it("another workspace's subscription, an unknown id and a non-UUID id are all 404, for every route", async () => {
    const other = await makeOperator(t);
    const theirs = (await post({ url: URL_A, event_types: ['*'] }, other).expect(201)).body.webhook_subscription.id;
    const unknownDelivery = randomUUID();
    for (const id of [theirs, randomUUID(), 'not-a-uuid', '1']) {
      const routes = [
        t.http().get(`${SUBSCRIPTIONS}/${id}`),
        t.http().patch(`${SUBSCRIPTIONS}/${id}`).send({ status: 'disabled' }),
        t.http().delete(`${SUBSCRIPTIONS}/${id}`),
        t.http().post(`${SUBSCRIPTIONS}/${id}/rotate_secret`),
        t.http().get(`${SUBSCRIPTIONS}/${id}/deliveries`),
        t.http().get(`${SUBSCRIPTIONS}/${id}/deliveries/${unknownDelivery}`),
        t.http().post(`${SUBSCRIPTIONS}/${id}/deliveries/${unknownDelivery}/retry`),
        t.http().post(`${SUBSCRIPTIONS}/${id}/deliveries/not-a-uuid/retry`),
      ];
      for (const req of routes) expectProblem(await req.set('cookie', op.cookie), 404, 'not-found', { detail: 'not_found' });
    }
    // and theirs is untouched
    expect(
      (await t.http().get(`${SUBSCRIPTIONS}/${theirs}`).set('cookie', other.cookie).expect(200)).body.webhook_subscription.status,
    ).toBe('active');
  });

  it('members are 403 and no session is 401, on every route', async () => {
    const member = await makeOperator(t);
    await addMembership(t, member.reg.email, op.reg.workspaceId, 'member');
    const id = (await post({ url: URL_A, event_types: ['*'] }).expect(201)).body.webhook_subscription.id;
    const routes = () => [
      t
        .http()
        .post(SUBSCRIPTIONS)
        .send({ url: URL_A, event_types: ['*'] }),
      t.http().get(SUBSCRIPTIONS),
      t.http().get(`${SUBSCRIPTIONS}/${id}`),
      t.http().patch(`${SUBSCRIPTIONS}/${id}`).send({ status: 'disabled' }),
      t.http().delete(`${SUBSCRIPTIONS}/${id}`),
      t.http().post(`${SUBSCRIPTIONS}/${id}/rotate_secret`),
      t.http().get(`${SUBSCRIPTIONS}/${id}/deliveries`),
    ];
    for (const req of routes())
      expectProblem(await req.set('cookie', member.cookie).set('x-workspace-id', op.reg.workspaceId), 403, 'forbidden');
    for (const req of routes()) expect((await req).status).toBe(401);
    // an admin may
    const admin = await makeOperator(t);
    await addMembership(t, admin.reg.email, op.reg.workspaceId, 'admin');
    await t.http().get(`${SUBSCRIPTIONS}/${id}`).set('cookie', admin.cookie).set('x-workspace-id', op.reg.workspaceId).expect(200);
  });

  it('at most 20 subscriptions a workspace, even when 25 are created at once', async () => {
    const own = await makeOperator(t);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => post({ url: `${URL_A}/${i}`, event_types: ['*'] }, own)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expectProblem(r, 422, 'validation-error');
      expect(r.body.errors).toEqual({ webhook_subscriptions: ['at most 20 per workspace'] });
    }
    const [{ n }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE workspace_id = $1`, [own.reg.workspaceId]);
    expect(n).toBe(20);
  });

  it('the console page: adding and rotating answer 303 to the subscription, which shows the secret once; another admin cannot take it', async () => {
    const owner = await makeOperator(t);
    const secret = /<code class="secret" id="new-secret">(whsec_[A-Za-z0-9+/]{43}=)<\/code>/;
    const pageForm = (path: string, body: Record<string, string>, page: string | RegExp) => ({
      post: () => t.http().post(path).set('cookie', owner.cookie).set('accept', 'text/html').type('form').send(body),
      cookie: owner.cookie,
      page,
      secret,
    });
    const added = await postAndShowOnce(t, pageForm('/app/webhooks', { url: URL_A, event_types: '*' }, /^\/app\/webhooks\/[0-9a-f-]{36}$/));
    const id = new URL(added.location, 'http://x').pathname.split('/')[3];
    expect(added.shown.text).toContain(`action="/app/webhooks/${id}/rotate"`);
    const rotate = pageForm(`/app/webhooks/${id}/rotate`, {}, `/app/webhooks/${id}`);
    const rotated = await postAndShowOnce(t, rotate);
    expect(rotated.secret).not.toBe(added.secret);
    // the id is good on its own subscription's page only
    const other = await post({ url: URL_A, event_types: ['*'] }, owner).expect(201);
    const moved = expectShownRedirect(await rotate.post(), rotate).replace(id, other.body.webhook_subscription.id);
    const elsewhere = await t.http().get(moved).set('cookie', owner.cookie).expect(200);
    expect(elsewhere.text).not.toMatch(secret);
    expect(elsewhere.text).toContain('data-reason="gone"');

    const admin = await makeOperator(t);
    await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
    await expectNotTakenBy(t, rotate, inWorkspace(admin.cookie, owner.reg.workspaceId));
  });
});

describe('webhook subscription URLs under the production rule (WEBHOOK_URL_POLICY=public)', () => {
  let t: TestApp;
  let op: Operator;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_URL_POLICY: 'public' } });
    op = await makeOperator(t);
  });
  afterAll(() => t.close());

  it.each([
    ['http://8.8.8.8/hook', 'must be an https URL'],
    ['https://127.0.0.1/hook', 'must not resolve to a private, loopback or link-local address'],
    ['https://localhost:8443/hook', 'must not resolve to a private, loopback or link-local address'],
    ['https://[::1]/hook', 'must not resolve to a private, loopback or link-local address'],
    ['https://10.1.2.3/hook', 'must not resolve to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'must not resolve to a private, loopback or link-local address'],
    ['https://[fe80::1]/hook', 'must not resolve to a private, loopback or link-local address'],
    // Issue 51: IPv4-compatible and IPv4-translated loopback, accepted before.
    ['https://[::127.0.0.1]/', 'must not resolve to a private, loopback or link-local address'],
    ['https://[::ffff:0:127.0.0.1]/', 'must not resolve to a private, loopback or link-local address'],
  ])('refuses %s', async (url, message) => {
    const res = await t
      .http()
      .post(SUBSCRIPTIONS)
      .set('cookie', op.cookie)
      .send({ url, event_types: ['*'] });
    expectProblem(res, 422, 'validation-error');
    expect(res.body.errors).toEqual({ url: [message] });
  });

  it('accepts an https URL of a public address, and checks a new URL given to PATCH the same way', async () => {
    const sub = (
      await t
        .http()
        .post(SUBSCRIPTIONS)
        .set('cookie', op.cookie)
        .send({ url: 'https://8.8.8.8/hook', event_types: ['*'] })
        .expect(201)
    ).body.webhook_subscription;
    const res = await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ url: 'https://192.168.0.10/hook' });
    expectProblem(res, 422, 'validation-error');
    expect(res.body.errors).toEqual({ url: ['must not resolve to a private, loopback or link-local address'] });
  });

  it.each(['https://[::127.0.0.1]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[::FFFF:0:7F00:1]:8443/x'])(
    'refuses %s on PATCH and on workflow targets too, and stores nothing',
    async (url) => {
      const refused = { url: ['must not resolve to a private, loopback or link-local address'] };
      const sub = (
        await t
          .http()
          .post(SUBSCRIPTIONS)
          .set('cookie', op.cookie)
          .send({ url: 'https://8.8.4.4/hook', event_types: ['*'] })
          .expect(201)
      ).body.webhook_subscription;
      const patched = await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ url });
      expectProblem(patched, 422, 'validation-error');
      expect(patched.body.errors).toEqual(refused);
      expect((await t.http().get(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).expect(200)).body.webhook_subscription.url).toBe(
        'https://8.8.4.4/hook',
      );

      const { key } = await issueKey(t, op.reg, ['workflow_targets:write', 'workflow_targets:read']);
      const target = await t.http().post('/api/v1/workflow_targets').set('x-agent-api-key', key).send({ name: 'loop', url });
      expectProblem(target, 422, 'validation-error');
      expect(target.body.errors).toEqual(refused);
      const listed = await t.http().get('/api/v1/workflow_targets').set('x-agent-api-key', key).expect(200);
      expect(listed.body.workflow_targets.map((x: { url: string }) => x.url)).not.toContain(new URL(url).href);
    },
  );
});
