import { DataSource } from 'typeorm';
import { EventBus } from '../src/core/redis/event-bus.service';
import { makeWorkspace, Registered, uniqueEmail } from './support/builders';
import { eventually } from './support/eventually';
import { logIn, randomIPv4, TRUST_LOOPBACK } from './support/operator';
import { makeScimTenant, oktaUser, scim } from './support/scim';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';

const OP = '/api/v1/operator';

/**
 * Two nodes whose only way to Redis is a TCP proxy the test cuts and restores: what each
 * promise of the service becomes while Redis is unreachable, and how fast it recovers.
 */
describe('when Redis is unreachable', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let w: Registered;
  let cookie: string;
  const open: SocketClient[] = [];

  const busHealthy = (t: TestApp) => t.app.get(EventBus).healthy;
  /** A ready socket on `t` (at `base`) of w's default agent, holding agent_commands:read. */
  const commandSocket = async (t: TestApp, base: string) => {
    const { key } = await issueKey(a, w, ['sockets:connect', 'agent_commands:read']);
    const { socket_token } = await mintSocketToken(t, key);
    const socket = await SocketClient.open(socketUrl(base, { socket_token }));
    open.push(socket);
    await socket.request('ready');
    return socket;
  };
  /** Creates a command for w's default agent through node A, while Redis is cut. */
  const createCommand = async (name: string) => {
    await proxy.cut();
    const created = await a.http().post(`${OP}/agent_commands`).set('cookie', cookie).send({ service_agent_id: w.defaultAgentId, name });
    expect(created.status).toBe(201);
    return created.body.agent_command;
  };
  const restore = async () => {
    await proxy.start();
    await eventually(async () => expect(busHealthy(a) && busHealthy(b)).toBe(true), { timeoutMs: 5000 });
  };

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = proxy.urlFor(redisUrl);
    const env = { ...TRUST_LOOPBACK, REDIS_URL: viaProxy, OUTBOX_POLL_MS: '200' };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    [baseA, baseB] = await Promise.all([a.listen(), b.listen()]);
    w = await makeWorkspace(a);
    cookie = await sessionCookie(a, w.email, w.password);
    await eventually(async () => expect(busHealthy(a) && busHealthy(b)).toBe(true));
  });
  afterEach(async () => {
    open.splice(0).forEach((c) => c.close());
    await restore();
  });
  afterAll(async () => {
    await proxy.start();
    await Promise.all([a?.close(), b?.close()]);
    await proxy.cut();
  });

  it('a revoke answers 200 once committed; the other node refuses the key and closes its socket within 1 s', async () => {
    const { key, credentialId } = await issueKey(a, w, ['sockets:connect', 'messages:read']);
    const read = () => b.http().get('/api/v1/messages?limit=1').set('x-agent-api-key', key);
    await read().expect(200);
    await read().expect(200); // now in B's credential cache
    const { socket_token } = await mintSocketToken(b, key);
    const socket = await SocketClient.open(socketUrl(baseB, { socket_token }));
    open.push(socket);

    await proxy.cut();
    const revoke = await a.http().post(`${OP}/api_keys/${credentialId}/revoke`).set('cookie', cookie);
    expect(revoke.status).toBe(200);
    expect(revoke.body.api_key.status).toBe('revoked');
    const revokedAt = Date.now();

    await eventually(async () => expect((await read()).status).toBe(401), { timeoutMs: 1000, intervalMs: 25 });
    const close = await socket.closedWithin(Math.max(1, 1000 - (Date.now() - revokedAt)));
    expect(close.code).toBe(4401);
    // B verified that socket token at the upgrade (and cached it): with the bus down it reads the database again.
    await eventually(async () => expect((await SocketClient.refusal(socketUrl(baseB, { socket_token }))).status).toBe(401), {
      timeoutMs: Math.max(1, 1000 - (Date.now() - revokedAt)),
      intervalMs: 25,
    });
    // And after Redis is back, nothing revives it.
    await restore();
    expect((await read()).status).toBe(401);
  });

  it('log-in and password reset answer 503 promptly while Redis is down, and work within 1 s of its return', async () => {
    await proxy.cut();
    const ip = randomIPv4();
    let started = Date.now();
    const login = await logIn(a, w, { ip, json: true });
    expect(login.res.status).toBe(503);
    expect(login.res.body).toMatchObject({ status: 503, detail: 'redis_unavailable' });
    expect(Number(login.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2500);

    // the development mailbox lives in Redis too: a 503, not a 500 or an empty list
    const mailbox = await a.http().get('/dev/mailbox.json');
    expect({ status: mailbox.status, detail: mailbox.body.detail }).toEqual({ status: 503, detail: 'redis_unavailable' });

    started = Date.now();
    const reset = await a.http().post('/users/forgot-password').set('x-forwarded-for', ip).type('form').send({ email: w.email });
    expect(reset.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2500);

    await proxy.start();
    const back = Date.now();
    await eventually(async () => expect((await logIn(a, w, { ip: randomIPv4(), json: true })).res.status).toBe(302), {
      timeoutMs: 1000,
      intervalMs: 25,
    });
    process.stdout.write(`log-in recovered ${Date.now() - back} ms after Redis returned\n`);
  });

  it('/ready is 503 with oban.error redis_unreachable while Redis is down, and 200 again after', async () => {
    await proxy.cut();
    const res = await a.http().get('/ready');
    expect(res.status).toBe(503);
    expect(res.body.checks.oban).toMatchObject({ status: 'error', error: 'redis_unreachable' });
    expect(res.body.checks.repo.status).toMatch(/^(ok|degraded)$/);
    await restore();
    await eventually(async () => expect((await a.http().get('/ready')).status).toBe(200), { timeoutMs: 3000 });
  });

  it('a command created while Redis is down reaches its live socket on the other node once it is back, once', async () => {
    const socket = await commandSocket(b, baseB);
    const { id } = await createCommand('reboot');

    await proxy.start();
    await socket.next((m) => m.event === 'command' && m.payload.agent_command.id === id, 10_000);
    const db = a.app.get(DataSource);
    await eventually(async () =>
      expect((await db.query(`SELECT status FROM agent_commands WHERE id = $1`, [id]))[0].status).toBe('delivered'),
    );
    // The durable path and the recovery sweep both ran; the socket still got it once.
    await eventually(async () => {
      const [{ n }] = await db.query(
        `SELECT count(*)::int AS n FROM domain_events e JOIN domain_events_pending p ON p.event_id = e.id WHERE e.data->'agent_command'->>'id' = $1`,
        [id],
      );
      expect(n).toBe(0);
    });
    expect(await socket.staysOpen(300)).toBe(true);
    expect(socket.pushes('command').filter((m) => m.payload.agent_command.id === id)).toHaveLength(1);
  });

  it('a command created while Redis is down reaches its live socket on the node that committed it at once', async () => {
    const socket = await commandSocket(a, baseA);
    const created = await createCommand('local');
    // Written by the node that committed it, not relayed through Redis (nor the outbox, whose queue is Redis too).
    const push = await socket.next((m) => m.event === 'command' && m.payload.agent_command.id === created.id, 200);
    expect(push.payload.agent_command).toEqual(created);
  });

  it('socket events need no Redis: while it is down, an open socket reports a result, is ready with its open commands, and heartbeats; a socket token minted before connects', async () => {
    const socket = await commandSocket(a, baseA);
    const { key } = await issueKey(a, w, ['sockets:connect', 'agent_commands:read']);
    const { socket_token } = await mintSocketToken(a, key);
    const first = await createCommand('first'); // cuts Redis
    const second = await createCommand('second'); // (cutting again is a no-op)
    await socket.next((m) => m.event === 'command' && m.payload.agent_command.id === second.id, 1000);

    const result = await socket.request('command_result', { command_id: first.id, status: 'succeeded', result: { ok: true } });
    expect(result).toMatchObject({ status: 'ok', payload: { agent_command: { id: first.id, status: 'succeeded', result: { ok: true } } } });
    const ready = await socket.request('ready');
    expect(ready.status).toBe('ok');
    // (earlier tests left commands of this agent open too)
    const openIds = (reply: { payload: { agent_commands: { id: string }[] } }) => reply.payload.agent_commands.map((c) => c.id);
    expect(openIds(ready)).toContain(second.id);
    expect(openIds(ready)).not.toContain(first.id);
    expect((await socket.request('heartbeat')).status).toBe('ok');

    const late = await SocketClient.open(socketUrl(baseB, { socket_token }));
    open.push(late);
    expect(openIds(await late.request('ready'))).toEqual(openIds(ready));
    const [row] = await a.app.get(DataSource).query(`SELECT status, result FROM agent_commands WHERE id = $1`, [first.id]);
    expect(row).toEqual({ status: 'succeeded', result: { ok: true } });
    expect(busHealthy(a)).toBe(false); // all of it with Redis still down
  });

  it('SCIM keeps provisioning while Redis is down, and a deactivated account loses its socket on the other node within 1 s', async () => {
    const tenant = await makeScimTenant(a);
    const email = uniqueEmail('scim-outage');
    const user = (await scim(a, tenant.token, 'post', '/Users', oktaUser({ email })).expect(201)).body;
    // the owner of the account sets a password (as through forgot-password) and opens a socket on B
    await a.app
      .get(DataSource)
      .query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $2) WHERE email = $1`, [email, w.email]);
    const socket = await SocketClient.open(socketUrl(baseB), { cookie: await sessionCookie(b, email, w.password) });
    open.push(socket);

    await proxy.cut();
    await scim(a, tenant.token, 'post', '/Users', oktaUser()).expect(201);
    const off = await scim(a, tenant.token, 'patch', `/Users/${user.id}`, { Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status).toBe(200);
    const closed = await socket.closedWithin(1000);
    expect(closed.code).toBe(4401);
  });
});
