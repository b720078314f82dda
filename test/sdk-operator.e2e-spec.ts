import { agentClient, claim, MemoryCredentialStore, OperatorClient, operatorClient, pages, ProblemError, type RobotList } from '../sdk/src';
import { makeFleetOwner, uniqueSerial } from './enrollment-support';
import { uniqueName, type Operator } from './support/console';
import { TRUST_LOOPBACK } from './support/operator';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The SDK's OperatorClient against the real service (API.md Part 3 "Operator API tokens and IP
 * allowlists"), as an SRE's or a CI pipeline's script uses it: a token minted by an owner's
 * session pre-registers a production run's robots and mints the fleet enrollment token that a
 * device then claims; the other operator routes it covers; what a member token and a revoked
 * token get.
 */
const TOKENS = '/api/v1/operator/api_tokens';

const caught = (promise: Promise<unknown>): Promise<ProblemError | undefined> =>
  promise.then(
    () => undefined,
    (err: unknown) => err as ProblemError,
  );

describe('SDK: operatorClient() with an operator API token', () => {
  let t: TestApp;
  let base: string;
  let owner: Operator;
  let operator: OperatorClient;

  /** POST /api/v1/operator/api_tokens as the owner's session (a token cannot mint tokens). */
  const mint = async (role: 'admin' | 'member') => {
    const res = await t
      .http()
      .post(TOKENS)
      .set('cookie', owner.cookie)
      .send({ name: uniqueName('ci'), role });
    if (res.status !== 201) throw new Error(`mint api token: ${res.status} ${res.text}`);
    return res.body.api_token as { id: string; token: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
    owner = await makeFleetOwner(t, 'team');
    operator = operatorClient({ baseUrl: base, apiToken: (await mint('admin')).token });
  });
  afterAll(() => t.close());

  it("pre-registers a production run's robots and mints a fleet token; a device claims it and binds its robot", async () => {
    const run = uniqueSerial('RUN');
    const cohort = await operator.createCohort({ name: `Production ${run}` });
    const serials = [1, 2, 3].map((n) => `${run}-${n}`);
    const robots = [];
    for (const serial_number of serials) robots.push(await operator.preRegisterRobot({ serial_number, name: `Picker ${serial_number}` }));
    expect(robots.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);

    // A pipeline that runs again finds what it registered: a serial already taken is 422.
    const again = await caught(operator.preRegisterRobot({ serial_number: serials[0] }));
    expect(again).toMatchObject({ status: 422, slug: 'validation-error' });
    const pending: string[] = [];
    for await (const page of pages<RobotList>((p) => operator.listRobots({ ...p, limit: 2, 'filter[status]': 'pending' }))) {
      expect(page.pagination).toMatchObject({ limit: 2, total: 3 });
      pending.push(...page.robots.map((r) => r.serial_number));
    }
    expect(pending.sort()).toEqual(serials);

    const token = await operator.createEnrollmentToken({
      max_claims: serials.length,
      expires_in: 3600,
      serial_allowlist: serials,
      cohort_id: cohort.id,
      default_tags: [run],
    });
    expect(token).toMatchObject({ status: 'usable', max_claims: 3, claims_count: 0, serial_allowlist: serials, cohort_id: cohort.id });
    expect(token.token).toMatch(/^age_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/);

    // The device, with the SDK's claim(): POST /api/v1/enrollments/claim with its serial.
    const claimed = await claim({ baseUrl: base, token: token.token, serialNumber: serials[0], store: new MemoryCredentialStore() });
    expect(claimed.response?.robot).toMatchObject({ id: robots[0].id, status: 'active', cohort_id: cohort.id, tags: [run] });
    expect(claimed.credentials.robot_id).toBe(robots[0].id);
    const outsider = await caught(
      claim({ baseUrl: base, token: token.token, serialNumber: `${run}-9`, store: new MemoryCredentialStore() }),
    );
    expect(outsider).toMatchObject({ status: 400, detail: 'serial_not_allowed' });

    const listed = await operator.listEnrollmentTokens({ limit: 100 });
    expect(listed.enrollment_tokens.find((e) => e.id === token.id)).toMatchObject({ claims_count: 1, status: 'usable' });
    expect(JSON.stringify(listed)).not.toContain(token.token.split('.')[1]);
    const shown = await operator.showCohort(cohort.id);
    expect(shown.cohort.robot_count).toBe(1);
    expect(shown.members.map((r) => r.id)).toEqual([robots[0].id]);
    expect((await operator.listCohorts({ limit: 500 })).cohorts.map((c) => c.id)).toContain(cohort.id);

    // Re-provisioning and decommissioning: reset puts the claimed robot back to pending, retire is for good.
    expect(await operator.resetRobot(robots[0].id)).toMatchObject({ status: 'pending', service_agent_id: null });
    expect(await operator.retireRobot(robots[1].id)).toMatchObject({ status: 'retired' });
    expect(await caught(operator.resetRobot(robots[1].id))).toMatchObject({ status: 409, detail: 'robot_retired' });
    expect(await operator.revokeEnrollmentToken(token.id)).toMatchObject({ status: 'revoked' });
    const late = await caught(claim({ baseUrl: base, token: token.token, serialNumber: serials[2], store: new MemoryCredentialStore() }));
    expect(late).toMatchObject({ status: 409, detail: 'enrollment_revoked' });
  });

  it('creates and updates service agents, issues, archives and revokes their keys, and sends them commands', async () => {
    const agent = await operator.createServiceAgent({ name: uniqueName('Integration'), scopes: ['messages:read', 'agent_commands:read'] });
    expect((await operator.listServiceAgents()).service_agents.map((a) => a.id)).toContain(agent.id);
    const key = await operator.issueApiKey(agent.id, { scopes: ['messages:read'] });
    expect(key).toMatchObject({ type: 'api_key', service_agent_id: agent.id, scopes: ['messages:read'], expires_at: null });
    const device = agentClient({ baseUrl: base, apiKey: key.key, auth: 'api_key' });
    expect(await device.request('get', '/api/v1/messages')).toMatchObject({ count: 0 });

    expect(await operator.archiveApiKey(key.credential_id)).toMatchObject({ credential_id: key.credential_id, status: 'archived' });
    expect(await caught(device.request('get', '/api/v1/messages'))).toMatchObject({ status: 401, detail: 'api_key_archived' });
    const second = await operator.issueApiKey(agent.id);
    expect(await operator.revokeApiKey(second.credential_id)).toMatchObject({ status: 'revoked' });

    const command = await operator.createAgentCommand({ service_agent_id: agent.id, name: 'reboot', payload: { in_s: 5 } });
    expect(command).toMatchObject({ service_agent_id: agent.id, name: 'reboot', status: 'pending' });
    const commands = await operator.listAgentCommands({ limit: 5, status: 'pending' });
    expect(commands.agent_commands.map((c) => c.id)).toContain(command.id);

    expect(await operator.updateServiceAgent(agent.id, { status: 'inactive' })).toMatchObject({ id: agent.id, status: 'inactive' });
    expect(await caught(operator.createAgentCommand({ service_agent_id: agent.id, name: 'reboot' }))).toMatchObject({
      status: 409,
      detail: 'service_agent_inactive',
    });
  });

  it('creates, lists and deletes webhook subscriptions; the signing secret is shown once', async () => {
    const created = await operator.createWebhookSubscription({
      url: 'http://127.0.0.1:9/hooks/ci',
      event_types: ['robot.claimed', 'robot.retired'],
      description: 'CI',
    });
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await operator.listWebhookSubscriptions({ status: 'active', limit: 100 });
    expect(listed.webhook_subscriptions.map((s) => s.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    await operator.deleteWebhookSubscription(created.id);
    expect((await operator.listWebhookSubscriptions()).webhook_subscriptions.map((s) => s.id)).not.toContain(created.id);
    expect(await caught(operator.deleteWebhookSubscription(created.id))).toMatchObject({ status: 404 });
  });

  it('a member token reads but is refused an admin route: ProblemError 403 insufficient_role', async () => {
    const member = operatorClient({ baseUrl: base, apiToken: (await mint('member')).token });
    const robot = await operator.preRegisterRobot({ serial_number: uniqueSerial() });
    expect((await member.listRobots({ limit: 100 })).robots.map((r) => r.id)).toContain(robot.id);
    const err = await caught(member.preRegisterRobot({ serial_number: uniqueSerial() }));
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 403, slug: 'forbidden', detail: 'insufficient_role', source: 'http' });
    expect(err?.message).toBe('403 forbidden: insufficient_role (POST /api/v1/operator/robots)');
    expect(await caught(member.createEnrollmentToken())).toMatchObject({ status: 403, detail: 'insufficient_role' });
  });

  it('a route that needs a person is 403 person_required, even for an admin token', async () => {
    expect(await caught(operator.request('get', '/api/v1/operator/members'))).toMatchObject({ status: 403, detail: 'person_required' });
  });

  it('a revoked token is 401 api_token_revoked', async () => {
    const { id, token } = await mint('admin');
    const client = operatorClient({ baseUrl: base, apiToken: token });
    await client.listRobots({ limit: 1 });
    await t.http().delete(`${TOKENS}/${id}`).set('cookie', owner.cookie).expect(204);
    const err = await caught(client.listRobots({ limit: 1 }));
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'api_token_revoked' });
    expect(err?.message).not.toContain(token.split('.')[1]);
  });
});
