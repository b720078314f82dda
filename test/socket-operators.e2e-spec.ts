import { makeWorkspace, Registered } from './support/builders';
import { resetToken, waitForMails } from './support/operator';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const SESSION_REISSUE_AFTER_MS = 7 * 24 * 3600 * 1000;

/** Requests a reset link for the address and returns its token, read from the memory mailbox. */
async function requestResetToken(t: TestApp, email: string): Promise<string> {
  await t.http().post('/users/forgot-password').type('form').send({ email }).expect(200);
  return resetToken((await waitForMails(t, email))[0]);
}

describe('websocket /socket for operators (session cookie)', () => {
  let t: TestApp;
  let base: string;
  let w: Registered;
  const open: SocketClient[] = [];

  async function connect(cookie: string, headers: Record<string, string> = {}): Promise<SocketClient> {
    const client = await SocketClient.open(socketUrl(base), { cookie, ...headers });
    open.push(client);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    w = await makeWorkspace(t);
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  it('connects with the session cookie, without a socket token', async () => {
    const client = await connect(await sessionCookie(t, w.email, w.password));
    const reply = await client.request('ready');
    expect(reply).toMatchObject({ status: 'ok', payload: { kind: 'operator', user_id: w.body.user.id } });
    expect((await client.request('heartbeat')).status).toBe('ok');
    // commands are the agents' business
    expect((await client.request('command_result', { command_id: w.workspaceId, status: 'succeeded' })).payload).toEqual({
      reason: 'forbidden',
    });
  });

  it('refuses an unknown session with 401, and a foreign browser origin with 403', async () => {
    const unknown = await SocketClient.refusal(socketUrl(base), { cookie: '_agent_ops_key=not-a-session' });
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.body)).toMatchObject({ status: 401, detail: 'session_required' });

    const cookie = await sessionCookie(t, w.email, w.password);
    const foreign = await SocketClient.refusal(socketUrl(base), { cookie, origin: 'https://evil.example.com' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ status: 403, detail: 'cross_origin_request' });
    // the configured origin (BASE_URL) is welcome
    const same = await connect(cookie, { origin: new URL(process.env.BASE_URL!).origin });
    expect((await same.request('heartbeat')).status).toBe('ok');
  });

  it('log-out closes the sockets of that session on this node with 4401; other sessions stay', async () => {
    const cookie = await sessionCookie(t, w.email, w.password);
    const otherSession = await connect(await sessionCookie(t, w.email, w.password));
    const a = await connect(cookie);
    const b = await connect(cookie);
    await t.http().delete('/users/log-out').set('cookie', cookie).expect(302);
    expect(await a.closedWithin()).toEqual({ code: 4401, reason: 'session_ended' });
    expect(await b.closedWithin()).toEqual({ code: 4401, reason: 'session_ended' });
    expect(await otherSession.staysOpen()).toBe(true);
    // and the ended session cannot connect again
    expect((await SocketClient.refusal(socketUrl(base), { cookie })).status).toBe(401);
  });

  it('a password reset closes every socket of the user with 4401; other users and agents stay', async () => {
    const x = await makeWorkspace(t);
    const first = await connect(await sessionCookie(t, x.email, x.password));
    const second = await connect(await sessionCookie(t, x.email, x.password));
    const otherUser = await connect(await sessionCookie(t, w.email, w.password));
    const agentKey = await issueKey(t, x, ['sockets:connect']);
    const agent = await SocketClient.open(socketUrl(base, { socket_token: (await mintSocketToken(t, agentKey.key)).socket_token }));
    open.push(agent);

    const token = await requestResetToken(t, x.email);
    const password = 'a brand new password 42';
    await t.http().post(`/users/reset-password/${token}`).type('form').send({ password, password_confirmation: password }).expect(302);
    expect(await first.closedWithin()).toEqual({ code: 4401, reason: 'sessions_revoked' });
    expect(await second.closedWithin()).toEqual({ code: 4401, reason: 'sessions_revoked' });
    expect(await otherUser.staysOpen()).toBe(true);
    expect(await agent.staysOpen()).toBe(true);
  });

  // Last: it moves the clock by a week.
  it('a session reissued at the upgrade sends the new cookie with the 101, and log-out of it closes the socket', async () => {
    const cookie = await sessionCookie(t, w.email, w.password);
    t.clock.advance(SESSION_REISSUE_AFTER_MS + 60_000);
    const client = await connect(cookie);
    const setCookie = ([] as string[]).concat(client.upgradeHeaders['set-cookie'] ?? []);
    const fresh = setCookie.find((c) => c.startsWith('_agent_ops_key='));
    expect(fresh).toMatch(/HttpOnly/i);
    expect(fresh).toMatch(/SameSite=Lax/i);
    const freshCookie = fresh!.split(';')[0];
    expect(freshCookie).not.toBe(cookie);
    // the old token is gone; the socket belongs to the reissued session
    expect((await SocketClient.refusal(socketUrl(base), { cookie })).status).toBe(401);
    await t.http().delete('/users/log-out').set('cookie', freshCookie).expect(302);
    expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'session_ended' });
  });
});
