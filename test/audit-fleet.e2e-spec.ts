import { randomBytes, randomUUID } from 'node:crypto';
import { BatchQueue } from '../src/batch-operations/batch-queue.service';
import { BatchRunner } from '../src/batch-operations/batch-runner.service';
import { CLAIM, claimsCount, issueToken, makeCohort, makeFleetOwner, OP, preRegister, uniqueSerial } from './enrollment-support';
import { uniqueEmail } from './support/builders';
import { enrollRobot, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { issueKey } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import type { Operator } from './support/console';

/**
 * API.md Part 3 "Audit log" on the machine-credential and fleet plane (ADR 0239): every change of
 * an operator route, the claim and its replay, a machine's key rotation and a registration write
 * exactly one audit event, in the change's own transaction, naming who (the principal's actor, or
 * the claiming device), what, from where (client IP) and which request; a refused change writes
 * none; and a change whose transaction fails after its statements leaves neither itself nor its
 * event (a deferred constraint trigger that raises at COMMIT).
 */
describe('audit events of the fleet plane', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  /** The client address every audited request comes from (through the trusted loopback proxy). */
  const IP = '203.0.113.77';
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const newRequestId = () => `audit-fleet-${run}-${++n}`;

  interface Sent {
    requestId: string;
  }
  type Method = 'post' | 'patch' | 'delete' | 'get';
  /** A request with its own x-request-id, from IP; as `op` (session cookie), with a machine key, or with neither. */
  function send(method: Method, path: string, body?: object, as: { op?: Operator; workspaceId?: string; key?: string } = {}) {
    const requestId = newRequestId();
    let req = t.http()[method](path).set('x-request-id', requestId).set('x-forwarded-for', IP);
    if (as.op) req = req.set('cookie', as.op.cookie);
    if (as.workspaceId) req = req.set('x-workspace-id', as.workspaceId);
    if (as.key) req = req.set('x-agent-api-key', as.key);
    if (body !== undefined) req = req.send(body);
    return Object.assign(req, { requestId });
  }
  const asOp = (op: Operator) => ({
    post: (path: string, body: object = {}) => send('post', path, body, { op }),
    patch: (path: string, body: object = {}) => send('patch', path, body, { op }),
    delete: (path: string) => send('delete', path, undefined, { op }),
  });
  /** A console form POST (the page controllers call the same services). */
  const form = (op: Operator, path: string) => {
    const requestId = newRequestId();
    const req = t
      .http()
      .post(path)
      .set('x-request-id', requestId)
      .set('x-forwarded-for', IP)
      .set('cookie', op.cookie)
      .set('accept', 'text/html')
      .type('form')
      .send('');
    return Object.assign(req, { requestId });
  };

  interface EventRow {
    workspace_id: string;
    action: string;
    outcome: string;
    actor_type: string;
    actor_id: string | null;
    actor_label: string | null;
    target_type: string | null;
    target_id: string | null;
    target_label: string | null;
    ip: string | null;
    request_id: string | null;
    changes: Record<string, [unknown, unknown]> | null;
  }
  const eventsOfRequest = (requestId: string): Promise<EventRow[]> =>
    rowsOf(
      t,
      `SELECT workspace_id, action, outcome, actor_type, actor_id, actor_label, target_type, target_id, target_label, ip, request_id, changes
         FROM audit_events WHERE request_id = $1`,
      [requestId],
    );

  /** Exactly one event written by the request, from IP, with its request id, a success, and the rest as given. */
  async function expectOneEvent(
    sent: Sent,
    e: { workspaceId: string; action: string; actor: [string, string | null]; target: [string, string | null]; changes?: unknown },
  ): Promise<EventRow> {
    const rows = await eventsOfRequest(sent.requestId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      workspace_id: e.workspaceId,
      action: e.action,
      outcome: 'success',
      actor_type: e.actor[0],
      actor_id: e.actor[1],
      target_type: e.target[0],
      target_id: e.target[1],
      ip: IP,
      request_id: sent.requestId,
    });
    if (e.changes !== undefined) expect(row.changes).toEqual(e.changes);
    return row;
  }
  const expectNoEvent = async (sent: Sent) => expect(await eventsOfRequest(sent.requestId)).toEqual([]);

  const userOf = (op: Operator): [string, string] => ['user', op.reg.body.user.id];

  describe('workspace registration', () => {
    it('workspace.create by the registering user; an email taken writes none', async () => {
      const email = uniqueEmail('audit');
      const body = { email, password: 'correct horse battery staple', agent_name: 'Bot', workspace_name: `Audit ${run}` };
      const created = send('post', '/api/v1/register', body);
      const res = await created.expect(201);
      const ws = res.body.workspace;
      const event = await expectOneEvent(created, {
        workspaceId: ws.id,
        action: 'workspace.create',
        actor: ['user', res.body.user.id],
        target: ['workspace', ws.id],
        changes: { name: [null, ws.name], slug: [null, ws.slug], plan: [null, 'free'], status: [null, 'active'] },
      });
      expect(event).toMatchObject({ actor_label: email, target_label: ws.slug });
      // neither the password nor the primary key it got is in the event
      expect(JSON.stringify(event)).not.toContain(res.body.api_key.key.split('.')[1]);
      expect(JSON.stringify(event)).not.toContain('correct horse');

      const taken = send('post', '/api/v1/register', { ...body, workspace_name: 'Another' });
      expectProblem(await taken, 422, 'validation-error');
      await expectNoEvent(taken);
    });
  });

  describe('service agents and their keys', () => {
    it('service_agent.create, .update and .deactivate name the agent and what changed; 404 and no-op PATCHes write none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);

      const created = op.post(`${OP}/service_agents`, { name: 'Picker 1', scopes: ['messages:read'] });
      const agent = (await created.expect(201)).body.service_agent;
      const event = await expectOneEvent(created, {
        workspaceId: ws,
        action: 'service_agent.create',
        actor: userOf(owner),
        target: ['service_agent', agent.id],
        changes: { name: [null, 'Picker 1'], status: [null, 'active'], scopes: [null, ['messages:read']] },
      });
      expect(event).toMatchObject({ actor_label: owner.reg.email, target_label: 'Picker 1' });

      const renamed = op.patch(`${OP}/service_agents/${agent.id}`, { name: 'Picker One' });
      await renamed.expect(200);
      await expectOneEvent(renamed, {
        workspaceId: ws,
        action: 'service_agent.update',
        actor: userOf(owner),
        target: ['service_agent', agent.id],
        changes: { name: ['Picker 1', 'Picker One'] },
      });

      const deactivated = op.patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' });
      await deactivated.expect(200);
      await expectOneEvent(deactivated, {
        workspaceId: ws,
        action: 'service_agent.deactivate',
        actor: userOf(owner),
        target: ['service_agent', agent.id],
        changes: { status: ['active', 'inactive'] },
      });

      const reactivated = op.patch(`${OP}/service_agents/${agent.id}`, { status: 'active' });
      await reactivated.expect(200);
      await expectOneEvent(reactivated, {
        workspaceId: ws,
        action: 'service_agent.update',
        actor: userOf(owner),
        target: ['service_agent', agent.id],
        changes: { status: ['inactive', 'active'] },
      });

      const unchanged = op.patch(`${OP}/service_agents/${agent.id}`, { name: 'Picker One', status: 'active' });
      await unchanged.expect(200);
      await expectNoEvent(unchanged);
      const foreign = op.patch(`${OP}/service_agents/${randomUUID()}`, { name: 'x' });
      expectProblem(await foreign, 404, 'not-found');
      await expectNoEvent(foreign);
    });

    it('api_key.create, .archive and .revoke name the credential, never the key; a key answered unchanged writes none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();

      const issued = op.post(`${OP}/service_agents/${owner.reg.defaultAgentId}/api_keys`, {
        scopes: ['messages:read'],
        expires_at: expiresAt,
      });
      const key = (await issued.expect(201)).body.api_key;
      const event = await expectOneEvent(issued, {
        workspaceId: ws,
        action: 'api_key.create',
        actor: userOf(owner),
        target: ['api_key', key.credential_id],
        changes: { service_agent_id: [null, owner.reg.defaultAgentId], scopes: [null, ['messages:read']], expires_at: [null, expiresAt] },
      });
      expect(JSON.stringify(event)).not.toContain(key.key.split('.')[1]);

      const archived = op.post(`${OP}/api_keys/${key.credential_id}/archive`);
      await archived.expect(200);
      await expectOneEvent(archived, {
        workspaceId: ws,
        action: 'api_key.archive',
        actor: userOf(owner),
        target: ['api_key', key.credential_id],
        changes: { status: ['usable', 'archived'] },
      });
      const archivedAgain = op.post(`${OP}/api_keys/${key.credential_id}/archive`);
      await archivedAgain.expect(200);
      await expectNoEvent(archivedAgain);

      const revoked = op.post(`${OP}/api_keys/${key.credential_id}/revoke`);
      await revoked.expect(200);
      await expectOneEvent(revoked, {
        workspaceId: ws,
        action: 'api_key.revoke',
        actor: userOf(owner),
        target: ['api_key', key.credential_id],
        changes: { status: ['archived', 'revoked'] },
      });
      const revokedAgain = op.post(`${OP}/api_keys/${key.credential_id}/revoke`);
      await revokedAgain.expect(200);
      await expectNoEvent(revokedAgain);

      const tooWide = op.post(`${OP}/service_agents/${owner.reg.defaultAgentId}/api_keys`, { scopes: ['no:such'] });
      expectProblem(await tooWide, 422, 'validation-error');
      await expectNoEvent(tooWide);
      const foreign = op.post(`${OP}/api_keys/${randomUUID()}/revoke`);
      expectProblem(await foreign, 404, 'not-found');
      await expectNoEvent(foreign);
    });
  });

  describe('enrollment', () => {
    it('enrollment_token.create and .revoke name the token by id and public prefix, never the token', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const issued = op.post(`${OP}/enrollment_tokens`, { max_claims: 3, default_tags: ['east'] });
      const token = (await issued.expect(201)).body.enrollment_token;
      const event = await expectOneEvent(issued, {
        workspaceId: ws,
        action: 'enrollment_token.create',
        actor: userOf(owner),
        target: ['enrollment_token', token.id],
      });
      expect(event.target_label).toBe(token.prefix);
      expect(event.changes).toMatchObject({ max_claims: [null, 3], default_tags: [null, ['east']], expires_at: [null, token.expires_at] });
      expect(JSON.stringify(event)).not.toContain(token.token.split('.')[1]);

      const revoked = op.post(`${OP}/enrollment_tokens/${token.id}/revoke`);
      const after = (await revoked.expect(200)).body.enrollment_token;
      await expectOneEvent(revoked, {
        workspaceId: ws,
        action: 'enrollment_token.revoke',
        actor: userOf(owner),
        target: ['enrollment_token', token.id],
        changes: { revoked_at: [null, after.revoked_at] },
      });
      const again = op.post(`${OP}/enrollment_tokens/${token.id}/revoke`);
      await again.expect(200);
      await expectNoEvent(again);
      const foreign = op.post(`${OP}/enrollment_tokens/${randomUUID()}/revoke`);
      expectProblem(await foreign, 404, 'not-found');
      await expectNoEvent(foreign);
    });

    it('robot.create, robot.retire and robot.reset name the robot by id and serial; refusals write none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const serial = uniqueSerial('AUD');
      const created = op.post(`${OP}/robots`, { serial_number: serial, name: 'Arm' });
      const robot = (await created.expect(201)).body.robot;
      const event = await expectOneEvent(created, {
        workspaceId: ws,
        action: 'robot.create',
        actor: userOf(owner),
        target: ['robot', robot.id],
        changes: { serial_number: [null, serial], name: [null, 'Arm'], status: [null, 'pending'] },
      });
      expect(event.target_label).toBe(serial);
      const taken = op.post(`${OP}/robots`, { serial_number: serial });
      expectProblem(await taken, 422, 'validation-error');
      await expectNoEvent(taken);

      const enrolled = await enrollRobot(t, owner);
      const reset = op.post(`${OP}/robots/${enrolled.robotId}/reset`);
      await reset.expect(200);
      await expectOneEvent(reset, {
        workspaceId: ws,
        action: 'robot.reset',
        actor: userOf(owner),
        target: ['robot', enrolled.robotId],
        changes: {
          status: ['active', 'pending'],
          service_agent_id: [enrolled.serviceAgentId, null],
          credential_ids: [[enrolled.credentialId], []],
        },
      });
      const resetPending = op.post(`${OP}/robots/${enrolled.robotId}/reset`);
      await resetPending.expect(200); // a pending robot is answered as it is
      await expectNoEvent(resetPending);

      const retired = op.post(`${OP}/robots/${robot.id}/retire`);
      await retired.expect(200);
      await expectOneEvent(retired, {
        workspaceId: ws,
        action: 'robot.retire',
        actor: userOf(owner),
        target: ['robot', robot.id],
        changes: { status: ['pending', 'retired'] },
      });
      const retiredAgain = op.post(`${OP}/robots/${robot.id}/retire`);
      await retiredAgain.expect(200);
      await expectNoEvent(retiredAgain);
      const resetRetired = op.post(`${OP}/robots/${robot.id}/reset`);
      expectProblem(await resetRetired, 409, 'conflict', { detail: 'robot_retired' });
      await expectNoEvent(resetRetired);
    });

    it('cohort.create; a name taken writes none', async () => {
      const owner = await makeFleetOwner(t);
      const created = asOp(owner).post(`${OP}/cohorts`, { name: 'North' });
      const cohort = (await created.expect(201)).body.cohort;
      await expectOneEvent(created, {
        workspaceId: owner.reg.workspaceId,
        action: 'cohort.create',
        actor: userOf(owner),
        target: ['cohort', cohort.id],
        changes: { name: [null, 'North'] },
      });
      const taken = asOp(owner).post(`${OP}/cohorts`, { name: 'north' });
      expectProblem(await taken, 422, 'validation-error');
      await expectNoEvent(taken);
    });

    it('a claim is robot.claim by the device (the agent it becomes), naming the credential issued; its replay robot.claim_replay', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const token = await issueToken(t, owner, { max_claims: 1 });
      const serial = uniqueSerial('CLM');
      const body = { token: token.token, serial_number: serial, claim_id: `claim-${run}-1` };

      const claimed = send('post', CLAIM, body);
      const first = (await claimed.expect(201)).body;
      const event = await expectOneEvent(claimed, {
        workspaceId: ws,
        action: 'robot.claim',
        actor: ['service_agent', first.service_agent.id],
        target: ['robot', first.robot.id],
        changes: {
          status: [null, 'active'],
          service_agent_id: [null, first.service_agent.id],
          credential_id: [null, first.api_key.credential_id],
          enrollment_token_id: [null, token.id],
        },
      });
      expect(event).toMatchObject({ actor_label: null, target_label: serial });
      const text = JSON.stringify(event);
      for (const secret of [first.api_key.key.split('.')[1], first.access_token.token, token.token.split('.')[1]]) {
        expect(text).not.toContain(secret);
      }

      const replayed = send('post', CLAIM, body);
      const second = await replayed.expect(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      await expectOneEvent(replayed, {
        workspaceId: ws,
        action: 'robot.claim_replay',
        actor: ['service_agent', first.service_agent.id],
        target: ['robot', first.robot.id],
        changes: { credential_id: [first.api_key.credential_id, second.body.api_key.credential_id] },
      });

      // another claim on the spent token is refused: nothing written, nothing audited
      const refused = send('post', CLAIM, { token: token.token, serial_number: uniqueSerial('CLM') });
      expectProblem(await refused, 409, 'conflict');
      await expectNoEvent(refused);
      const badToken = send('post', CLAIM, { token: `${token.token.split('.')[0]}.${'A'.repeat(43)}`, serial_number: serial });
      expect((await badToken).status).toBe(401);
      await expectNoEvent(badToken);
    });

    it('a pending robot bound by a claim, and a claim without a serial (its agent is the target)', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const serial = uniqueSerial('PND');
      const pending = await preRegister(t, owner, serial);
      const token = await issueToken(t, owner, { max_claims: 2 });
      const bound = send('post', CLAIM, { token: token.token, serial_number: serial });
      const res = (await bound.expect(201)).body;
      await expectOneEvent(bound, {
        workspaceId: ws,
        action: 'robot.claim',
        actor: ['service_agent', res.service_agent.id],
        target: ['robot', pending.id],
        changes: {
          status: ['pending', 'active'],
          service_agent_id: [null, res.service_agent.id],
          credential_id: [null, res.api_key.credential_id],
          enrollment_token_id: [null, token.id],
        },
      });

      // a single-use token may be claimed without a serial: no robot, the agent is what was claimed
      const single = await issueToken(t, owner, { max_claims: 1 });
      const bare = send('post', CLAIM, { token: single.token });
      const agentOnly = (await bare.expect(201)).body;
      await expectOneEvent(bare, {
        workspaceId: ws,
        action: 'robot.claim',
        actor: ['service_agent', agentOnly.service_agent.id],
        target: ['service_agent', agentOnly.service_agent.id],
        changes: {
          service_agent_id: [null, agentOnly.service_agent.id],
          credential_id: [null, agentOnly.api_key.credential_id],
          enrollment_token_id: [null, single.id],
        },
      });
    });

    it("a machine's own rotation is api_key.rotate by that machine's agent; a key already rotated writes none", async () => {
      const owner = await makeFleetOwner(t);
      const robot = await enrollRobot(t, owner); // a device key: credentials:write by default (ADR 0237)
      const rotated = send('post', '/api/v1/credentials/rotate', { grace_period_seconds: 0 }, { key: robot.apiKey });
      const res = (await rotated.expect(201)).body;
      const event = await expectOneEvent(rotated, {
        workspaceId: owner.reg.workspaceId,
        action: 'api_key.rotate',
        actor: ['service_agent', robot.serviceAgentId],
        target: ['api_key', robot.credentialId],
        changes: {
          replaced_by: [null, res.api_key.credential_id],
          expires_at: [null, res.previous.expires_at],
          status: ['usable', 'revoked'],
        },
      });
      expect(JSON.stringify(event)).not.toContain(res.api_key.key.split('.')[1]);

      const second = await issueKey(t, owner.reg, ['credentials:write']);
      await send('post', '/api/v1/credentials/rotate', {}, { key: second.key }).expect(201);
      const again = send('post', '/api/v1/credentials/rotate', {}, { key: second.key });
      expectProblem(await again, 409, 'conflict', { detail: 'credential_rotated' });
      await expectNoEvent(again);
    });
  });

  describe('fleet operations', () => {
    const SHA = 'cd'.repeat(32);
    const ota = {
      update_type: 'firmware',
      version: '5.0.2',
      artifact_url: 'https://updates.example.com/fw.bin?X-Amz-Signature=s3cr3t',
      sha256: SHA,
    };

    it('ota_update.create and .cancel (API and page); a cohort update is its one batch_operation.create', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const robot = await enrollRobot(t, owner);
      const created = op.post(`${OP}/ota-updates`, { ...ota, robot_id: robot.robotId });
      const update = (await created.expect(201)).body.ota_update;
      const event = await expectOneEvent(created, {
        workspaceId: ws,
        action: 'ota_update.create',
        actor: userOf(owner),
        target: ['ota_update', update.id],
        changes: {
          robot_id: [null, robot.robotId],
          update_type: [null, 'firmware'],
          version: [null, '5.0.2'],
          sha256: [null, SHA],
          status: [null, 'pending'],
          agent_command_id: [null, update.agent_command_id],
        },
      });
      expect(JSON.stringify(event)).not.toContain('s3cr3t'); // a signed artifact URL is not recorded
      const inProgress = op.post(`${OP}/ota-updates`, { ...ota, robot_id: robot.robotId });
      expectProblem(await inProgress, 409, 'conflict');
      await expectNoEvent(inProgress);

      const cancelled = op.post(`${OP}/ota-updates/${update.id}/cancel`);
      await cancelled.expect(200);
      await expectOneEvent(cancelled, {
        workspaceId: ws,
        action: 'ota_update.cancel',
        actor: userOf(owner),
        target: ['ota_update', update.id],
        changes: { status: ['pending', 'cancelled'] },
      });
      const again = op.post(`${OP}/ota-updates/${update.id}/cancel`);
      expectProblem(await again, 409, 'conflict', { detail: 'invalid_transition' });
      await expectNoEvent(again);

      const viaPage = (await op.post(`${OP}/ota-updates`, { ...ota, robot_id: robot.robotId }).expect(201)).body.ota_update;
      const pageCancel = form(owner, `/app/ota-updates/${viaPage.id}/cancel`);
      await pageCancel.expect(303);
      await expectOneEvent(pageCancel, {
        workspaceId: ws,
        action: 'ota_update.cancel',
        actor: userOf(owner),
        target: ['ota_update', viaPage.id],
      });

      const cohort = await makeCohort(t, owner, `C ${run}`);
      await enrollRobot(t, owner, { cohortId: cohort.id });
      const forCohort = op.post(`${OP}/ota-updates`, { ...ota, cohort_id: cohort.id });
      const batch = (await forCohort.expect(202)).body.batch_operation;
      await expectOneEvent(forCohort, {
        workspaceId: ws,
        action: 'batch_operation.create',
        actor: userOf(owner),
        target: ['batch_operation', batch.id],
        changes: { action: [null, 'create_ota_update'], total: [null, 1], cohort_id: [null, cohort.id], status: [null, 'queued'] },
      });
    });

    it('batch_operation.create and .cancel (API and page); the runner applies targets without audit events of their own', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const robot = await enrollRobot(t, owner);
      // Nothing queues the operations' chunks, so no worker of any app on this Redis runs them: they
      // stay queued for the cancels, and the test runs the last one's chunk itself.
      jest.spyOn(t.app.get(BatchQueue, { strict: false }), 'next').mockResolvedValue(undefined);
      const created = op.post(`${OP}/batch_operations`, { action: 'tag_robots', target_ids: [robot.robotId], params: { tags: ['blue'] } });
      const batch = (await created.expect(202)).body.batch_operation;
      await expectOneEvent(created, {
        workspaceId: ws,
        action: 'batch_operation.create',
        actor: userOf(owner),
        target: ['batch_operation', batch.id],
        changes: { action: [null, 'tag_robots'], total: [null, 1], status: [null, 'queued'] },
      });
      const cancelled = op.post(`${OP}/batch_operations/${batch.id}/cancel`);
      await cancelled.expect(200);
      await expectOneEvent(cancelled, {
        workspaceId: ws,
        action: 'batch_operation.cancel',
        actor: userOf(owner),
        target: ['batch_operation', batch.id],
        changes: { status: ['queued', 'cancelled'] },
      });
      const again = op.post(`${OP}/batch_operations/${batch.id}/cancel`);
      expectProblem(await again, 409, 'conflict', { detail: 'invalid_transition' });
      await expectNoEvent(again);

      const second = (
        await op.post(`${OP}/batch_operations`, { action: 'tag_robots', target_ids: [robot.robotId], params: { tags: ['x'] } }).expect(202)
      ).body.batch_operation;
      const pageCancel = form(owner, `/app/batch-operations/${second.id}/cancel`);
      await pageCancel.expect(303);
      await expectOneEvent(pageCancel, {
        workspaceId: ws,
        action: 'batch_operation.cancel',
        actor: userOf(owner),
        target: ['batch_operation', second.id],
      });

      // The runner's work on each target is the operation's: a revoke_api_keys chunk revokes the
      // key (api_key.revoked) and writes no audit event (ADR 0239), outside any request.
      const { credentialId } = await issueKey(t, owner.reg, ['messages:read']);
      const revoking = op.post(`${OP}/batch_operations`, { action: 'revoke_api_keys', target_ids: [credentialId] });
      const revokeOp = (await revoking.expect(202)).body.batch_operation;
      await expectOneEvent(revoking, {
        workspaceId: ws,
        action: 'batch_operation.create',
        actor: userOf(owner),
        target: ['batch_operation', revokeOp.id],
      });
      const before = await rowsOf(t, `SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = $1`, [ws]);
      await t.app.get(BatchRunner, { strict: false }).runChunk(revokeOp.id);
      expect((await rowsOf(t, `SELECT status FROM api_credentials WHERE id = $1`, [credentialId]))[0].status).toBe('revoked');
      expect(await rowsOf(t, `SELECT count(*)::int AS n FROM audit_events WHERE workspace_id = $1`, [ws])).toEqual(before);
    });

    it('agent_command.create names the command, not its payload; an inactive agent writes none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const created = asOp(owner).post(`${OP}/agent_commands`, {
        service_agent_id: owner.reg.defaultAgentId,
        name: 'reboot',
        payload: { password: 'hunter2' },
      });
      const command = (await created.expect(201)).body.agent_command;
      const event = await expectOneEvent(created, {
        workspaceId: ws,
        action: 'agent_command.create',
        actor: userOf(owner),
        target: ['agent_command', command.id],
        changes: { service_agent_id: [null, owner.reg.defaultAgentId], name: [null, 'reboot'], status: [null, 'pending'] },
      });
      expect(JSON.stringify(event)).not.toContain('hunter2');

      await asOp(owner).patch(`${OP}/service_agents/${owner.reg.defaultAgentId}`, { status: 'inactive' }).expect(200);
      const refused = asOp(owner).post(`${OP}/agent_commands`, { service_agent_id: owner.reg.defaultAgentId, name: 'reboot' });
      expectProblem(await refused, 409, 'conflict', { detail: 'service_agent_inactive' });
      await expectNoEvent(refused);
    });

    it('gateway_rule.create, .update (what changed) and .delete (what it was); refusals write none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      const RULES = `${OP}/gateway_rules`;
      const created = op.post(RULES, { action: 'payments.*', effect: 'deny', priority: 20 });
      const rule = (await created.expect(201)).body.gateway_rule;
      await expectOneEvent(created, {
        workspaceId: ws,
        action: 'gateway_rule.create',
        actor: userOf(owner),
        target: ['gateway_rule', rule.id],
        changes: { action: [null, 'payments.*'], effect: [null, 'deny'], priority: [null, 20] },
      });
      const updated = op.patch(`${RULES}/${rule.id}`, { effect: 'require_approval', description: 'ask', priority: 20 });
      await updated.expect(200);
      await expectOneEvent(updated, {
        workspaceId: ws,
        action: 'gateway_rule.update',
        actor: userOf(owner),
        target: ['gateway_rule', rule.id],
        changes: { effect: ['deny', 'require_approval'], description: [null, 'ask'] },
      });
      const noop = op.patch(`${RULES}/${rule.id}`, { priority: 20 });
      await noop.expect(200);
      await expectNoEvent(noop);
      const deleted = op.delete(`${RULES}/${rule.id}`);
      await deleted.expect(204);
      await expectOneEvent(deleted, {
        workspaceId: ws,
        action: 'gateway_rule.delete',
        actor: userOf(owner),
        target: ['gateway_rule', rule.id],
        changes: { action: ['payments.*', null], effect: ['require_approval', null], priority: [20, null], description: ['ask', null] },
      });
      const gone = op.delete(`${RULES}/${rule.id}`);
      expectProblem(await gone, 404, 'not-found');
      await expectNoEvent(gone);
      const patchGone = op.patch(`${RULES}/${rule.id}`, { priority: 1 });
      expectProblem(await patchGone, 404, 'not-found');
      await expectNoEvent(patchGone);
    });

    it('approval.decide (API and page) and security_violation.update (API and page); a second decision or a bad move writes none', async () => {
      const owner = await makeFleetOwner(t);
      const ws = owner.reg.workspaceId;
      const op = asOp(owner);
      await op.post(`${OP}/gateway_rules`, { action: 'deploy.*', effect: 'require_approval' }).expect(201);
      await op.post(`${OP}/gateway_rules`, { action: 'wipe', effect: 'deny', priority: 1 }).expect(201);
      const { key } = await issueKey(t, owner.reg, ['gateway:check']);
      const check = (action: string) => t.http().post('/api/v1/gateway/check').set('x-agent-api-key', key).send({ action }).expect(200);

      const approval = (await check('deploy.eu')).body.approval;
      const approved = op.post(`${OP}/approvals/${approval.id}/approve`);
      await approved.expect(200);
      await expectOneEvent(approved, {
        workspaceId: ws,
        action: 'approval.decide',
        actor: userOf(owner),
        target: ['approval', approval.id],
        changes: { status: ['pending', 'approved'] },
      });
      const twice = op.post(`${OP}/approvals/${approval.id}/deny`);
      expectProblem(await twice, 409, 'conflict', { detail: 'approval_not_pending' });
      await expectNoEvent(twice);
      const other = (await check('deploy.us')).body.approval;
      const denied = form(owner, `/app/approvals/${other.id}/deny`);
      await denied.expect(303);
      await expectOneEvent(denied, {
        workspaceId: ws,
        action: 'approval.decide',
        actor: userOf(owner),
        target: ['approval', other.id],
        changes: { status: ['pending', 'denied'] },
      });

      await check('wipe');
      const [violation] = await rowsOf(t, `SELECT id FROM security_violations WHERE workspace_id = $1`, [ws]);
      const acked = op.patch(`${OP}/security_violations/${violation.id}`, { status: 'acknowledged' });
      await acked.expect(200);
      const event = await expectOneEvent(acked, {
        workspaceId: ws,
        action: 'security_violation.update',
        actor: userOf(owner),
        target: ['security_violation', violation.id],
        changes: { status: ['open', 'acknowledged'] },
      });
      expect(event.target_label).toBe('gateway_denied');
      const backwards = op.patch(`${OP}/security_violations/${violation.id}`, { status: 'open' });
      expectProblem(await backwards, 409, 'conflict', { detail: 'invalid_transition' });
      await expectNoEvent(backwards);
      const resolved = form(owner, `/app/security-violations/${violation.id}/resolve`);
      await resolved.expect(303);
      await expectOneEvent(resolved, {
        workspaceId: ws,
        action: 'security_violation.update',
        actor: userOf(owner),
        target: ['security_violation', violation.id],
        changes: { status: ['acknowledged', 'resolved'] },
      });
    });
  });

  /**
   * The rollback proof (issue 53, "What must work" 1): a failure after the change's statements,
   * before its COMMIT, leaves neither the change nor its event; the same action without the fault
   * has both. The fault is a deferred constraint trigger, which raises at COMMIT, once every
   * statement of the transaction has run: on the table the change writes (so an event written
   * anywhere but in the change's transaction would survive it), and on audit_events (so a change
   * committed anywhere but with its event would survive it). Only the test's workspace trips it.
   */
  describe('an event exists exactly when its change commits', () => {
    async function withFault<T>(table: string, workspaceId: string, fn: () => Promise<T>): Promise<T> {
      const name = `audit_fleet_fault_${randomBytes(4).toString('hex')}`;
      await rowsOf(
        t,
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'injected fault after the change' USING ERRCODE = 'XX001'; END $$`,
      );
      await rowsOf(
        t,
        `CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT OR UPDATE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
           WHEN (NEW.workspace_id = '${workspaceId}'::uuid) EXECUTE FUNCTION ${name}()`,
      );
      try {
        return await fn();
      } finally {
        await rowsOf(t, `DROP TRIGGER ${name} ON ${table}`);
        await rowsOf(t, `DROP FUNCTION ${name}()`);
      }
    }
    const count = async (sql: string, params: unknown[]) => (await rowsOf(t, `SELECT count(*)::int AS n FROM ${sql}`, params))[0].n;

    it.each(['api_credentials', 'audit_events'])(
      'revoking a key, failing at COMMIT (trigger on %s): neither the revocation nor its event',
      async (table) => {
        const owner = await makeFleetOwner(t);
        const ws = owner.reg.workspaceId;
        const { key, credentialId } = await issueKey(t, owner.reg, ['messages:read']);
        const state = async () => ({
          status: (await rowsOf(t, `SELECT status FROM api_credentials WHERE id = $1`, [credentialId]))[0].status,
          audited: await count(`audit_events WHERE workspace_id = $1 AND action = 'api_key.revoke' AND target_id = $2`, [ws, credentialId]),
          told: await count(`domain_events WHERE workspace_id = $1 AND type = 'api_key.revoked' AND data->>'credential_id' = $2`, [
            ws,
            credentialId,
          ]),
        });

        const failed = await withFault(table, ws, () => asOp(owner).post(`${OP}/api_keys/${credentialId}/revoke`));
        expect(failed.status).toBe(500);
        expect(await state()).toEqual({ status: 'usable', audited: 0, told: 0 });
        await t.http().get('/api/v1/messages').set('x-agent-api-key', key).expect(200); // still works

        const done = asOp(owner).post(`${OP}/api_keys/${credentialId}/revoke`);
        await done.expect(200);
        expect(await state()).toEqual({ status: 'revoked', audited: 1, told: 1 });
        await expectOneEvent(done, { workspaceId: ws, action: 'api_key.revoke', actor: userOf(owner), target: ['api_key', credentialId] });
      },
    );

    it.each([
      // team: the claim counts its quotas under the workspace lock, then commits
      ['enrollment_claims', 'team'],
      // enterprise: no quota, the COMMIT goes in the same write as the claim's statements
      ['audit_events', 'enterprise'],
    ] as const)(
      'a claim failing at COMMIT (trigger on %s, %s plan): neither the claim nor its event; the retry has both',
      async (table, plan) => {
        const owner = await makeFleetOwner(t, plan);
        const ws = owner.reg.workspaceId;
        const token = await issueToken(t, owner, { max_claims: 1 });
        const serial = uniqueSerial('RBK');
        const body = { token: token.token, serial_number: serial, claim_id: `claim-${randomBytes(6).toString('hex')}` };
        const state = async () => ({
          robots: await count(`robots WHERE workspace_id = $1 AND serial_number = $2`, [ws, serial]),
          claims: await count(`enrollment_claims WHERE workspace_id = $1`, [ws]),
          agents: await count(`service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default`, [ws]),
          audited: await count(`audit_events WHERE workspace_id = $1 AND action = 'robot.claim'`, [ws]),
          told: await count(`domain_events WHERE workspace_id = $1 AND type = 'robot.claimed'`, [ws]),
        });

        const failed = await withFault(table, ws, () => send('post', CLAIM, body));
        expect(failed.status).toBe(500);
        expect(await state()).toEqual({ robots: 0, claims: 0, agents: 0, audited: 0, told: 0 });

        const retried = send('post', CLAIM, body);
        const res = (await retried.expect(201)).body;
        expect(await state()).toEqual({ robots: 1, claims: 1, agents: 1, audited: 1, told: 1 });
        await expectOneEvent(retried, {
          workspaceId: ws,
          action: 'robot.claim',
          actor: ['service_agent', res.service_agent.id],
          target: ['robot', res.robot.id],
        });
      },
    );

    // AuditLog refuses an event that looks like it holds a secret, before it is issued. A claim's
    // serial is the device's input: one shaped like a key must not let the claim commit without its
    // event, on the plan whose COMMIT goes in the same write as the claim's statements too.
    it.each(['team', 'enterprise'] as const)('a claim whose event is refused (%s plan) commits nothing either', async (plan) => {
      const owner = await makeFleetOwner(t, plan);
      const ws = owner.reg.workspaceId;
      const token = await issueToken(t, owner, { max_claims: 2 });
      const serial = `agk_${randomBytes(8).toString('hex')}.${randomBytes(16).toString('hex')}`;
      const res = await send('post', CLAIM, { token: token.token, serial_number: serial });
      const robots = await count(`robots WHERE workspace_id = $1`, [ws]);
      const agents = await count(`service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default`, [ws]);
      const audited = await count(`audit_events WHERE workspace_id = $1 AND action = 'robot.claim'`, [ws]);
      // whatever the answer, the claim and its event exist together or not at all
      expect({ robots, agents }).toEqual({ robots: audited, agents: audited });
      expect(res.status).toBe(audited === 1 ? 201 : 500);
      expect(await claimsCount(t, token.id)).toBe(audited);
    });
  });
});
