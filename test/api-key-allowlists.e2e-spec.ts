import { ViolationRecorder } from '../src/security-violations';
import { makeOperator, uniqueName, type Operator } from './support/console';
import { rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * API.md Part 3 "Operator API tokens and IP allowlists" for agk_ keys (ADR 0262): `allowed_ips` on
 * POST .../service_agents/:id/api_keys, checked against the client IP of SPEC.md (trusted proxies
 * honoured) for the key itself, for the access tokens and socket tokens minted from it and at the
 * socket upgrade, carried over by self-rotation; 403 `ip_not_allowed`, and a `disallowed_ip`
 * security violation for a valid credential (a key, or an aot_ token) used from outside its list.
 */
const OP = '/api/v1/operator';
const INSIDE = '203.0.113.9';
const INSIDE_V6 = '2001:db8:5::1';
const OUTSIDE = '198.51.100.20';

describe('allowlists on agk_ keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
  });
  afterAll(() => t?.close());

  /** A fresh agent (every machine scope) with a key issued by the owner. */
  const issueKey = async (owner: Operator, body: Record<string, unknown> = {}) => {
    const agent = await t
      .http()
      .post(`${OP}/service_agents`)
      .set('cookie', owner.cookie)
      .send({ name: uniqueName('Robot') })
      .expect(201);
    const res = await t.http().post(`${OP}/service_agents/${agent.body.service_agent.id}/api_keys`).set('cookie', owner.cookie).send(body);
    return { res, agentId: agent.body.service_agent.id as string, key: res.body.api_key as { key: string; credential_id: string } };
  };
  const violationsOf = async (owner: Operator) => {
    await t.app.get(ViolationRecorder).flush();
    const res = await t.http().get(`${OP}/security_violations`).set('cookie', owner.cookie).expect(200);
    return (res.body.security_violations as Record<string, unknown>[]).filter((v) => v.kind === 'disallowed_ip');
  };
  const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

  it('issues a key with allowed_ips (canonical in the answer, the listing and the audit event) and refuses bad lists', async () => {
    const owner = await makeOperator(t);
    const { res, agentId, key } = await issueKey(owner, { allowed_ips: ['203.0.113.0/24', '2001:DB8:5::/48', '192.0.2.1'] });
    expect(res.status).toBe(201);
    const canonical = ['203.0.113.0/24', '2001:db8:5::/48', '192.0.2.1/32'];
    expect(res.body.api_key).toMatchObject({ service_agent_id: agentId, allowed_ips: canonical });
    const archived = await t.http().post(`${OP}/api_keys/${key.credential_id}/archive`).set('cookie', owner.cookie).expect(200);
    expect(archived.body.api_key.allowed_ips).toEqual(canonical);
    const [audit] = await rowsOf(t, `SELECT changes FROM audit_events WHERE workspace_id = $1 AND action = 'api_key.create'`, [
      owner.reg.workspaceId,
    ]);
    expect(audit.changes.allowed_ips).toEqual([null, canonical]);

    const post = (allowed_ips: unknown) =>
      t.http().post(`${OP}/service_agents/${agentId}/api_keys`).set('cookie', owner.cookie).send({ allowed_ips });
    for (const bad of [['10.0.0.1/8'], ['not-an-ip'], '10.0.0.0/8', Array.from({ length: 21 }, (_, i) => `10.0.${i}.0/24`)]) {
      expectProblem(await post(bad), 422, 'validation-error');
    }
    const [{ count }] = await rowsOf(t, `SELECT count(*)::int AS count FROM api_credentials WHERE service_agent_id = $1`, [agentId]);
    expect(count).toBe(1); // the refused ones wrote nothing
  });

  it('refuses the key, its access token and its socket token from other addresses (403 ip_not_allowed), IPv4 and IPv6', async () => {
    const owner = await makeOperator(t);
    const { key } = await issueKey(owner, { allowed_ips: ['203.0.113.0/24', '2001:db8:5::/48'] });
    const read = (credential: string, ip: string) =>
      t.http().get('/api/v1/messages').set('authorization', `Bearer ${credential}`).set(fromIp(ip));

    await read(key.key, INSIDE).expect(200);
    await read(key.key, INSIDE_V6).expect(200);
    expectProblem(await read(key.key, OUTSIDE), 403, 'forbidden', { detail: 'ip_not_allowed' });
    // no proxy header: the loopback peer itself, which is not in the list
    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', key.key), 403, 'forbidden', { detail: 'ip_not_allowed' });

    // the exchange: refused from outside, and the token it mints from inside inherits the list
    const exchange = (ip: string) => t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key.key).set(fromIp(ip)).send({});
    expectProblem(await exchange(OUTSIDE), 403, 'forbidden', { detail: 'ip_not_allowed' });
    const exchanged = await exchange(INSIDE).expect(200);
    await read(exchanged.body.token, INSIDE).expect(200);
    expectProblem(await read(exchanged.body.token, OUTSIDE), 403, 'forbidden', { detail: 'ip_not_allowed' });

    // a socket token minted inside opens a socket from inside only
    const minted = await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', key.key).set(fromIp(INSIDE)).expect(200);
    const url = socketUrl(await t.listen(), { socket_token: minted.body.socket_token });
    const refused = await SocketClient.refusal(url, fromIp(OUTSIDE));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ detail: 'ip_not_allowed' });
    const socket = await SocketClient.open(url, fromIp(INSIDE));
    socket.close();
  });

  it('a key without allowed_ips is accepted from any address', async () => {
    const owner = await makeOperator(t);
    const { key } = await issueKey(owner);
    expect((await mintSocketToken(t, key.key)).socket_token).toEqual(expect.any(String));
    await t.http().get('/api/v1/messages').set('x-agent-api-key', key.key).set(fromIp(OUTSIDE)).expect(200);
  });

  it('self-rotation carries the list to the new key', async () => {
    const owner = await makeOperator(t);
    const { key } = await issueKey(owner, { allowed_ips: ['203.0.113.0/24'] });
    const rotated = await t
      .http()
      .post('/api/v1/credentials/rotate')
      .set('x-agent-api-key', key.key)
      .set(fromIp(INSIDE))
      .send({ grace_period_seconds: 0 })
      .expect(201);
    const successor = rotated.body.api_key.key as string;
    await t.http().get('/api/v1/messages').set('x-agent-api-key', successor).set(fromIp(INSIDE)).expect(200);
    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', successor).set(fromIp(OUTSIDE)), 403, 'forbidden', {
      detail: 'ip_not_allowed',
    });
  });

  it('a valid key used from outside opens one disallowed_ip violation (high) that counts the uses; a refused key opens none of it', async () => {
    const owner = await makeOperator(t);
    const { key, agentId } = await issueKey(owner, { allowed_ips: ['203.0.113.0/24'] });
    for (const ip of [OUTSIDE, '198.51.100.21', OUTSIDE]) {
      await t.http().get('/api/v1/messages').set('x-agent-api-key', key.key).set(fromIp(ip)).expect(403);
    }
    const [violation, ...more] = await violationsOf(owner);
    expect(more).toEqual([]);
    expect(violation).toMatchObject({
      kind: 'disallowed_ip',
      severity: 'high',
      status: 'open',
      service_agent_id: agentId,
      credential_id: key.credential_id,
      occurrences: 3,
      detail: { ip: OUTSIDE },
    });
    expect(JSON.stringify(violation)).not.toContain(key.key.split('.')[1]);

    // a wrong secret with the same prefix is no valid credential: 401, and nothing more is counted
    const wrong = `${key.key.split('.')[0]}.${'A'.repeat(43)}`;
    await t.http().get('/api/v1/messages').set('x-agent-api-key', wrong).set(fromIp(OUTSIDE)).expect(401);
    expect((await violationsOf(owner))[0]).toMatchObject({ occurrences: 3 });
  });

  it('an aot_ token used from outside its allowed_ips opens a disallowed_ip violation naming the token', async () => {
    const owner = await makeOperator(t);
    const minted = await t
      .http()
      .post(`${OP}/api_tokens`)
      .set('cookie', owner.cookie)
      .send({ name: uniqueName('ci'), role: 'admin', allowed_ips: ['203.0.113.0/24'] })
      .expect(201);
    const token = minted.body.api_token;
    const res = await t.http().get(`${OP}/robots`).set('authorization', `Bearer ${token.token}`).set(fromIp(OUTSIDE));
    expectProblem(res, 403, 'forbidden', { detail: 'ip_not_allowed' });
    const [violation] = await violationsOf(owner);
    expect(violation).toMatchObject({
      kind: 'disallowed_ip',
      severity: 'high',
      service_agent_id: null,
      credential_id: null,
      detail: { ip: OUTSIDE, api_token_id: token.id },
    });
  });
});
