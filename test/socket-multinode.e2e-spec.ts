import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { CredentialRevoker } from '../src/credentials/credential-revoker.service';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { makeWorkspace, Registered } from './support/builders';
import { eventually } from './support/eventually';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

/** Two app instances on one Postgres and one Redis, each with its own HTTP listener and sockets. */
describe('websocket /socket across nodes', () => {
  let tA: TestApp;
  let tB: TestApp;
  let baseB: string;
  let w: Registered;
  let cookie: string;
  const open: SocketClient[] = [];

  /** A socket held by node B, with a token minted through node A. */
  async function socketOnB(key: string): Promise<SocketClient> {
    const { socket_token } = await mintSocketToken(tA, key);
    const client = await SocketClient.open(socketUrl(baseB, { socket_token }));
    open.push(client);
    return client;
  }

  beforeAll(async () => {
    [tA, tB] = await Promise.all([createTestApp(), createTestApp()]);
    await tA.listen();
    baseB = await tB.listen();
    w = await makeWorkspace(tA);
    cookie = await sessionCookie(tA, w.email, w.password);
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => Promise.all([tA.close(), tB.close()]));

  it('a command created through node A reaches the socket held by node B; a revoke through node A closes it', async () => {
    const { key, credentialId } = await issueKey(tA, w, ['sockets:connect', 'agent_commands:read']);
    const client = await socketOnB(key);
    expect((await client.request('ready')).status).toBe('ok');

    const created = await tA
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send({ service_agent_id: w.defaultAgentId, name: 'reboot', payload: { node: 'A' } })
      .expect(201);
    const push = await client.next((m) => m.event === 'command');
    expect(push).toEqual({ event: 'command', payload: { agent_command: created.body.agent_command } });

    // the result reported to node B is what node A lists
    const reply = await client.request('command_result', {
      command_id: created.body.agent_command.id,
      status: 'succeeded',
      result: { ok: true },
    });
    expect(reply.status).toBe('ok');
    const listed = await tA.http().get('/api/v1/operator/agent_commands').set('cookie', cookie).expect(200);
    expect(listed.body.agent_commands[0]).toMatchObject({ id: created.body.agent_command.id, status: 'succeeded', result: { ok: true } });

    await tA.app.get(CredentialRevoker).changeStatus(credentialId, w.workspaceId, 'revoked');
    expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'api_key_revoked' });
  });

  it('deactivating the agent through node A closes its sockets on node B', async () => {
    const x = await makeWorkspace(tA);
    const client = await socketOnB((await issueKey(tA, x, ['sockets:connect'])).key);
    await tA.app.get(ServiceAgentsService).update(x.workspaceId, x.defaultAgentId, { status: 'inactive' });
    expect(await client.closedWithin()).toEqual({ code: 4403, reason: 'service_agent_inactive' });
  });

  it('a socket token node B has verified is refused there at once when node A revokes its key, deactivates its agent or freezes its workspace', async () => {
    // B caches what it verified at an upgrade; the change through A must reach that cache, not wait for its 30 s.
    const usedOnB = async (t: Registered) => {
      const issued = await issueKey(tA, t, ['sockets:connect']);
      const { socket_token } = await mintSocketToken(tA, issued.key);
      (await SocketClient.open(socketUrl(baseB, { socket_token }))).close();
      return { ...issued, url: socketUrl(baseB, { socket_token }) };
    };
    const refusedOnB = (url: string, status: number, code: string) =>
      eventually(
        async () => {
          const refusal = await SocketClient.refusal(url);
          expect(refusal.status).toBe(status);
          expect(refusal.body).toContain(code);
        },
        { timeoutMs: 2000, what: `${code} on node B` },
      );

    const revoked = await usedOnB(w);
    const kept = await usedOnB(w);
    await tA.app.get(CredentialRevoker).changeStatus(revoked.credentialId, w.workspaceId, 'revoked');
    await refusedOnB(revoked.url, 401, 'api_key_revoked');
    const again = await SocketClient.open(kept.url);
    open.push(again);

    const x = await makeWorkspace(tA);
    const agentToken = await usedOnB(x);
    await tA.app.get(ServiceAgentsService).update(x.workspaceId, x.defaultAgentId, { status: 'inactive' });
    await refusedOnB(agentToken.url, 403, 'service_agent_inactive');

    const y = await makeWorkspace(tA);
    const frozenToken = await usedOnB(y);
    await tA.app.get(WorkspacesService).update(y.workspaceId, { status: 'frozen' });
    await refusedOnB(frozenToken.url, 403, 'workspace_frozen');
  });

  it('log-out through node A closes the operator socket held by node B', async () => {
    const session = await sessionCookie(tA, w.email, w.password);
    const client = await SocketClient.open(socketUrl(baseB), { cookie: session });
    open.push(client);
    expect((await client.request('ready')).payload.kind).toBe('operator');
    await tA.http().delete('/users/log-out').set('cookie', session).expect(302);
    expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'session_ended' });
  });
});
