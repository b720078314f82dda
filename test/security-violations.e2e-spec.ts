import { ViolationRecorder } from '../src/security-violations/violation-recorder.service';
import { asOperator, makeFleetOwner } from './enrollment-support';
import { eventually } from './support/eventually';
import { colleague, enrollRobot, eventsOf, ISO, rowsOf, UUID } from './support/fleet';
import { expectProblem } from './support/problem';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

const VIOLATIONS = '/api/v1/operator/security_violations';
const KEYS = '/api/v1/operator/api_keys';

describe('security violations', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  const flush = () => t.app.get(ViolationRecorder).flush();
  const violationsOf = async (owner: Operator, q = '') => (await asOperator(t, owner).get(`${VIOLATIONS}${q}`).expect(200)).body;
  const messages = (key: string) => t.http().get('/api/v1/messages').set('x-agent-api-key', key);

  describe('opened by refused credentials', () => {
    it('a revoked key presented opens one high violation; a flood of refusals only counts on it', async () => {
      const owner = await makeFleetOwner(t);
      const { key, credentialId, serviceAgentId } = await issueKey(t, owner.reg, ['messages:read']);
      await messages(key).expect(200);
      await asOperator(t, owner).post(`${KEYS}/${credentialId}/revoke`).expect(200);

      const refusals = await Promise.all(Array.from({ length: 150 }, () => messages(key)));
      for (const r of refusals) expectProblem(r, 401, 'unauthorized', { detail: 'api_key_revoked' });
      await flush();
      const {
        security_violations: [violation],
        count,
      } = await violationsOf(owner);
      expect(count).toBe(1);
      expect(violation).toEqual({
        id: expect.stringMatching(UUID),
        kind: 'revoked_key_presented',
        severity: 'high',
        status: 'open',
        service_agent_id: serviceAgentId,
        credential_id: credentialId,
        detail: { key_prefix: key.split('.')[0] },
        occurrences: 150,
        last_seen_at: expect.stringMatching(ISO),
        acknowledged_at: null,
        acknowledged_by: null,
        resolved_at: null,
        resolved_by: null,
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      // more refusals later still count on the same violation, and open nothing new
      await messages(key).expect(401);
      await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).expect(401);
      await flush();
      const again = await violationsOf(owner);
      expect(again.count).toBe(1);
      expect(again.security_violations[0].occurrences).toBe(152);
      const opened = await eventsOf(t, owner.reg.workspaceId, 'security_violation.opened');
      expect(opened.map((e) => e.data.security_violation.id)).toEqual([violation.id]);
      // The event shows the violation as it was opened: the once-a-second flush may have written
      // part of the flood first (the rest then only counted on it), so it holds 1 to 150 of them.
      expect(opened[0].data.security_violation).toMatchObject({ kind: 'revoked_key_presented', occurrences: expect.any(Number) });
      expect(opened[0].data.security_violation.occurrences).toBeGreaterThanOrEqual(1);
      expect(opened[0].data.security_violation.occurrences).toBeLessThanOrEqual(150);
    });

    it('an archived key, and an access token minted from a revoked key, open their own kinds', async () => {
      const owner = await makeFleetOwner(t);
      const archived = await issueKey(t, owner.reg, ['messages:read']);
      await asOperator(t, owner).post(`${KEYS}/${archived.credentialId}/archive`).expect(200);
      expectProblem(await messages(archived.key), 401, 'unauthorized', { detail: 'api_key_archived' });

      const minted = await issueKey(t, owner.reg, ['messages:read']);
      const token = (await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', minted.key).expect(200)).body.token;
      await asOperator(t, owner).post(`${KEYS}/${minted.credentialId}/revoke`).expect(200);
      expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${token}`), 401, 'unauthorized', {
        detail: 'api_key_revoked',
      });
      await flush();
      const { security_violations } = await violationsOf(owner);
      expect(security_violations.map((v: any) => [v.kind, v.credential_id]).sort()).toEqual(
        [
          ['archived_key_presented', archived.credentialId],
          ['revoked_key_presented', minted.credentialId],
        ].sort(),
      );
    });

    it('a socket upgrade with a token minted before the revocation opens one too', async () => {
      const owner = await makeFleetOwner(t);
      const issued = await issueKey(t, owner.reg, ['sockets:connect']);
      const { socket_token } = await mintSocketToken(t, issued.key);
      await asOperator(t, owner).post(`${KEYS}/${issued.credentialId}/revoke`).expect(200);
      const refusal = await SocketClient.refusal(socketUrl(base, { socket_token }));
      expect(refusal.status).toBe(401);
      await flush();
      expect((await violationsOf(owner)).security_violations.map((v: any) => v.kind)).toEqual(['revoked_key_presented']);
    });

    it("a retired robot's credential opens a high violation naming the robot; an agent an operator deactivated does not", async () => {
      const owner = await makeFleetOwner(t);
      const robot = await enrollRobot(t, owner);
      await t.http().get('/api/v1/messages').set('x-agent-api-key', robot.apiKey).expect(200);
      await asOperator(t, owner).post(`/api/v1/operator/robots/${robot.robotId}/retire`).expect(200);
      expectProblem(await messages(robot.apiKey), 403, 'forbidden', { detail: 'service_agent_inactive' });
      expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${robot.accessToken}`), 403, 'forbidden');

      const plain = await issueKey(t, owner.reg, ['messages:read']);
      await asOperator(t, owner).patch(`/api/v1/operator/service_agents/${plain.serviceAgentId}`, { status: 'inactive' }).expect(200);
      expectProblem(await messages(plain.key), 403, 'forbidden', { detail: 'service_agent_inactive' });

      await flush();
      const { security_violations, count } = await violationsOf(owner);
      expect(count).toBe(1);
      expect(security_violations[0]).toMatchObject({
        kind: 'retired_robot_credential',
        severity: 'high',
        service_agent_id: robot.serviceAgentId,
        credential_id: robot.credentialId,
        detail: { key_prefix: robot.apiKey.split('.')[0], robot_id: robot.robotId, serial_number: robot.serial },
        occurrences: 2,
      });
    });

    it('accepted requests note nothing', async () => {
      const owner = await makeFleetOwner(t);
      const { key } = await issueKey(t, owner.reg, ['messages:read']);
      await flush();
      await Promise.all(Array.from({ length: 50 }, () => messages(key).expect(200)));
      expect(t.app.get(ViolationRecorder).size).toBe(0);
    });

    it('once resolved, the same credential presented again opens a new violation', async () => {
      const owner = await makeFleetOwner(t);
      const { key, credentialId } = await issueKey(t, owner.reg, ['messages:read']);
      await asOperator(t, owner).post(`${KEYS}/${credentialId}/revoke`).expect(200);
      await messages(key).expect(401);
      await flush();
      const [first] = (await violationsOf(owner)).security_violations;
      await asOperator(t, owner).patch(`${VIOLATIONS}/${first.id}`, { status: 'resolved' }).expect(200);
      await messages(key).expect(401);
      await flush();
      const { security_violations } = await violationsOf(owner);
      expect(security_violations.map((v: any) => v.status)).toEqual(['open', 'resolved']);
      expect(await eventsOf(t, owner.reg.workspaceId, 'security_violation.opened')).toHaveLength(2);
    });
  });

  describe('operator routes', () => {
    let owner: Operator;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      owner = await makeFleetOwner(t);
      // three violations of different kinds and severities
      await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'x.*', effect: 'deny' }).expect(201);
      const gate = await issueKey(t, owner.reg, ['gateway:check']);
      await t.http().post('/api/v1/gateway/check').set('x-agent-api-key', gate.key).send({ action: 'x.y' }).expect(200);
      for (const kind of ['revoke', 'archive']) {
        const issued = await issueKey(t, owner.reg, ['messages:read']);
        await asOperator(t, owner).post(`${KEYS}/${issued.credentialId}/${kind}`).expect(200);
        await messages(issued.key).expect(401);
      }
      await flush();
      for (const v of (await violationsOf(owner)).security_violations) ids[v.kind] = v.id;
      expect(Object.keys(ids).sort()).toEqual(['archived_key_presented', 'gateway_denied', 'revoked_key_presented']);
    });

    it('lists newest first with nested-only filters; top-level ones are ignored; bad values are 400', async () => {
      expect((await violationsOf(owner)).pagination).toEqual({ limit: 50, offset: 0, total: 3, has_more: false });
      expect((await violationsOf(owner, '?filter[severity]=medium')).security_violations.map((v: any) => v.id)).toEqual([
        ids.gateway_denied,
      ]);
      expect((await violationsOf(owner, '?severity=medium')).count).toBe(3);
      expect((await violationsOf(owner, '?filter[kind]=archived_key_presented')).security_violations.map((v: any) => v.id)).toEqual([
        ids.archived_key_presented,
      ]);
      expect((await violationsOf(owner, '?filter[status]=resolved')).count).toBe(0);
      expect((await violationsOf(owner, '?limit=1&offset=1')).pagination).toEqual({ limit: 1, offset: 1, total: 3, has_more: true });
      expectProblem(await asOperator(t, owner).get(`${VIOLATIONS}?filter[severity]=extreme`), 400, 'bad-request', {
        detail: 'invalid_severity',
      });
      expectProblem(await asOperator(t, owner).get(`${VIOLATIONS}?filter[status]=closed`), 400, 'bad-request', {
        detail: 'invalid_status',
      });
      expectProblem(await asOperator(t, owner).get(`${VIOLATIONS}?limit=101`), 400, 'bad-request', { detail: 'invalid_limit' });
    });

    it('moves open → acknowledged → resolved and open → resolved; anything else is 409 invalid_transition', async () => {
      const patch = (id: string, status: string) => asOperator(t, owner).patch(`${VIOLATIONS}/${id}`, { status });
      const acked = await patch(ids.gateway_denied, 'acknowledged').expect(200);
      expect(acked.body.security_violation).toMatchObject({
        status: 'acknowledged',
        acknowledged_by: owner.reg.body.user.id,
        acknowledged_at: expect.stringMatching(ISO),
      });
      expectProblem(await patch(ids.gateway_denied, 'acknowledged'), 409, 'conflict', { detail: 'invalid_transition' });
      expectProblem(await patch(ids.gateway_denied, 'open'), 409, 'conflict', { detail: 'invalid_transition' });
      const resolved = await patch(ids.gateway_denied, 'resolved').expect(200);
      expect(resolved.body.security_violation).toMatchObject({ status: 'resolved', resolved_by: owner.reg.body.user.id });
      expectProblem(await patch(ids.gateway_denied, 'acknowledged'), 409, 'conflict', { detail: 'invalid_transition' });
      await patch(ids.revoked_key_presented, 'resolved').expect(200);
      expectProblem(await patch(ids.revoked_key_presented, 'resolved'), 409, 'conflict', { detail: 'invalid_transition' });
      expectProblem(await patch(ids.archived_key_presented, 'closed'), 422, 'validation-error');
      const [row] = await rowsOf(t, `SELECT status FROM security_violations WHERE id = $1`, [ids.archived_key_presented]);
      expect(row.status).toBe('open');
    });

    it('concurrent changes: exactly one of two resolves applies', async () => {
      const [a, b] = await Promise.all([
        asOperator(t, owner).patch(`${VIOLATIONS}/${ids.archived_key_presented}`, { status: 'resolved' }),
        asOperator(t, owner).patch(`${VIOLATIONS}/${ids.archived_key_presented}`, { status: 'resolved' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    });

    it('404 for foreign and non-UUID ids; members read but cannot change', async () => {
      const stranger = await makeFleetOwner(t);
      expectProblem(await asOperator(t, stranger).get(`${VIOLATIONS}/${ids.gateway_denied}`), 404, 'not-found', { detail: 'not_found' });
      expectProblem(await asOperator(t, stranger).patch(`${VIOLATIONS}/${ids.gateway_denied}`, { status: 'resolved' }), 404, 'not-found');
      expectProblem(await asOperator(t, owner).patch(`${VIOLATIONS}/xyz`, { status: 'resolved' }), 404, 'not-found', {
        detail: 'not_found',
      });
      const member = await colleague(t, owner, 'member');
      await asOperator(t, member, owner.reg.workspaceId).get(`${VIOLATIONS}/${ids.gateway_denied}`).expect(200);
      expectProblem(
        await asOperator(t, member, owner.reg.workspaceId).patch(`${VIOLATIONS}/${ids.gateway_denied}`, { status: 'resolved' }),
        403,
        'forbidden',
      );
    });
  });

  it('the timer writes noted refusals without being asked', async () => {
    const owner = await makeFleetOwner(t);
    const { key, credentialId } = await issueKey(t, owner.reg, ['messages:read']);
    await asOperator(t, owner).post(`${KEYS}/${credentialId}/revoke`).expect(200);
    await messages(key).expect(401);
    await eventually(async () => expect((await violationsOf(owner)).count).toBe(1), { timeoutMs: 5000 });
  });
});
