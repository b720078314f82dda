import { ApprovalsService } from '../src/gateway-rules/approvals.service';
import { ViolationRecorder } from '../src/security-violations/violation-recorder.service';
import { asOperator } from './enrollment-support';
import { makeOperator, type Operator } from './support/console';
import { colleague, eventsOf, ISO, rowsOf, UUID } from './support/fleet';
import { expectProblem } from './support/problem';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const RULES = '/api/v1/operator/gateway_rules';
const APPROVALS = '/api/v1/operator/approvals';
const CHECK = '/api/v1/gateway/check';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('gateway rules, checks and approvals', () => {
  let t: TestApp;
  let base: string;
  const open: SocketClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  /** A fresh owner with a gateway:check key on the default agent. */
  async function setup(): Promise<{ owner: Operator; key: string; credentialId: string; agentId: string }> {
    const owner = await makeOperator(t);
    const issued = await issueKey(t, owner.reg, ['gateway:check', 'sockets:connect']);
    return { owner, key: issued.key, credentialId: issued.credentialId, agentId: issued.serviceAgentId };
  }
  const rule = async (owner: Operator, body: object) => {
    const res = await asOperator(t, owner).post(RULES, body);
    if (res.status !== 201) throw new Error(`rule: ${res.status} ${res.text}`);
    return res.body.gateway_rule;
  };
  const check = (key: string, body: object) => t.http().post(CHECK).set('x-agent-api-key', key).send(body);

  describe('rules', () => {
    it('creates, lists in evaluation order (ascending priority, ties oldest first), updates and deletes', async () => {
      const { owner } = await setup();
      const late = await rule(owner, { action: 'payments.*', effect: 'deny', priority: 50 });
      expect(late).toEqual({
        id: expect.stringMatching(UUID),
        action: 'payments.*',
        effect: 'deny',
        priority: 50,
        description: null,
        created_by: owner.reg.body.user.id,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      const first = await rule(owner, { action: 'files.delete', effect: 'require_approval', priority: 10, description: 'ask first' });
      const tie = await rule(owner, { action: 'payments.refund', effect: 'allow', priority: 50 });
      const dflt = await rule(owner, { action: '*', effect: 'allow' });
      expect(dflt.priority).toBe(100);

      const listed = await asOperator(t, owner).get(RULES).expect(200);
      expect(listed.body).toEqual({ gateway_rules: [first, late, tie, dflt], count: 4 });

      const patched = await asOperator(t, owner).patch(`${RULES}/${tie.id}`, { priority: 5, description: null }).expect(200);
      expect(patched.body.gateway_rule).toMatchObject({ id: tie.id, priority: 5, action: 'payments.refund', effect: 'allow' });
      expect((await asOperator(t, owner).get(RULES)).body.gateway_rules.map((r: any) => r.id)).toEqual([
        tie.id,
        first.id,
        late.id,
        dflt.id,
      ]);

      await asOperator(t, owner).delete(`${RULES}/${late.id}`).expect(204);
      expectProblem(await asOperator(t, owner).delete(`${RULES}/${late.id}`), 404, 'not-found', { detail: 'not_found' });
      expect((await asOperator(t, owner).get(RULES)).body.count).toBe(3);
    });

    it('answers 404 for foreign and non-UUID ids, 422 for bad bodies, and 403 to members', async () => {
      const { owner } = await setup();
      const other = await setup();
      const foreign = await rule(other.owner, { action: 'x', effect: 'deny' });
      expectProblem(await asOperator(t, owner).patch(`${RULES}/${foreign.id}`, { priority: 1 }), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await asOperator(t, owner).get(`${RULES}/not-a-uuid`), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await asOperator(t, owner).delete(`${RULES}/${foreign.id}`), 404, 'not-found');
      const bad = await asOperator(t, owner).post(RULES, { action: '', effect: 'maybe', priority: -1, extra: 1 });
      expectProblem(bad, 422, 'validation-error', { detail: 'validation_failed' });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['action', 'effect', 'extra', 'priority']);
      const member = await colleague(t, owner, 'member');
      expectProblem(await asOperator(t, member, owner.reg.workspaceId).get(RULES), 403, 'forbidden');
      // still only the other workspace's rule exists
      expect((await asOperator(t, other.owner).get(RULES)).body.gateway_rules).toEqual([foreign]);
    });

    it('holds at most 500 rules a workspace, even when the last places are raced for', async () => {
      const { owner } = await setup();
      await rowsOf(
        t,
        `INSERT INTO gateway_rules (workspace_id, action, effect, priority) SELECT $1, 'a' || g, 'allow', g FROM generate_series(1, 498) g`,
        [owner.reg.workspaceId],
      );
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => asOperator(t, owner).post(RULES, { action: `race.${i}`, effect: 'deny' })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      for (const refused of results.filter((r) => r.status !== 201)) {
        expectProblem(refused, 409, 'conflict', { detail: 'gateway_rule_limit_reached' });
      }
      const [{ n }] = await rowsOf(t, `SELECT count(*)::int AS n FROM gateway_rules WHERE workspace_id = $1`, [owner.reg.workspaceId]);
      expect(n).toBe(500);
      expect((await asOperator(t, owner).get(RULES)).body.count).toBe(500);
    });
  });

  describe('POST /api/v1/gateway/check', () => {
    it('allows when no rule matches, and lets the first matching rule by priority decide', async () => {
      const { owner, key } = await setup();
      expect((await check(key, { action: 'anything' }).expect(200)).body).toEqual({
        decision: 'allow',
        reason: 'no_matching_rule',
        rule_id: null,
      });
      const allowRefund = await rule(owner, { action: 'payments.refund', effect: 'allow', priority: 1 });
      const denyPayments = await rule(owner, { action: 'payments.*', effect: 'deny', priority: 2 });
      const sameTier = await rule(owner, { action: 'robot.arm.?ove', effect: 'deny', priority: 3 });
      await rule(owner, { action: 'robot.*', effect: 'allow', priority: 3 });
      expect((await check(key, { action: 'payments.refund' }).expect(200)).body).toEqual({
        decision: 'allow',
        reason: 'matched_rule',
        rule_id: allowRefund.id,
      });
      expect((await check(key, { action: 'payments.charge' }).expect(200)).body).toEqual({
        decision: 'deny',
        reason: 'matched_rule',
        rule_id: denyPayments.id,
      });
      // a tie goes to the older rule
      expect((await check(key, { action: 'robot.arm.move' }).expect(200)).body.rule_id).toBe(sameTier.id);
      expect((await check(key, { action: 'robot.arm.lift' }).expect(200)).body.decision).toBe('allow');
      // a rule change applies to the very next check
      await asOperator(t, owner).patch(`${RULES}/${denyPayments.id}`, { effect: 'allow' }).expect(200);
      expect((await check(key, { action: 'payments.charge' }).expect(200)).body.decision).toBe('allow');
    });

    it('needs gateway:check, validates its body, and never reads another workspace\u2019s rules', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: '*', effect: 'deny' });
      const other = await setup();
      expect((await check(other.key, { action: 'x' }).expect(200)).body.decision).toBe('allow');
      const noScope = await issueKey(t, owner.reg, ['messages:read']);
      expectProblem(await check(noScope.key, { action: 'x' }), 403, 'forbidden', { detail: 'The token does not have sufficient scope' });
      expectProblem(await check(key, { action: '' }), 422, 'validation-error');
      expectProblem(await check(key, { action: 'x', context: 'nope' }), 422, 'validation-error');
      expectProblem(await check(key, { action: 'x', context: { big: 'y'.repeat(9000) } }), 422, 'validation-error');
      // what jsonb cannot store is refused before anything runs, wherever it is
      const surrogate = await check(key, { action: 'x', context: { note: 'broken \ud800 half', ['k\udc00']: 1 } });
      expectProblem(surrogate, 422, 'validation-error');
      expect(surrogate.body.errors).toEqual({
        'context.note': ['must be valid Unicode (no unpaired surrogate)'],
        'context.k\udc00': ['must be valid Unicode (no unpaired surrogate)'],
      });
    });

    it('a deny opens one medium security violation per agent, rule and action an hour, counting repeats', async () => {
      const { owner, key, credentialId, agentId } = await setup();
      const deny = await rule(owner, { action: 'files.*', effect: 'deny' });
      await check(key, { action: 'files.delete', resource: 'reports/q3' }).expect(200);
      // the first deny is written with the check
      expect(await rowsOf(t, `SELECT occurrences FROM security_violations WHERE workspace_id = $1`, [owner.reg.workspaceId])).toEqual([
        { occurrences: 1 },
      ]);
      await check(key, { action: 'files.delete', resource: 'reports/q3' }).expect(200);
      await check(key, { action: 'files.delete', resource: 'reports/q3' }).expect(200);
      // repeats are counted off the request path, written with the next flush
      await t.app.get(ViolationRecorder).flush();
      const [violation] = (await asOperator(t, owner).get('/api/v1/operator/security_violations').expect(200)).body.security_violations;
      expect(violation).toMatchObject({
        kind: 'gateway_denied',
        severity: 'medium',
        status: 'open',
        service_agent_id: agentId,
        credential_id: credentialId,
        occurrences: 3,
        detail: { rule_id: deny.id, rule_action: 'files.*', action: 'files.delete', resource: 'reports/q3' },
      });
      const opened = await eventsOf(t, owner.reg.workspaceId, 'security_violation.opened');
      expect(opened).toHaveLength(1);
      expect(opened[0].data.security_violation.id).toBe(violation.id);
      // another action is another violation
      await check(key, { action: 'files.move' }).expect(200);
      expect((await asOperator(t, owner).get('/api/v1/operator/security_violations').expect(200)).body.count).toBe(2);
      // resolved, the next repeat opens a new one (written with the flush)
      await asOperator(t, owner).patch(`/api/v1/operator/security_violations/${violation.id}`, { status: 'resolved' }).expect(200);
      await check(key, { action: 'files.delete', resource: 'reports/q3' }).expect(200);
      await t.app.get(ViolationRecorder).flush();
      expect(
        (
          await asOperator(t, owner).get('/api/v1/operator/security_violations?filter[status]=open').expect(200)
        ).body.security_violations.map((v: any) => [v.detail.action, v.occurrences]),
      ).toEqual([
        ['files.delete', 1],
        ['files.move', 1],
      ]);
      // an hour later, the same deny opens a new one
      t.clock.advance(60 * 60 * 1000);
      try {
        await check(key, { action: 'files.delete', resource: 'reports/q3' }).expect(200);
        expect((await asOperator(t, owner).get('/api/v1/operator/security_violations').expect(200)).body.count).toBe(4);
      } finally {
        t.clock.advance(-60 * 60 * 1000);
      }
    });
  });

  describe('approvals', () => {
    it('require_approval creates a pending approval that expires after 24 h; repeated checks answer the same one', async () => {
      const { owner, key, agentId } = await setup();
      const ask = await rule(owner, { action: 'robot.arm.*', effect: 'require_approval' });
      const before = t.clock.now();
      const first = await check(key, { action: 'robot.arm.move', resource: 'cell-4', context: { speed: 2 } }).expect(200);
      expect(first.body).toEqual({
        decision: 'require_approval',
        reason: 'matched_rule',
        rule_id: ask.id,
        approval: {
          id: expect.stringMatching(UUID),
          service_agent_id: agentId,
          action: 'robot.arm.move',
          resource: 'cell-4',
          context: { speed: 2 },
          status: 'pending',
          gateway_rule_id: ask.id,
          decided_by: null,
          decided_at: null,
          expires_at: new Date(before + DAY_MS).toISOString(),
          inserted_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
        },
      });
      const again = await check(key, { action: 'robot.arm.move', resource: 'cell-4' }).expect(200);
      expect(again.body.approval.id).toBe(first.body.approval.id);
      const otherResource = await check(key, { action: 'robot.arm.move', resource: 'cell-5' }).expect(200);
      expect(otherResource.body.approval.id).not.toBe(first.body.approval.id);
      const requested = await eventsOf(t, owner.reg.workspaceId, 'approval.requested');
      expect(requested.map((e) => e.data.approval.id)).toEqual([first.body.approval.id, otherResource.body.approval.id]);
    });

    it('concurrent checks of the same action share one pending approval', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const results = await Promise.all(Array.from({ length: 8 }, () => check(key, { action: 'deploy' })));
      expect(new Set(results.map((r) => r.body.approval.id)).size).toBe(1);
      expect(await eventsOf(t, owner.reg.workspaceId, 'approval.requested')).toHaveLength(1);
    });

    it('GET /api/v1/approvals/:id is readable by any gateway:check credential of the workspace, and nobody else', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const { approval } = (await check(key, { action: 'deploy' }).expect(200)).body;
      const sibling = await issueKey(t, owner.reg, ['gateway:check']);
      const read = await t.http().get(`/api/v1/approvals/${approval.id}`).set('x-agent-api-key', sibling.key).expect(200);
      expect(read.body).toEqual({ approval });
      const noScope = await issueKey(t, owner.reg, ['messages:read']);
      expectProblem(await t.http().get(`/api/v1/approvals/${approval.id}`).set('x-agent-api-key', noScope.key), 403, 'forbidden');
      const stranger = await setup();
      expectProblem(await t.http().get(`/api/v1/approvals/${approval.id}`).set('x-agent-api-key', stranger.key), 404, 'not-found', {
        detail: 'not_found',
      });
      expectProblem(await t.http().get(`/api/v1/approvals/nope`).set('x-agent-api-key', key), 404, 'not-found', { detail: 'not_found' });
    });

    it('operators list them with nested-only filter[status], approve or deny once (409 after), and the agent learns it', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy.*', effect: 'require_approval' });
      const a = (await check(key, { action: 'deploy.eu' })).body.approval;
      const b = (await check(key, { action: 'deploy.us' })).body.approval;
      const list = (q = '') => asOperator(t, owner).get(`${APPROVALS}${q}`);
      expect((await list().expect(200)).body).toEqual({
        approvals: [b, a],
        count: 2,
        pagination: { limit: 50, offset: 0, total: 2, has_more: false },
      });

      const approved = await asOperator(t, owner).post(`${APPROVALS}/${a.id}/approve`).expect(200);
      expect(approved.body.approval).toMatchObject({
        id: a.id,
        status: 'approved',
        decided_by: owner.reg.body.user.id,
        decided_at: expect.stringMatching(ISO),
      });
      expectProblem(await asOperator(t, owner).post(`${APPROVALS}/${a.id}/approve`), 409, 'conflict', { detail: 'approval_not_pending' });
      expectProblem(await asOperator(t, owner).post(`${APPROVALS}/${a.id}/deny`), 409, 'conflict', { detail: 'approval_not_pending' });
      const denied = await asOperator(t, owner).post(`${APPROVALS}/${b.id}/deny`).expect(200);
      expect(denied.body.approval.status).toBe('denied');

      expect((await list('?filter[status]=approved').expect(200)).body.approvals.map((x: any) => x.id)).toEqual([a.id]);
      expect((await list('?status=approved').expect(200)).body.count).toBe(2); // top-level ignored
      expectProblem(await list('?filter[status]=maybe'), 400, 'bad-request', { detail: 'invalid_status' });
      expect((await asOperator(t, owner).get(`${APPROVALS}/${a.id}`).expect(200)).body.approval.status).toBe('approved');

      const agentView = await t.http().get(`/api/v1/approvals/${a.id}`).set('x-agent-api-key', key).expect(200);
      expect(agentView.body.approval.status).toBe('approved');
      const decided = await eventsOf(t, owner.reg.workspaceId, 'approval.decided');
      expect(decided.map((e) => [e.data.approval.id, e.data.approval.status])).toEqual([
        [a.id, 'approved'],
        [b.id, 'denied'],
      ]);
    });

    it('two operators approving the same approval at once: exactly one wins', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const admin = await colleague(t, owner, 'admin');
      for (let round = 0; round < 5; round++) {
        const { approval } = (await check(key, { action: 'deploy', resource: `r${round}` })).body;
        const [x, y] = await Promise.all([
          asOperator(t, owner).post(`${APPROVALS}/${approval.id}/approve`),
          asOperator(t, admin, owner.reg.workspaceId).post(`${APPROVALS}/${approval.id}/${round % 2 ? 'deny' : 'approve'}`),
        ]);
        expect([x.status, y.status].sort()).toEqual([200, 409]);
        const winner = x.status === 200 ? x : y;
        const [row] = await rowsOf(t, `SELECT status, decided_by FROM approvals WHERE id = $1`, [approval.id]);
        expect(row.status).toBe(winner.body.approval.status);
        const decided = (await eventsOf(t, owner.reg.workspaceId, 'approval.decided')).filter((e) => e.data.approval.id === approval.id);
        expect(decided).toHaveLength(1);
      }
    });

    it('members read approvals but cannot decide them', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const { approval } = (await check(key, { action: 'deploy' })).body;
      const member = await colleague(t, owner, 'member');
      await asOperator(t, member, owner.reg.workspaceId).get(`${APPROVALS}/${approval.id}`).expect(200);
      expectProblem(await asOperator(t, member, owner.reg.workspaceId).post(`${APPROVALS}/${approval.id}/approve`), 403, 'forbidden');
      const stranger = await makeOperator(t);
      expectProblem(await asOperator(t, stranger).post(`${APPROVALS}/${approval.id}/approve`), 404, 'not-found', { detail: 'not_found' });
      expect((await rowsOf(t, `SELECT status FROM approvals WHERE id = $1`, [approval.id]))[0].status).toBe('pending');
    });

    it('pushes the decision to the asking agent\u2019s sockets', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const { socket_token } = await mintSocketToken(t, key);
      const socket = await SocketClient.open(socketUrl(base, { socket_token }));
      open.push(socket);
      const { approval } = (await check(key, { action: 'deploy' })).body;
      await asOperator(t, owner).post(`${APPROVALS}/${approval.id}/approve`).expect(200);
      const push = await socket.next((m) => m.event === 'approval' && m.payload.approval.id === approval.id, 10_000);
      expect(push.payload.approval).toMatchObject({ id: approval.id, status: 'approved' });
    });

    /**
     * Time runs out by moving an approval's expiry into the past (the database is shared with other
     * suites, whose pending approvals a clock moved forward would expire too).
     */
    const runOut = async (id: string): Promise<string> => {
      const past = new Date(t.clock.now() - 1000);
      await rowsOf(t, `UPDATE approvals SET expires_at = $2 WHERE id = $1`, [id, past]);
      return past.toISOString();
    };

    it('after 24 h a pending approval is expired: shown so, recorded once, and no longer decidable', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const before = t.clock.now();
      const { approval } = (await check(key, { action: 'deploy' })).body;
      expect(Date.parse(approval.expires_at) - before).toBe(DAY_MS);
      const expiredAt = await runOut(approval.id);
      const shown = await t.http().get(`/api/v1/approvals/${approval.id}`).set('x-agent-api-key', key).expect(200);
      expect(shown.body.approval).toMatchObject({ status: 'expired', decided_at: expiredAt, decided_by: null });
      expectProblem(await asOperator(t, owner).post(`${APPROVALS}/${approval.id}/approve`), 409, 'conflict', {
        detail: 'approval_not_pending',
      });
      await t.app.get(ApprovalsService).sweep();
      const decided = await eventsOf(t, owner.reg.workspaceId, 'approval.decided');
      expect(decided.map((e) => e.data.approval.status)).toEqual(['expired']);
      // a new check asks again
      const fresh = (await check(key, { action: 'deploy' }).expect(200)).body.approval;
      expect(fresh.id).not.toBe(approval.id);
      expect(fresh.status).toBe('pending');
    });

    it('the sweep expires approvals nobody reads, and lists never show them pending', async () => {
      const { owner, key } = await setup();
      await rule(owner, { action: 'deploy', effect: 'require_approval' });
      const { approval } = (await check(key, { action: 'deploy' })).body;
      const other = (await check(key, { action: 'deploy', resource: 'b' })).body.approval;
      await runOut(approval.id);
      await t.app.get(ApprovalsService).sweep();
      expect((await rowsOf(t, `SELECT status FROM approvals WHERE id = $1`, [approval.id]))[0].status).toBe('expired');
      await runOut(other.id);
      expect((await asOperator(t, owner).get(`${APPROVALS}?filter[status]=expired`)).body.approvals.map((a: any) => a.id)).toEqual([
        other.id,
        approval.id,
      ]);
      expect((await asOperator(t, owner).get(`${APPROVALS}?filter[status]=pending`)).body.count).toBe(0);
    });
  });
});
