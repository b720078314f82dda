import { mintPrefixedSecret } from '../src/core/common/crypto/secrets';
import { DEVICE_DEFAULT_SCOPES } from '../src/enrollment/enrollment-rules';
import {
  asOperator,
  claim,
  claimsCount,
  ISO,
  issueToken,
  makeCohort,
  makeFleetOwner,
  OP,
  preRegister,
  setWorkspaceStatus,
  snapshot,
  uniqueSerial,
} from './enrollment-support';
import { AGK_KEY, Operator } from './support/console';
import { db, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

describe('POST /api/v1/enrollments/claim', () => {
  let t: TestApp;
  let owner: Operator;

  const messagesAs = (authorization: string) => t.http().get('/api/v1/messages').set('authorization', authorization);

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeFleetOwner(t, 'team');
  });
  afterAll(() => t.close());

  describe('single-use token (max_claims 1)', () => {
    it('creates the canonical agent with credentials that work on /api/v1/messages', async () => {
      const token = await issueToken(t, owner);
      const agent = { firmware: '4.2.0', hostname: 'picker-7', cpu: { cores: 4 } };
      const res = await claim(t, { token: token.token, agent }).expect(201);
      const body = res.body;

      expect(Object.keys(body).sort()).toEqual(['access_token', 'api_key', 'robot', 'service_agent', 'workspace']);
      expect(body.service_agent).toEqual({ id: expect.any(String), name: 'Enrolled agent', status: 'active', slug: expect.any(String) });
      expect(body.robot).toBeNull();
      expect(body.workspace).toEqual({
        id: owner.reg.workspaceId,
        name: owner.reg.body.workspace.name,
        slug: owner.reg.body.workspace.slug,
        status: 'active',
        plan: 'team',
      });
      expect(body.api_key).toEqual({
        type: 'api_key',
        key: expect.stringMatching(AGK_KEY),
        scopes: [...DEVICE_DEFAULT_SCOPES],
        credential_id: expect.any(String),
        service_agent_id: body.service_agent.id,
      });
      expect(body.access_token).toEqual({
        type: 'bearer',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        scopes: [...DEVICE_DEFAULT_SCOPES],
        credential_id: body.api_key.credential_id,
        expires_in: 2592000,
        service_agent_id: body.service_agent.id,
      });
      expect(body.api_key.scopes).toContain('credentials:write'); // a device rotates its own key (ADR 0237)

      // The runtime metadata is stored on the agent; the claim is recorded and counted.
      const [stored] = await db(t).query(`SELECT metadata, workspace_id, hidden, is_default FROM service_agents WHERE id = $1`, [
        body.service_agent.id,
      ]);
      expect(stored).toEqual({ metadata: agent, workspace_id: owner.reg.workspaceId, hidden: false, is_default: false });
      const records = await db(t).query(
        `SELECT service_agent_id, robot_id, serial_number FROM enrollment_claims WHERE enrollment_token_id = $1`,
        [token.id],
      );
      expect(records).toEqual([{ service_agent_id: body.service_agent.id, robot_id: null, serial_number: null }]);
      expect(await claimsCount(t, token.id)).toBe(1);

      // Both credentials work, as Bearer and as x-agent-api-key, and act as the new agent.
      await messagesAs(`Bearer ${body.api_key.key}`).expect(200);
      await messagesAs(`Bearer ${body.access_token.token}`).expect(200);
      await t.http().get('/api/v1/messages').set('x-agent-api-key', body.api_key.key).expect(200);
      const posted = await t
        .http()
        .post('/api/v1/messages')
        .set('authorization', `Bearer ${body.access_token.token}`)
        .send({ body: 'enrolled' })
        .expect(201);
      expect(posted.body.message.service_agent_id).toBe(body.service_agent.id);
    });

    it('answers a second use with 409 enrollment_claimed and creates nothing', async () => {
      const token = await issueToken(t, owner);
      await claim(t, { token: token.token }).expect(201);
      const before = await snapshot(t, owner.reg.workspaceId, token.id);
      expect(before.claims_count).toBe(1);

      expectProblem(await claim(t, { token: token.token }), 409, 'conflict', { detail: 'enrollment_claimed', title: 'Conflict' });
      expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }), 409, 'conflict', {
        detail: 'enrollment_claimed',
      });
      expect(await snapshot(t, owner.reg.workspaceId, token.id)).toEqual(before);
    });

    it('with a serial creates the robot, active and bound to the agent', async () => {
      const serial = uniqueSerial();
      const token = await issueToken(t, owner, { default_tags: ['lab'] });
      const res = await claim(t, { token: token.token, serial_number: ` ${serial} ` }).expect(201);
      expect(res.body.service_agent.name).toBe(serial);
      expect(res.body.robot).toEqual({
        id: expect.any(String),
        serial_number: serial,
        name: null,
        status: 'active',
        service_agent_id: res.body.service_agent.id,
        cohort_id: null,
        tags: ['lab'],
        claimed_at: expect.stringMatching(ISO),
        retired_at: null,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
    });
  });

  describe('token validity (401)', () => {
    it.each([
      ['an empty string', ''],
      ['random text', 'hello robot'],
      ['an agk_ key', mintPrefixedSecret('agk').value],
      ['an mpk_ key', mintPrefixedSecret('mpk').value],
      ['an age_ token with a short secret', `age_${'a'.repeat(11)}.${'b'.repeat(42)}`],
      ['an age_ token with trailing text', `${mintPrefixedSecret('age').value}x`],
      ['an unknown age_ prefix', mintPrefixedSecret('age').value],
    ])('refuses %s', async (_label, value) => {
      expectProblem(await claim(t, { token: value }), 401, 'unauthorized', { detail: 'invalid_enrollment_token', title: 'Unauthorized' });
    });

    it('refuses a known prefix with the wrong secret, without counting a claim', async () => {
      const token = await issueToken(t, owner, { max_claims: 3 });
      const forged = `${token.token.split('.')[0]}.${mintPrefixedSecret('age').value.split('.')[1]}`;
      const before = await snapshot(t, owner.reg.workspaceId, token.id);
      expectProblem(await claim(t, { token: forged, serial_number: uniqueSerial() }), 401, 'unauthorized', {
        detail: 'invalid_enrollment_token',
      });
      expect(await snapshot(t, owner.reg.workspaceId, token.id)).toEqual(before);
      expect(before.claims_count).toBe(0);
    });

    it('an age_ token is never accepted as an API credential, claimed or not', async () => {
      const token = await issueToken(t, owner);
      const tryEverywhere = async () => {
        expectProblem(await messagesAs(`Bearer ${token.token}`), 401, 'unauthorized');
        expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', token.token), 401, 'unauthorized');
        expectProblem(await t.http().post('/api/v1/agent_tokens').send({ api_key: token.token }), 401, 'unauthorized');
        expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', token.token), 401, 'unauthorized');
        expectProblem(await t.http().post('/api/v1/socket_tokens').set('authorization', `Bearer ${token.token}`), 401, 'unauthorized');
      };
      await tryEverywhere();
      await claim(t, { token: token.token }).expect(201);
      await tryEverywhere();
    });
  });

  describe('body validation (422)', () => {
    it.each([
      ['no token', { token: undefined, serial_number: 'SN-1' }, 'token'],
      ['a token that is not a string', { token: 42 }, 'token'],
      ['agent metadata that is an array', { agent: [1] }, 'agent'],
      ['agent metadata that is a string', { agent: 'robot' }, 'agent'],
      ['agent metadata over 8 KiB', { agent: { blob: 'x'.repeat(8200) } }, 'agent'],
      ['an unknown field', { robot: 'x' }, 'robot'],
      ['a blank serial', { serial_number: '  ' }, 'serial_number'],
    ])('refuses %s without consuming a claim', async (_label, extra, field) => {
      const token = await issueToken(t, owner);
      // JSON drops undefined members: { token: undefined } sends no token at all
      const res = await claim(t, { token: token.token, ...extra });
      const body = expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
      expect(Object.keys(body.errors as object)).toContain(field);
      expect(await claimsCount(t, token.id)).toBe(0);
    });

    it('accepts agent metadata of exactly 8 KiB', async () => {
      const token = await issueToken(t, owner);
      const agent = { blob: 'x'.repeat(8192 - JSON.stringify({ blob: '' }).length) };
      expect(Buffer.byteLength(JSON.stringify(agent))).toBe(8192);
      await claim(t, { token: token.token, agent }).expect(201);
    });
  });

  describe('workspace refusal (403)', () => {
    it.each(['frozen', 'paused', 'archived'] as const)(
      'a %s workspace creates nothing and keeps every claim of the token',
      async (status) => {
        const op = await makeFleetOwner(t, 'team');
        const serial = uniqueSerial();
        const pending = await preRegister(t, op, serial);
        const token = await issueToken(t, op, { max_claims: 2 });
        const before = await snapshot(t, op.reg.workspaceId, token.id);

        await setWorkspaceStatus(t, op.reg.workspaceId, status);
        const res = await claim(t, { token: token.token, serial_number: serial });
        const body = expectProblem(res, 403, 'forbidden', { error: `workspace_${status}`, title: 'Forbidden' });
        if (status === 'frozen') expect(body.detail).toMatch(/frozen.*refused until the freeze is lifted/);
        expect(await snapshot(t, op.reg.workspaceId, token.id)).toEqual(before);
        expect(before).toMatchObject({ claims_count: 0, agents: 0, robots: 1, active_robots: 0, claims: 0 });

        // Back to active: the token still has both claims, and the pending robot is still there to bind.
        await setWorkspaceStatus(t, op.reg.workspaceId, 'active');
        const ok = await claim(t, { token: token.token, serial_number: serial }).expect(201);
        expect(ok.body.robot.id).toBe(pending.id);
        await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
        expect(await claimsCount(t, token.id)).toBe(2);
      },
    );
  });

  describe('token state', () => {
    it('a revoked token is 409 enrollment_revoked and creates nothing', async () => {
      const token = await issueToken(t, owner, { max_claims: 5 });
      await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
      await asOperator(t, owner).post(`${OP}/enrollment_tokens/${token.id}/revoke`).expect(200);
      const before = await snapshot(t, owner.reg.workspaceId, token.id);
      expect(before.claims_count).toBe(1);
      expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }), 409, 'conflict', {
        detail: 'enrollment_revoked',
      });
      expect(await snapshot(t, owner.reg.workspaceId, token.id)).toEqual(before);
    });

    it('past expires_at the token is 410 enrollment-expired and creates nothing', async () => {
      const op = await makeFleetOwner(t, 'team');
      const token = await issueToken(t, op, { max_claims: 3, expires_in: 60 });
      expect(Date.parse(token.expires_at)).toBe(t.clock.now() + 60_000);
      t.clock.advance(59_999);
      await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);

      t.clock.advance(1); // exactly expires_at: no longer usable
      const before = await snapshot(t, op.reg.workspaceId, token.id);
      const body = expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }), 410, 'enrollment-expired', {
        title: 'Gone',
        detail: 'enrollment_expired',
      });
      expect(body.status).toBe(410);
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toEqual(before);
      expect(before.claims_count).toBe(1);

      const listed = await asOperator(t, op).get(`${OP}/enrollment_tokens`).expect(200);
      expect(listed.body.enrollment_tokens.find((x: { id: string }) => x.id === token.id).status).toBe('expired');
    });

    it('a fleet token with every claim used is 409 enrollment_exhausted and creates nothing', async () => {
      const token = await issueToken(t, owner, { max_claims: 2 });
      const agents = new Set<string>();
      for (let i = 0; i < 2; i++) {
        const res = await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
        agents.add(res.body.service_agent.id);
      }
      expect(agents.size).toBe(2); // a fresh identity per claim
      const before = await snapshot(t, owner.reg.workspaceId, token.id);
      expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }), 409, 'conflict', {
        detail: 'enrollment_exhausted',
      });
      expect(await snapshot(t, owner.reg.workspaceId, token.id)).toEqual(before);
      expect(before.claims_count).toBe(2);
    });
  });

  describe('fleet token (max_claims > 1)', () => {
    let fleetOwner: Operator;
    beforeAll(async () => {
      fleetOwner = await makeFleetOwner(t, 'team');
    });
    const ws = () => fleetOwner.reg.workspaceId;

    it('needs a serial number: 400 serial_number_required', async () => {
      const token = await issueToken(t, fleetOwner, { max_claims: 4 });
      const before = await snapshot(t, ws(), token.id);
      expectProblem(await claim(t, { token: token.token }), 400, 'bad-request', { detail: 'serial_number_required' });
      expect(await snapshot(t, ws(), token.id)).toEqual(before);
      expect(before.claims_count).toBe(0);
    });

    it('checks the allowlist: 400 serial_not_allowed, listed serials pass', async () => {
      const allowed = uniqueSerial('OK');
      const token = await issueToken(t, fleetOwner, { max_claims: 4, serial_allowlist: [allowed, uniqueSerial('OK')] });
      const before = await snapshot(t, ws(), token.id);
      expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial('NO') }), 400, 'bad-request', {
        detail: 'serial_not_allowed',
      });
      // exact match only
      expectProblem(await claim(t, { token: token.token, serial_number: allowed.toLowerCase() }), 400, 'bad-request', {
        detail: 'serial_not_allowed',
      });
      expect(await snapshot(t, ws(), token.id)).toEqual(before);
      await claim(t, { token: token.token, serial_number: allowed }).expect(201);
      expect(await claimsCount(t, token.id)).toBe(1);
    });

    it('refuses a serial already claimed in the workspace (any token): 400 serial_already_claimed', async () => {
      const serial = uniqueSerial();
      const first = await issueToken(t, fleetOwner, { max_claims: 4 });
      await claim(t, { token: first.token, serial_number: serial }).expect(201);
      const second = await issueToken(t, fleetOwner, { max_claims: 4 });

      const before = { first: await snapshot(t, ws(), first.id), second: await snapshot(t, ws(), second.id) };
      expectProblem(await claim(t, { token: first.token, serial_number: serial }), 400, 'bad-request', {
        detail: 'serial_already_claimed',
      });
      expectProblem(await claim(t, { token: second.token, serial_number: serial }), 400, 'bad-request', {
        detail: 'serial_already_claimed',
      });
      expect({ first: await snapshot(t, ws(), first.id), second: await snapshot(t, ws(), second.id) }).toEqual(before);
      expect([before.first.claims_count, before.second.claims_count]).toEqual([1, 0]);
    });

    it('a serial claimed in another workspace is free in this one', async () => {
      const other = await makeFleetOwner(t, 'team');
      const serial = uniqueSerial();
      await claim(t, { token: (await issueToken(t, other, { max_claims: 2 })).token, serial_number: serial }).expect(201);
      await claim(t, { token: (await issueToken(t, fleetOwner, { max_claims: 2 })).token, serial_number: serial }).expect(201);
    });

    it("a retired robot's serial is 410 robot-decommissioned and does not count a claim", async () => {
      const serial = uniqueSerial();
      const robot = await preRegister(t, fleetOwner, serial);
      await asOperator(t, fleetOwner).post(`${OP}/robots/${robot.id}/retire`).expect(200);
      const token = await issueToken(t, fleetOwner, { max_claims: 3 });
      const before = await snapshot(t, ws(), token.id);

      expectProblem(await claim(t, { token: token.token, serial_number: serial }), 410, 'robot-decommissioned', {
        title: 'Gone',
        detail: 'robot_decommissioned',
      });
      expect(await snapshot(t, ws(), token.id)).toEqual(before);
      expect(before.claims_count).toBe(0);
      const [row] = await db(t).query(`SELECT status, service_agent_id FROM robots WHERE id = $1`, [robot.id]);
      expect(row).toEqual({ status: 'retired', service_agent_id: null });
    });

    it('binds the pre-registered pending robot and applies the cohort and default tags', async () => {
      const serial = uniqueSerial();
      const cohort = await makeCohort(t, fleetOwner, `Line ${serial}`);
      const pending = await preRegister(t, fleetOwner, serial, 'Picker 7');
      const token = await issueToken(t, fleetOwner, {
        max_claims: 5,
        cohort_id: cohort.id,
        default_tags: ['warehouse', 'eu-west'],
      });
      const before = await snapshot(t, ws(), token.id);

      const res = await claim(t, { token: token.token, serial_number: serial, agent: { firmware: '1.0' } }).expect(201);
      const { service_agent, robot } = res.body;
      expect(service_agent.name).toBe('Picker 7');
      expect(robot).toMatchObject({
        id: pending.id,
        serial_number: serial,
        name: 'Picker 7',
        status: 'active',
        service_agent_id: service_agent.id,
        cohort_id: cohort.id,
        tags: ['warehouse', 'eu-west'],
        claimed_at: expect.stringMatching(ISO),
        retired_at: null,
      });
      const after = await snapshot(t, ws(), token.id);
      // bound, not created: one more agent, claim and active robot, but no new robot row
      expect(after).toEqual({
        ...before,
        claims_count: 1,
        agents: before.agents + 1,
        robots: before.robots,
        active_robots: before.active_robots + 1,
        claims: before.claims + 1,
        credentials: before.credentials + 1,
        access_tokens: before.access_tokens + 1,
      });
      const [stored] = await db(t).query(`SELECT status, service_agent_id, cohort_id, tags FROM robots WHERE id = $1`, [pending.id]);
      expect(stored).toEqual({
        status: 'active',
        service_agent_id: service_agent.id,
        cohort_id: cohort.id,
        tags: ['warehouse', 'eu-west'],
      });

      // The operator sees it: in the robot list and as a member of the cohort.
      const listed = await asOperator(t, fleetOwner).get(`${OP}/robots?filter[status]=active`).expect(200);
      expect(listed.body.robots.map((r: { id: string }) => r.id)).toContain(pending.id);
      const shown = await asOperator(t, fleetOwner).get(`${OP}/cohorts/${cohort.id}`).expect(200);
      expect(shown.body.cohort).toMatchObject({ id: cohort.id, robot_count: 1 });
      expect(shown.body.members.map((r: { id: string }) => r.id)).toEqual([pending.id]);
    });

    it('creates a robot in the cohort with the tags when none was pre-registered, a fresh agent each time', async () => {
      const cohort = await makeCohort(t, fleetOwner, `Fleet ${uniqueSerial()}`);
      const token = await issueToken(t, fleetOwner, { max_claims: 3, cohort_id: cohort.id, default_tags: ['dock'] });
      const serials = [uniqueSerial(), uniqueSerial(), uniqueSerial()];
      const bodies = [];
      for (const serial of serials) bodies.push((await claim(t, { token: token.token, serial_number: serial }).expect(201)).body);

      expect(new Set(bodies.map((b) => b.service_agent.id)).size).toBe(3);
      expect(new Set(bodies.map((b) => b.api_key.credential_id)).size).toBe(3);
      for (const [i, b] of bodies.entries()) {
        expect(b.robot).toMatchObject({ serial_number: serials[i], status: 'active', cohort_id: cohort.id, tags: ['dock'] });
        expect(b.robot.service_agent_id).toBe(b.service_agent.id);
        await messagesAs(`Bearer ${b.api_key.key}`).expect(200);
      }
      expect(await claimsCount(t, token.id)).toBe(3);
      const shown = await asOperator(t, fleetOwner).get(`${OP}/cohorts/${cohort.id}`).expect(200);
      expect(shown.body.members.map((r: { serial_number: string }) => r.serial_number).sort()).toEqual([...serials].sort());
    });

    it('grants the scopes the token names, credentials:write only when an admin asked for it', async () => {
      const token = await issueToken(t, fleetOwner, { max_claims: 2, scopes: ['tasks:read', 'credentials:write'] });
      const res = await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
      expect(res.body.api_key.scopes).toEqual(['tasks:read', 'credentials:write']);
      expect(res.body.access_token.scopes).toEqual(['tasks:read', 'credentials:write']);
      await t.http().get('/api/v1/tasks').set('authorization', `Bearer ${res.body.access_token.token}`).expect(200);
      expectProblem(await messagesAs(`Bearer ${res.body.api_key.key}`), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
    });

    it("retiring a claimed robot deactivates its agent; its serial can't be claimed again", async () => {
      const serial = uniqueSerial();
      const token = await issueToken(t, fleetOwner, { max_claims: 3 });
      const res = await claim(t, { token: token.token, serial_number: serial }).expect(201);
      await messagesAs(`Bearer ${res.body.api_key.key}`).expect(200);

      const retired = await asOperator(t, fleetOwner).post(`${OP}/robots/${res.body.robot.id}/retire`).expect(200);
      expect(retired.body.robot).toMatchObject({ status: 'retired', retired_at: expect.stringMatching(ISO) });
      expectProblem(await messagesAs(`Bearer ${res.body.api_key.key}`), 403, 'forbidden', { detail: 'service_agent_inactive' });
      expectProblem(await messagesAs(`Bearer ${res.body.access_token.token}`), 403, 'forbidden', { detail: 'service_agent_inactive' });

      expectProblem(await claim(t, { token: token.token, serial_number: serial }), 410, 'robot-decommissioned');
      expect(await claimsCount(t, token.id)).toBe(1);
    });
  });

  describe('order of checks', () => {
    it('answers the first refusal that applies: workspace (403), token state (409, 410), serial (400, 410), quota (429)', async () => {
      const op = await makeFleetOwner(t, 'free'); // 10 agents
      const ws = op.reg.workspaceId;
      const fleet = await issueToken(t, op, { max_claims: 5 });
      const single = await issueToken(t, op, { max_claims: 1 });
      const expiring = await issueToken(t, op, { max_claims: 5, expires_in: 60 });
      const claimed = uniqueSerial();
      await claim(t, { token: fleet.token, serial_number: claimed }).expect(201);
      await claim(t, { token: single.token }).expect(201);
      const retired = uniqueSerial();
      const robot = await preRegister(t, op, retired);
      await asOperator(t, op).post(`${OP}/robots/${robot.id}/retire`).expect(200);
      // the agent quota is full: 2 claimed + 8
      await db(t).query(
        `INSERT INTO service_agents (workspace_id, name, slug, scopes) SELECT $1, 'Filler ' || g, 'filler-' || g, '{}' FROM generate_series(1, 8) g`,
        [ws],
      );
      const before = await snapshot(t, ws);
      const refused = async (token: string, serial: string | undefined, status: number, slug: string, fields: Record<string, unknown>) =>
        expectProblem(await claim(t, serial === undefined ? { token } : { token, serial_number: serial }), status, slug, fields);

      // usable fleet token: the serial before the quota
      await refused(fleet.token, claimed, 400, 'bad-request', { detail: 'serial_already_claimed' });
      await refused(fleet.token, retired, 410, 'robot-decommissioned', { detail: 'robot_decommissioned' });
      await refused(fleet.token, undefined, 400, 'bad-request', { detail: 'serial_number_required' });
      await refused(fleet.token, uniqueSerial(), 429, 'quota-exceeded', { detail: 'agent_quota_reached' });
      // a used single-use token: its state before the serial and the quota
      await refused(single.token, claimed, 409, 'conflict', { detail: 'enrollment_claimed' });
      // revoked before expired
      await asOperator(t, op).post(`${OP}/enrollment_tokens/${expiring.id}/revoke`).expect(200);
      t.clock.advance(60_000);
      await refused(expiring.token, retired, 409, 'conflict', { detail: 'enrollment_revoked' });
      // the workspace before everything but the token itself
      await setWorkspaceStatus(t, ws, 'frozen');
      await refused(expiring.token, claimed, 403, 'forbidden', { error: 'workspace_frozen' });
      await refused(single.token, uniqueSerial(), 403, 'forbidden', { error: 'workspace_frozen' });
      await refused(`${single.token.slice(0, -4)}AAAA`, claimed, 401, 'unauthorized', { detail: 'invalid_enrollment_token' });

      expect(await snapshot(t, ws)).toEqual(before);
    });
  });

  describe('metrics', () => {
    const valueOf = async (outcome: string): Promise<number> => {
      const res = await t.http().get('/metrics').set('authorization', `Bearer ${t.config.metricsBearerToken}`).expect(200);
      const line = res.text.split('\n').find((l) => l.startsWith(`enrollment_claims_total{outcome="${outcome}"}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };

    it('counts claims by outcome', async () => {
      const before = {
        claimed: await valueOf('claimed'),
        claimedAgain: await valueOf('enrollment_claimed'),
        invalid: await valueOf('invalid_enrollment_token'),
      };
      const token = await issueToken(t, owner);
      await claim(t, { token: token.token }).expect(201);
      await claim(t, { token: token.token }).expect(409);
      await claim(t, { token: 'nope' }).expect(401);
      expect({
        claimed: await valueOf('claimed'),
        claimedAgain: await valueOf('enrollment_claimed'),
        invalid: await valueOf('invalid_enrollment_token'),
      }).toEqual({ claimed: before.claimed + 1, claimedAgain: before.claimedAgain + 1, invalid: before.invalid + 1 });
    });
  });
});
