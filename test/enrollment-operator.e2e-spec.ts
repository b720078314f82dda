import { createHash, randomUUID } from 'node:crypto';
import { DEVICE_DEFAULT_SCOPES } from '../src/enrollment/enrollment-rules';
import { AGE_TOKEN, asOperator, claim, ISO, issueToken, makeCohort, makeFleetOwner, OP, preRegister } from './enrollment-support';
import { addMembership, makeOperator, Operator } from './support/console';
import { db, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;

describe('operator REST: enrollment tokens, robots, cohorts', () => {
  let t: TestApp;
  /** Owner of workspace A. */
  let owner: Operator;
  /** Admin in A (owner of a workspace of their own). */
  let admin: Operator;
  /** Member in A. */
  let member: Operator;
  /** Owner of an unrelated workspace B. */
  let stranger: Operator;

  const A = () => owner.reg.workspaceId;
  const asOwner = () => asOperator(t, owner);
  const asAdmin = () => asOperator(t, admin, A());
  const asMember = () => asOperator(t, member, A());
  const asStranger = () => asOperator(t, stranger);

  function expectValidation(res: Parameters<typeof expectProblem>[0], field: string) {
    const body = expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
    expect(Object.keys(body.errors as object)).toContain(field);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeFleetOwner(t, 'team');
    admin = await makeOperator(t);
    member = await makeOperator(t);
    stranger = await makeOperator(t);
    await addMembership(t, admin.reg.email, A(), 'admin');
    await addMembership(t, member.reg.email, A(), 'member');
  });
  afterAll(() => t.close());

  describe('enrollment tokens', () => {
    it('issues a token shown once, with the documented defaults; only its prefix and hash are stored', async () => {
      const res = await asOwner().post(`${OP}/enrollment_tokens`).expect(201);
      const tok = res.body.enrollment_token;
      expect(Object.keys(res.body)).toEqual(['enrollment_token']);
      expect(tok).toEqual({
        id: expect.any(String),
        token: expect.stringMatching(AGE_TOKEN),
        prefix: tok.token.split('.')[0],
        status: 'usable',
        max_claims: 1,
        claims_count: 0,
        expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
        serial_allowlist: [],
        cohort_id: null,
        default_tags: [],
        scopes: [...DEVICE_DEFAULT_SCOPES],
        revoked_at: null,
        created_by: expect.any(String),
        inserted_at: expect.stringMatching(ISO),
      });
      const [{ id: ownerId }] = await db(t).query(`SELECT id FROM users WHERE email = $1`, [owner.reg.email]);
      expect(tok.created_by).toBe(ownerId);

      const [prefix, secret] = tok.token.slice('age_'.length).split('.');
      const [row] = await db(t).query(`SELECT * FROM enrollment_tokens WHERE id = $1`, [tok.id]);
      expect(row.prefix).toBe(prefix);
      expect(Buffer.compare(row.secret_hash, sha256(secret))).toBe(0);
      expect(JSON.stringify(row)).not.toContain(secret);
    });

    it('takes every documented option', async () => {
      const cohort = await makeCohort(t, owner, unique('Cohort'));
      const tok = await issueToken(t, owner, {
        max_claims: 100000,
        expires_in: 2592000,
        serial_allowlist: [' SN-1 ', 'SN-2', 'SN-1'],
        cohort_id: cohort.id,
        default_tags: ['a', 'b'],
        scopes: ['messages:read'],
      });
      expect(tok).toMatchObject({
        max_claims: 100000,
        expires_at: new Date(t.clock.now() + 2_592_000_000).toISOString(),
        serial_allowlist: ['SN-1', 'SN-2'],
        cohort_id: cohort.id,
        default_tags: ['a', 'b'],
        scopes: ['messages:read'],
      });
    });

    it.each([
      ['max_claims', { max_claims: 0 }],
      ['max_claims', { max_claims: 100001 }],
      ['expires_in', { expires_in: 2592001 }],
      ['scopes', { scopes: ['messages:read', 'admin:everything'] }],
      ['cohort_id', { cohort_id: 'nope' }],
      ['default_tags', { default_tags: [''] }],
      ['token', { token: 'age_mine.mine' }],
    ])('refuses an invalid %s with 422', async (field, body) => {
      expectValidation(await asOwner().post(`${OP}/enrollment_tokens`, body), field);
    });

    it("refuses another workspace's cohort (422), never linking across tenants", async () => {
      const foreign = await makeCohort(t, stranger, unique('Theirs'));
      expectValidation(await asOwner().post(`${OP}/enrollment_tokens`, { cohort_id: foreign.id }), 'cohort_id');
      expectValidation(await asOwner().post(`${OP}/enrollment_tokens`, { cohort_id: randomUUID() }), 'cohort_id');
    });

    it('lists newest first with count and pagination, never showing a secret', async () => {
      const op = await makeFleetOwner(t, 'team');
      const issued = [];
      for (let i = 0; i < 3; i++) issued.push(await issueToken(t, op, { max_claims: i + 1 }));
      await claim(t, { token: issued[0].token }).expect(201);

      const res = await asOperator(t, op).get(`${OP}/enrollment_tokens`).expect(200);
      expect(res.body.count).toBe(3);
      expect(res.body.pagination).toEqual({ limit: 50, offset: 0, total: 3, has_more: false });
      expect(res.body.enrollment_tokens.map((x: { id: string }) => x.id)).toEqual(issued.map((x) => x.id).reverse());
      expect(res.body.enrollment_tokens[2]).toMatchObject({ status: 'claimed', claims_count: 1 });
      for (const listed of res.body.enrollment_tokens) expect(listed).not.toHaveProperty('token');
      for (const { token } of issued) {
        expect(res.text).not.toContain(token);
        expect(res.text).not.toContain(token.split('.')[1]);
      }

      const page = await asOperator(t, op).get(`${OP}/enrollment_tokens?limit=2&offset=2`).expect(200);
      expect(page.body).toMatchObject({ count: 1, pagination: { limit: 2, offset: 2, total: 3, has_more: false } });
      expectProblem(await asOperator(t, op).get(`${OP}/enrollment_tokens?limit=0`), 400, 'bad-request', { detail: 'invalid_limit' });
      expectProblem(await asOperator(t, op).get(`${OP}/enrollment_tokens?limit=101`), 400, 'bad-request', { detail: 'invalid_limit' });
      expectProblem(await asOperator(t, op).get(`${OP}/enrollment_tokens?offset=-1`), 400, 'bad-request', { detail: 'invalid_offset' });
    });

    it('revokes (idempotently); a revoked token stays listed as revoked', async () => {
      const tok = await issueToken(t, owner);
      const res = await asAdmin().post(`${OP}/enrollment_tokens/${tok.id}/revoke`).expect(200);
      expect(res.body.enrollment_token).toMatchObject({ id: tok.id, status: 'revoked', revoked_at: expect.stringMatching(ISO) });
      expect(res.body.enrollment_token).not.toHaveProperty('token');
      t.clock.advance(5_000);
      const again = await asOwner().post(`${OP}/enrollment_tokens/${tok.id}/revoke`).expect(200);
      expect(again.body.enrollment_token.revoked_at).toBe(res.body.enrollment_token.revoked_at);
      expectProblem(await claim(t, { token: tok.token }), 409, 'conflict', { detail: 'enrollment_revoked' });
    });

    it('answers unknown, malformed and foreign ids alike: 404', async () => {
      const tok = await issueToken(t, owner);
      expectProblem(await asOwner().post(`${OP}/enrollment_tokens/${randomUUID()}/revoke`), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/enrollment_tokens/not-a-uuid/revoke`), 404, 'not-found');
      expectProblem(await asStranger().post(`${OP}/enrollment_tokens/${tok.id}/revoke`), 404, 'not-found');
      // the stranger's attempt changed nothing, and their list does not show it
      const [row] = await db(t).query(`SELECT revoked_at FROM enrollment_tokens WHERE id = $1`, [tok.id]);
      expect(row.revoked_at).toBeNull();
      const theirs = await asStranger().get(`${OP}/enrollment_tokens`).expect(200);
      expect(theirs.body.enrollment_tokens.map((x: { id: string }) => x.id)).not.toContain(tok.id);
      await claim(t, { token: tok.token }).expect(201);
    });
  });

  describe('roles', () => {
    it('members may list but not issue, revoke, pre-register, retire or create cohorts (403)', async () => {
      const tok = await issueToken(t, owner);
      const robot = await preRegister(t, owner, unique('SN'));
      const before = (await db(t).query(`SELECT count(*)::int AS n FROM enrollment_tokens WHERE workspace_id = $1`, [A()]))[0].n;

      for (const res of [
        await asMember().post(`${OP}/enrollment_tokens`, {}),
        await asMember().post(`${OP}/enrollment_tokens/${tok.id}/revoke`),
        await asMember().post(`${OP}/robots`, { serial_number: unique('SN') }),
        await asMember().post(`${OP}/robots/${robot.id}/retire`),
        await asMember().post(`${OP}/cohorts`, { name: unique('Nope') }),
      ]) {
        expectProblem(res, 403, 'forbidden', { detail: 'insufficient_role' });
      }
      expect((await db(t).query(`SELECT count(*)::int AS n FROM enrollment_tokens WHERE workspace_id = $1`, [A()]))[0].n).toBe(before);
      const [row] = await db(t).query(`SELECT status FROM robots WHERE id = $1`, [robot.id]);
      expect(row.status).toBe('pending');

      const listed = await asMember().get(`${OP}/enrollment_tokens`).expect(200);
      expect(listed.body.enrollment_tokens.map((x: { id: string }) => x.id)).toContain(tok.id);
      await asMember().get(`${OP}/robots`).expect(200);
      await asMember().get(`${OP}/cohorts`).expect(200);
    });

    it('admins may issue and manage', async () => {
      const res = await asAdmin().post(`${OP}/enrollment_tokens`, { max_claims: 2 }).expect(201);
      expect(res.body.enrollment_token.token).toMatch(AGE_TOKEN);
      await asAdmin()
        .post(`${OP}/robots`, { serial_number: unique('SN') })
        .expect(201);
      await asAdmin()
        .post(`${OP}/cohorts`, { name: unique('Admins') })
        .expect(201);
    });

    it('without a session every route is 401', async () => {
      for (const res of [
        await t.http().post(`${OP}/enrollment_tokens`).send({}),
        await t.http().get(`${OP}/enrollment_tokens`),
        await t.http().post(`${OP}/enrollment_tokens/${randomUUID()}/revoke`),
        await t.http().post(`${OP}/robots`).send({ serial_number: 'x' }),
        await t.http().get(`${OP}/robots`),
        await t.http().post(`${OP}/robots/${randomUUID()}/retire`),
        await t.http().post(`${OP}/cohorts`).send({ name: 'x' }),
        await t.http().get(`${OP}/cohorts`),
        await t.http().get(`${OP}/cohorts/${randomUUID()}`),
      ]) {
        expectProblem(res, 401, 'unauthorized');
      }
    });

    it('an agk_ key does not open operator REST', async () => {
      expectProblem(
        await t.http().post(`${OP}/enrollment_tokens`).set('authorization', `Bearer ${owner.reg.apiKey}`).send({}),
        401,
        'unauthorized',
      );
    });
  });

  describe('robots', () => {
    it('pre-registers a pending robot; a serial is unique in the workspace (422)', async () => {
      const serial = unique('SN');
      const res = await asOwner()
        .post(`${OP}/robots`, { serial_number: ` ${serial} `, name: 'Arm 1' })
        .expect(201);
      expect(res.body.robot).toEqual({
        id: expect.any(String),
        serial_number: serial,
        name: 'Arm 1',
        status: 'pending',
        service_agent_id: null,
        cohort_id: null,
        tags: [],
        claimed_at: null,
        retired_at: null,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expectValidation(await asOwner().post(`${OP}/robots`, { serial_number: serial }), 'serial_number');
      // another workspace may use the same serial
      await asStranger().post(`${OP}/robots`, { serial_number: serial }).expect(201);
      expectValidation(await asOwner().post(`${OP}/robots`, {}), 'serial_number');
      expectValidation(await asOwner().post(`${OP}/robots`, { serial_number: 'x'.repeat(129) }), 'serial_number');
    });

    it('lists newest first, filtered by status (nested filter wins; bad values 400)', async () => {
      const op = await makeFleetOwner(t, 'team');
      const pending = await preRegister(t, op, unique('P'));
      const retired = await preRegister(t, op, unique('R'));
      await asOperator(t, op).post(`${OP}/robots/${retired.id}/retire`).expect(200);
      const tok = await issueToken(t, op, { max_claims: 2 });
      const active = (await claim(t, { token: tok.token, serial_number: unique('A') }).expect(201)).body.robot;

      const all = await asOperator(t, op).get(`${OP}/robots`).expect(200);
      expect(all.body.robots.map((r: { id: string }) => r.id)).toEqual([active.id, retired.id, pending.id]);
      expect(all.body).toMatchObject({ count: 3, pagination: { limit: 50, offset: 0, total: 3, has_more: false } });
      const ids = async (q: string) =>
        (await asOperator(t, op).get(`${OP}/robots?${q}`).expect(200)).body.robots.map((r: { id: string }) => r.id);
      expect(await ids('status=pending')).toEqual([pending.id]);
      expect(await ids('filter[status]=retired')).toEqual([retired.id]);
      expect(await ids('status=pending&filter[status]=active')).toEqual([active.id]);
      expectProblem(await asOperator(t, op).get(`${OP}/robots?status=broken`), 400, 'bad-request', { detail: 'invalid_status' });
      expectProblem(await asOperator(t, op).get(`${OP}/robots?limit=101`), 400, 'bad-request', { detail: 'invalid_limit' });
      // tenant scope: the stranger sees none of these
      const theirs = await asStranger().get(`${OP}/robots`).expect(200);
      expect(theirs.body.robots.map((r: { id: string }) => r.id)).not.toEqual(expect.arrayContaining([pending.id]));
    });

    it('retires (idempotently); foreign and unknown robots are 404', async () => {
      const robot = await preRegister(t, owner, unique('SN'));
      expectProblem(await asStranger().post(`${OP}/robots/${robot.id}/retire`), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/robots/${randomUUID()}/retire`), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/robots/123/retire`), 404, 'not-found');
      const [still] = await db(t).query(`SELECT status FROM robots WHERE id = $1`, [robot.id]);
      expect(still.status).toBe('pending');

      const first = await asAdmin().post(`${OP}/robots/${robot.id}/retire`).expect(200);
      expect(first.body.robot).toMatchObject({ id: robot.id, status: 'retired', retired_at: expect.stringMatching(ISO) });
      t.clock.advance(1_000);
      const second = await asOwner().post(`${OP}/robots/${robot.id}/retire`).expect(200);
      expect(second.body.robot.retired_at).toBe(first.body.robot.retired_at);
    });
  });

  describe('cohorts', () => {
    it('creates cohorts with names unique per workspace, ignoring case', async () => {
      const name = unique('Line');
      const res = await asOwner()
        .post(`${OP}/cohorts`, { name: `  ${name} ` })
        .expect(201);
      expect(res.body.cohort).toEqual({
        id: expect.any(String),
        name,
        robot_count: 0,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expectValidation(await asOwner().post(`${OP}/cohorts`, { name: name.toUpperCase() }), 'name');
      expectValidation(await asOwner().post(`${OP}/cohorts`, { name: '' }), 'name');
      await asStranger().post(`${OP}/cohorts`, { name }).expect(201);
    });

    it('lists with limit default 100, max 500', async () => {
      const op = await makeFleetOwner(t, 'team');
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await makeCohort(t, op, `C${i}`));
      const res = await asOperator(t, op).get(`${OP}/cohorts`).expect(200);
      expect(res.body.cohorts.map((c: { id: string }) => c.id)).toEqual(made.map((c) => c.id).reverse());
      expect(res.body).toMatchObject({ count: 3, pagination: { limit: 100, offset: 0, total: 3, has_more: false } });
      const page = await asOperator(t, op).get(`${OP}/cohorts?limit=500&offset=1`).expect(200);
      expect(page.body).toMatchObject({ count: 2, pagination: { limit: 500, offset: 1, total: 3 } });
      const small = await asOperator(t, op).get(`${OP}/cohorts?limit=1`).expect(200);
      expect(small.body).toMatchObject({ count: 1, pagination: { limit: 1, total: 3, has_more: true } });
      expectProblem(await asOperator(t, op).get(`${OP}/cohorts?limit=501`), 400, 'bad-request', { detail: 'invalid_limit' });
      expectProblem(await asOperator(t, op).get(`${OP}/cohorts?limit=abc`), 400, 'bad-request', { detail: 'invalid_limit' });
    });

    it('shows a cohort with its members (paged, default 100, max 500); foreign cohorts are 404', async () => {
      const op = await makeFleetOwner(t, 'team');
      const cohort = await makeCohort(t, op, 'Dock');
      const tok = await issueToken(t, op, { max_claims: 3, cohort_id: cohort.id });
      const serials = [unique('M'), unique('M'), unique('M')];
      for (const serial of serials) await claim(t, { token: tok.token, serial_number: serial }).expect(201);
      await preRegister(t, op, unique('Outsider'));

      const res = await asOperator(t, op).get(`${OP}/cohorts/${cohort.id}`).expect(200);
      expect(res.body.cohort).toMatchObject({ id: cohort.id, name: 'Dock', robot_count: 3 });
      expect(res.body.members.map((r: { serial_number: string }) => r.serial_number)).toEqual([...serials].reverse());
      expect(res.body).toMatchObject({ count: 3, pagination: { limit: 100, offset: 0, total: 3, has_more: false } });
      const page = await asOperator(t, op).get(`${OP}/cohorts/${cohort.id}?limit=2&offset=2`).expect(200);
      expect(page.body.members.map((r: { serial_number: string }) => r.serial_number)).toEqual([serials[0]]);
      expectProblem(await asOperator(t, op).get(`${OP}/cohorts/${cohort.id}?limit=501`), 400, 'bad-request', { detail: 'invalid_limit' });

      expectProblem(await asStranger().get(`${OP}/cohorts/${cohort.id}`), 404, 'not-found');
      expectProblem(await asOperator(t, op).get(`${OP}/cohorts/${randomUUID()}`), 404, 'not-found');
      expectProblem(await asOperator(t, op).get(`${OP}/cohorts/nope`), 404, 'not-found');
    });
  });

  it('every route is in the OpenAPI document with its auth and problem responses', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const ops: [string, string, string[]][] = [
      ['/api/v1/operator/enrollment_tokens', 'post', ['201', '401', '403', '422']],
      ['/api/v1/operator/enrollment_tokens', 'get', ['200', '400', '401', '403']],
      ['/api/v1/operator/enrollment_tokens/{id}/revoke', 'post', ['200', '401', '403', '404']],
      ['/api/v1/operator/robots', 'post', ['201', '401', '403', '422', '429']],
      ['/api/v1/operator/robots', 'get', ['200', '400', '401', '403']],
      ['/api/v1/operator/robots/{id}/retire', 'post', ['200', '401', '403', '404']],
      ['/api/v1/operator/cohorts', 'post', ['201', '401', '403', '422']],
      ['/api/v1/operator/cohorts', 'get', ['200', '400', '401', '403']],
      ['/api/v1/operator/cohorts/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/v1/enrollments/claim', 'post', ['201', '400', '401', '403', '409', '410', '422', '429']],
    ];
    for (const [path, method, statuses] of ops) {
      const op = doc.paths[path]?.[method];
      expect({ path, method, responses: Object.keys(op?.responses ?? {}) }).toEqual({
        path,
        method,
        responses: expect.arrayContaining(statuses),
      });
      // a session, or an operator API token (these routes need no person)
      if (path.includes('/operator/')) expect(op.security).toEqual([{ session: [] }, { 'api-token': [] }]);
    }
  });
});
