import { createHash } from 'node:crypto';
import { ApiTokenVerifier } from '../src/api-tokens';
import { MachineRateLimiter } from '../src/rate-limit';
import { makeOperator, sessionCookie, uniqueName, type Operator } from './support/console';
import { eventually } from './support/eventually';
import { colleague, insertRobots, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { expectNotTakenBy, inWorkspace, postAndShowOnce } from './support/shown-once';
import { createTestApp, type TestApp } from './support/test-app';
import { EVERY_NODE_WITHIN_MS } from './support/two-nodes';

/**
 * API.md Part 3 "Operator API tokens and IP allowlists" (ADRs 0258 to 0261): aot_ tokens created,
 * listed and revoked; used on /api/v1/operator/* with their role; refused where a person is needed
 * (403 person_required) and on the other planes (401); revoked on every node at once; expiry,
 * allowlists, the machine rate limit, cross-tenant ids, audit events and the console page.
 */
const TOKENS = '/api/v1/operator/api_tokens';
const AOT = /^aot_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/;

describe('operator API tokens', () => {
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestApp({ env: TRUST_LOOPBACK }), createTestApp({ env: TRUST_LOOPBACK })]);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  const mint = async (op: Operator, body: Record<string, unknown> = {}) => {
    const res = await t
      .http()
      .post(TOKENS)
      .set('cookie', op.cookie)
      .send({ name: uniqueName('ci'), role: 'admin', ...body });
    expect(res.status).toBe(201);
    return res.body.api_token as { id: string; token: string; name: string; role: string };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const auditOf = (workspaceId: string, action: string) =>
    rowsOf(
      t,
      `SELECT actor_type, actor_id, actor_label, target_type, target_id, target_label, changes FROM audit_events WHERE workspace_id = $1 AND action = $2`,
      [workspaceId, action],
    );

  it('creates (201, shown once, SHA-256 stored, audited), lists without the secret and revokes (204, audited)', async () => {
    const owner = await makeOperator(t);
    const expires = new Date(t.clock.now() + 86_400_000).toISOString();
    const res = await t
      .http()
      .post(TOKENS)
      .set('cookie', owner.cookie)
      .send({
        name: '  deploy bot ',
        role: 'member',
        expires_at: expires,
        allowed_ips: ['203.0.113.0/24', '2001:DB8::/32', '198.51.100.7'],
      });
    expect(res.status).toBe(201);
    const token = res.body.api_token;
    expect(token).toEqual({
      id: expect.any(String),
      name: 'deploy bot',
      role: 'member',
      token: expect.stringMatching(AOT),
      expires_at: expires,
      allowed_ips: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7/32'],
      last_used_at: null,
      inserted_at: expect.any(String),
    });
    const [stored] = await rowsOf(t, `SELECT prefix, encode(secret_hash, 'hex') AS hash FROM api_tokens WHERE id = $1`, [token.id]);
    const [prefix, secret] = token.token.slice(4).split('.');
    expect(stored).toEqual({ prefix, hash: createHash('sha256').update(secret).digest('hex') });

    const list = await t.http().get(TOKENS).set('cookie', owner.cookie).expect(200);
    expect(list.body.api_tokens).toEqual([{ ...token, token: undefined }].map(({ token: _t, ...rest }) => rest));
    expect(JSON.stringify(list.body)).not.toContain(secret);

    expect(await auditOf(owner.reg.workspaceId, 'api_token.create')).toEqual([
      expect.objectContaining({ actor_type: 'user', target_type: 'api_token', target_id: token.id, target_label: 'deploy bot' }),
    ]);
    await t.http().delete(`${TOKENS}/${token.id}`).set('cookie', owner.cookie).expect(204);
    expect((await t.http().get(TOKENS).set('cookie', owner.cookie).expect(200)).body.api_tokens).toEqual([]);
    expect(await auditOf(owner.reg.workspaceId, 'api_token.revoke')).toEqual([
      expect.objectContaining({ actor_type: 'user', target_id: token.id, target_label: 'deploy bot' }),
    ]);
  });

  it('refuses bad input (422), a member (403), and a bad allowlist entry (422)', async () => {
    const owner = await makeOperator(t);
    const member = await colleague(t, owner, 'member');
    const post = (body: Record<string, unknown>) => t.http().post(TOKENS).set('cookie', owner.cookie).send(body);
    expectProblem(await post({ name: 'x', role: 'owner' }), 422, 'validation-error');
    expectProblem(await post({ name: 'x', role: 'admin', allowed_ips: ['10.0.0.1/8'] }), 422, 'validation-error');
    expectProblem(await post({ name: 'x', role: 'admin', allowed_ips: ['not-an-ip'] }), 422, 'validation-error');
    expectProblem(
      await post({ name: 'x', role: 'admin', allowed_ips: Array.from({ length: 21 }, (_, i) => `10.0.${i}.0/24`) }),
      422,
      'validation-error',
    );
    expectProblem(
      await post({ name: 'x', role: 'admin', expires_at: new Date(t.clock.now() - 1000).toISOString() }),
      422,
      'validation-error',
    );
    const asMember = await t
      .http()
      .post(TOKENS)
      .set('cookie', member.cookie)
      .set('x-workspace-id', owner.reg.workspaceId)
      .send({ name: 'x', role: 'member' });
    expectProblem(asMember, 403, 'forbidden', { detail: 'insufficient_role' });
  });

  it('works on operator routes with its role, and audits its changes with the api_token actor', async () => {
    const owner = await makeOperator(t);
    await insertRobots(t, owner.reg.workspaceId, 2, { agents: false });
    const admin = await mint(owner, { role: 'admin' });
    const member = await mint(owner, { role: 'member' });
    const robots = await t.http().get('/api/v1/operator/robots').set(bearer(member.token)).expect(200);
    expect(robots.body.robots).toHaveLength(2);

    expectProblem(
      await t.http().post('/api/v1/operator/enrollment_tokens').set(bearer(member.token)).send({ max_claims: 1 }),
      403,
      'forbidden',
      {
        detail: 'insufficient_role',
      },
    );
    const issued = await t.http().post('/api/v1/operator/enrollment_tokens').set(bearer(admin.token)).send({ max_claims: 1 }).expect(201);
    expect(await auditOf(owner.reg.workspaceId, 'enrollment_token.create')).toEqual([
      expect.objectContaining({
        actor_type: 'api_token',
        actor_id: admin.id,
        actor_label: admin.name,
        target_id: issued.body.enrollment_token.id,
      }),
    ]);

    // last_used_at is written in batches
    await t.app.get(ApiTokenVerifier).lastUsed.flush();
    const listed = (await t.http().get(TOKENS).set('cookie', owner.cookie).expect(200)).body.api_tokens;
    expect(listed.find((x: { id: string }) => x.id === admin.id).last_used_at).toEqual(expect.any(String));
  });

  it('is refused 403 person_required where a person is needed, and 401 on the other planes', async () => {
    const owner = await makeOperator(t);
    const { token } = await mint(owner);
    const person = [
      ['get', TOKENS],
      ['post', TOKENS],
      ['get', '/api/v1/operator/sso_connections'],
      ['get', '/api/v1/operator/members'],
      ['get', '/api/v1/operator/invitations'],
      ['post', '/api/v1/operator/invitations'],
      ['patch', '/api/v1/operator/workspace'],
      ['get', '/api/v1/operator/me'],
      ['get', '/api/v1/operator/me/sessions'],
      ['get', '/api/v1/operator/me/webauthn/credentials'],
      ['post', '/api/v1/operator/me/mfa/totp'],
      ['get', '/api/v1/operator/scim_tokens'],
    ] as const;
    for (const [method, path] of person) {
      const res = await t
        .http()
        [method](path)
        .set(bearer(token))
        .send(method === 'patch' ? { require_mfa: true } : {});
      expect(`${method} ${path} ${res.status} ${res.body.detail}`).toBe(`${method} ${path} 403 person_required`);
    }
    const planes = [
      '/api/v1/messages?limit=1',
      '/scim/v2/Users',
      '/api/v1/partner/engagements',
      '/api/v1/admin/workspaces',
      '/app/settings/api_tokens',
    ];
    for (const path of planes) {
      const res = await t.http().get(path).set(bearer(token));
      expect(`${path} ${res.status}`).toBe(`${path} 401`);
    }
  });

  it('counts in the machine rate limit under api_token:<id>, with the headers', async () => {
    const owner = await makeOperator(t);
    const { id, token } = await mint(owner);
    const consume = jest.spyOn(t.app.get(MachineRateLimiter), 'consume');
    const first = await t.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200);
    const second = await t.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(first.headers['x-ratelimit-reset']).toEqual(expect.any(String));
    const [req, , subject] = consume.mock.calls[0];
    expect(t.app.get(MachineRateLimiter).bucketKey(req, subject)).toBe(`api_token:${id}`);
    // a session's operator request is not counted
    const session = await t.http().get('/api/v1/operator/robots').set('cookie', owner.cookie).expect(200);
    expect(session.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('enforces allowed_ips against the client IP (trusted proxies honoured)', async () => {
    const owner = await makeOperator(t);
    const { token } = await mint(owner, { allowed_ips: ['203.0.113.0/24', '2001:db8::/32'] });
    const from = (ip: string) => t.http().get('/api/v1/operator/robots').set(bearer(token)).set('x-forwarded-for', ip);
    await from('203.0.113.77').expect(200);
    await from('2001:db8::5').expect(200);
    expectProblem(await from('198.51.100.1'), 403, 'forbidden', { detail: 'ip_not_allowed' });
  });

  it('cannot reach another workspace: B ids are 404, x-workspace-id of B is 403', async () => {
    const a = await makeOperator(t);
    const b = await makeOperator(t);
    const { token } = await mint(a);
    const { robotIds } = await insertRobots(t, b.reg.workspaceId, 1, { agents: false });
    expectProblem(await t.http().post(`/api/v1/operator/robots/${robotIds[0]}/retire`).set(bearer(token)), 404, 'not-found');
    expectProblem(await t.http().get(`/api/v1/operator/cohorts/${robotIds[0]}`).set(bearer(token)), 404, 'not-found');
    const listed = await t.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200);
    expect(listed.body.robots).toEqual([]);
    expectProblem(
      await t.http().get('/api/v1/operator/robots').set(bearer(token)).set('x-workspace-id', b.reg.workspaceId),
      403,
      'forbidden',
      {
        detail: 'not_a_member',
      },
    );
  });

  it('revoked: 401 at once on another node that had it cached; two revocations at once make one event', async () => {
    const owner = await makeOperator(t);
    const { id, token } = await mint(owner);
    await other.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200);
    await other.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200); // served from its cache
    const statuses = await Promise.all([1, 2].map(() => t.http().delete(`${TOKENS}/${id}`).set('cookie', owner.cookie)));
    expect(statuses.map((r) => r.status).sort()).toEqual([204, 404]);
    expect(await auditOf(owner.reg.workspaceId, 'api_token.revoke')).toHaveLength(1);
    await eventually(
      async () =>
        expectProblem(await other.http().get('/api/v1/operator/robots').set(bearer(token)), 401, 'unauthorized', {
          detail: 'api_token_revoked',
        }),
      { timeoutMs: EVERY_NODE_WITHIN_MS, what: 'the other node refusing the revoked token' },
    );
    expectProblem(await t.http().get('/api/v1/operator/robots').set(bearer(token)), 401, 'unauthorized', { detail: 'api_token_revoked' });
    expectProblem(
      await t
        .http()
        .get('/api/v1/operator/robots')
        .set(bearer(`${token.slice(0, -1)}A`)),
      401,
      'unauthorized',
    );
  });

  it('the console page creates (303, the secret shown once by the page it points to), lists and revokes', async () => {
    const owner = await makeOperator(t);
    const page = '/app/settings/api_tokens';
    const name = uniqueName('page token');
    const form = (fields: Record<string, string>) => ({
      post: () => t.http().post(page).set('cookie', owner.cookie).type('form').send(fields),
      cookie: owner.cookie,
      page,
      secret: /<code id="token-secret">(aot_[^<]+)<\/code>/,
    });
    const { secret, shown } = await postAndShowOnce(
      t,
      form({ name, role: 'member', expires_at: '', allowed_ips: '203.0.113.0/24, 198.51.100.9' }),
    );
    expect(secret).toMatch(AOT);
    expect(shown.text).toContain(`Token <strong>${name}</strong> created.`);
    // another admin of the workspace, and another log-in of the owner, cannot take one
    const admin = await colleague(t, owner, 'admin');
    await expectNotTakenBy(t, form({ name: uniqueName('stolen'), role: 'member' }), inWorkspace(admin.cookie, owner.reg.workspaceId));
    await expectNotTakenBy(t, form({ name: uniqueName('stolen'), role: 'member' }), await sessionCookie(t, owner.reg));
    await t.http().get('/api/v1/operator/robots').set(bearer(secret)).set('x-forwarded-for', '198.51.100.9').expect(200);

    const listed = await t.http().get(page).set('cookie', owner.cookie).expect(200);
    expect(listed.text).toContain(name);
    expect(listed.text).toContain('203.0.113.0/24, 198.51.100.9/32');
    expect(listed.text).not.toContain(secret.split('.')[1]);

    const bad = await t
      .http()
      .post(page)
      .set('cookie', owner.cookie)
      .type('form')
      .send({ name, role: 'member', allowed_ips: '10.0.0.1/8' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('allowed_ips');

    const [row] = await rowsOf(t, `SELECT id FROM api_tokens WHERE workspace_id = $1 AND name = $2`, [owner.reg.workspaceId, name]);
    const revoked = await t.http().post(`${page}/${row.id}/revoke`).set('cookie', owner.cookie).type('form').send({});
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe(`${page}?notice=revoked`);
    expect((await t.http().get(page).set('cookie', owner.cookie).expect(200)).text).not.toContain(name);
    expectProblem(
      await t.http().get('/api/v1/operator/robots').set(bearer(secret)).set('x-forwarded-for', '198.51.100.9'),
      401,
      'unauthorized',
    );
  });

  // last: it moves the clock of the app every other test uses
  it('expired: 401 once expires_at passes', async () => {
    const owner = await makeOperator(t);
    const { token } = await mint(owner, { expires_at: new Date(t.clock.now() + 3_600_000).toISOString() });
    await t.http().get('/api/v1/operator/robots').set(bearer(token)).expect(200);
    t.clock.advance(3_600_001);
    expectProblem(await t.http().get('/api/v1/operator/robots').set(bearer(token)), 401, 'unauthorized', { detail: 'api_token_expired' });
  });
});
