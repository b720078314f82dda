import { randomBytes } from 'node:crypto';
import { addMembership, makeOperator, type Operator } from './support/console';
import { rowsOf } from './support/fleet';
import { expectProblem } from './support/problem';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The workspace policy `require_mfa` (API.md Part 3 "Second factor"; ADR 0253): only an owner with
 * a second factor sets it; a member of such a workspace without a factor can then only enroll one
 * (403 `mfa_enrollment_required`, pages to /app/account/security); an SSO session satisfies it;
 * the policy is the workspace's, so the same member's other workspaces are unaffected.
 */
describe('PATCH /api/v1/operator/workspace: require_mfa', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userIdOf = (op: Operator): string => op.reg.body.user.id;
  /** A confirmed TOTP factor, as the enrollment routes leave it (the seed is never read here). */
  const giveTotp = (op: Operator) =>
    rowsOf(t, `INSERT INTO user_totp (user_id, secret_sealed, confirmed_at) VALUES ($1, 'v1.test.sealed', now())`, [userIdOf(op)]);
  const givePasskey = (op: Operator) =>
    rowsOf(t, `INSERT INTO webauthn_credentials (user_id, name, credential_id, public_key) VALUES ($1, 'Laptop', $2, $3)`, [
      userIdOf(op),
      randomBytes(16),
      randomBytes(65),
    ]);
  const patch = (op: Operator, body: unknown, workspaceId = op.reg.workspaceId) =>
    t
      .http()
      .patch('/api/v1/operator/workspace')
      .set('cookie', op.cookie)
      .set('x-workspace-id', workspaceId)
      .send(body as object);
  const eventsOf = (workspaceId: string) =>
    rowsOf(t, `SELECT actor_id, target_id, changes FROM audit_events WHERE workspace_id = $1 AND action = 'workspace.update'`, [
      workspaceId,
    ]);

  it('an owner without a second factor cannot require one (409), and nothing is recorded', async () => {
    const owner = await makeOperator(t);
    const res = await patch(owner, { require_mfa: true }).expect(409);
    expectProblem(res, 409, 'conflict', { detail: 'mfa_not_enabled' });
    expect((await t.http().get('/api/v1/operator/workspace').set('cookie', owner.cookie).expect(200)).body.workspace.require_mfa).toBe(
      false,
    );
    expect(await eventsOf(owner.reg.workspaceId)).toEqual([]);
  });

  it('only an owner changes it; bad input is 422', async () => {
    const owner = await makeOperator(t);
    const admin = await makeOperator(t);
    await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
    await giveTotp(admin);
    expectProblem(await patch(admin, { require_mfa: true }, owner.reg.workspaceId).expect(403), 403, 'forbidden', {
      detail: 'insufficient_role',
    });
    await giveTotp(owner);
    expect((await patch(owner, { require_mfa: 'yes' }).expect(422)).body.errors).toHaveProperty('require_mfa');
    expect(await eventsOf(owner.reg.workspaceId)).toEqual([]);
  });

  it('an owner with a factor turns it on: one audit event, none for a repeat, and the gate applies to members at once', async () => {
    const owner = await makeOperator(t);
    await giveTotp(owner);
    const ws = owner.reg.workspaceId;
    const res = await patch(owner, { require_mfa: true }).expect(200);
    expect(res.body.workspace).toMatchObject({ id: ws, require_mfa: true });
    await patch(owner, { require_mfa: true }).expect(200);
    expect(await eventsOf(ws)).toEqual([{ actor_id: userIdOf(owner), target_id: ws, changes: { require_mfa: [false, true] } }]);

    // a member without a factor: only who-am-I (and enrolling) is open in this workspace
    const member = await makeOperator(t);
    await addMembership(t, member.reg.email, ws, 'member');
    const agents = () => t.http().get('/api/v1/operator/service_agents').set('cookie', member.cookie).set('x-workspace-id', ws);
    expectProblem(await agents().expect(403), 403, 'forbidden', { detail: 'mfa_enrollment_required' });
    await t.http().get('/api/v1/operator/me').set('cookie', member.cookie).set('x-workspace-id', ws).expect(200);
    // the member's own workspace does not require it
    await t.http().get('/api/v1/operator/service_agents').set('cookie', member.cookie).expect(200);

    // a page of that workspace (the member's only one now) sends them to enroll
    await rowsOf(t, `DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2`, [userIdOf(member), member.reg.workspaceId]);
    const page = await t.http().get('/app').set('cookie', member.cookie).expect(302);
    expect(page.headers.location).toBe('/app/account/security');

    // a passkey is a second factor too
    await givePasskey(member);
    await agents().expect(200);
    await t.http().get('/app').set('cookie', member.cookie).expect(200);
  });

  it('an SSO session satisfies the policy', async () => {
    const owner = await makeOperator(t);
    await giveTotp(owner);
    await patch(owner, { require_mfa: true }).expect(200);
    const member = await makeOperator(t);
    await addMembership(t, member.reg.email, owner.reg.workspaceId, 'admin');
    const agents = () =>
      t.http().get('/api/v1/operator/service_agents').set('cookie', member.cookie).set('x-workspace-id', owner.reg.workspaceId);
    await agents().expect(403);
    await rowsOf(t, `UPDATE user_sessions SET auth_method = 'sso' WHERE user_id = $1`, [userIdOf(member)]);
    await agents().expect(200);
  });

  it('turning it off is recorded and opens the workspace again', async () => {
    const owner = await makeOperator(t);
    await giveTotp(owner);
    const ws = owner.reg.workspaceId;
    await patch(owner, { require_mfa: true }).expect(200);
    const member = await makeOperator(t);
    await addMembership(t, member.reg.email, ws, 'member');
    const agents = () => t.http().get('/api/v1/operator/service_agents').set('cookie', member.cookie).set('x-workspace-id', ws);
    await agents().expect(403);
    expect((await patch(owner, { require_mfa: false }).expect(200)).body.workspace.require_mfa).toBe(false);
    await agents().expect(200);
    expect((await eventsOf(ws)).map((e: { changes: unknown }) => e.changes)).toEqual(
      expect.arrayContaining([{ require_mfa: [false, true] }, { require_mfa: [true, false] }]),
    );
  });
});
