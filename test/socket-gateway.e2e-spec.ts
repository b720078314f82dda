import { randomBytes } from 'node:crypto';
import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { CredentialRevoker } from '../src/credentials/credential-revoker.service';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { makeWorkspace, Registered } from './support/builders';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const ALL_SOCKET_SCOPES = ['sockets:connect', 'events:read', 'agent_commands:read'];

describe('websocket /socket', () => {
  let t: TestApp;
  let base: string;
  let w: Registered;
  let agentKey: string;
  let credentialId: string;
  const open: SocketClient[] = [];

  /** Mints a socket token with the key and connects with it. */
  async function connect(key = agentKey, headers: Record<string, string> = {}): Promise<SocketClient> {
    const { socket_token } = await mintSocketToken(t, key);
    const client = await SocketClient.open(socketUrl(base, { socket_token }), headers);
    open.push(client);
    return client;
  }

  function expectRefusal(refusal: { status: number; headers: any; body: string }, status: number, detail: string): void {
    expect(refusal.status).toBe(status);
    expect(refusal.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refusal.body)).toMatchObject({
      type: `${process.env.BASE_URL}/problems/${status === 401 ? 'unauthorized' : 'forbidden'}`,
      status,
      detail,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    w = await makeWorkspace(t);
    const issued = await issueKey(t, w, [...ALL_SOCKET_SCOPES, 'messages:read']);
    agentKey = issued.key;
    credentialId = issued.credentialId;
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  describe('the upgrade', () => {
    it('accepts a fresh socket token; the socket is the credential of its agent', async () => {
      const client = await connect();
      const reply = await client.request('ready', { version: '1.2.3' });
      expect(reply).toEqual({
        event: 'reply',
        ref: expect.any(String),
        status: 'ok',
        payload: {
          kind: 'service_agent',
          credential_id: credentialId,
          service_agent_id: w.defaultAgentId,
          workspace_id: w.workspaceId,
          scopes: ALL_SOCKET_SCOPES,
          events: [],
          agent_commands: [],
        },
      });
    });

    it('answers the 101 and a refusal with x-request-id, echoing a valid one and replacing anything else (API.md)', async () => {
      expect((await connect(agentKey, { 'x-request-id': 'trace.Upgrade-1' })).upgradeHeaders['x-request-id']).toBe('trace.Upgrade-1');
      expect((await connect(agentKey, { 'x-request-id': 'bad id!' })).upgradeHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await connect()).upgradeHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await SocketClient.refusal(socketUrl(base), { 'x-request-id': 'refused-1' })).headers['x-request-id']).toBe('refused-1');
      expect((await SocketClient.refusal(socketUrl(base), { 'x-request-id': 'x'.repeat(129) })).headers['x-request-id']).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    });

    it('refuses a missing or unknown token with 401 and a problem body', async () => {
      expectRefusal(await SocketClient.refusal(socketUrl(base)), 401, 'socket_token_required');
      expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token: '' })), 401, 'invalid_token');
      const unknown = randomBytes(32).toString('base64url');
      const refusal = await SocketClient.refusal(socketUrl(base, { socket_token: unknown }));
      expectRefusal(refusal, 401, 'invalid_token');
      expect(refusal.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('never takes a long-lived credential on the URL or in headers', async () => {
      for (const socket_token of [agentKey, w.apiKey, w.accessToken]) {
        expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token })), 401, 'invalid_token');
      }
      expectRefusal(await SocketClient.refusal(socketUrl(base, { api_key: w.apiKey })), 401, 'socket_token_required');
      expectRefusal(await SocketClient.refusal(socketUrl(base, { token: w.accessToken })), 401, 'socket_token_required');
      expectRefusal(
        await SocketClient.refusal(socketUrl(base), { authorization: `Bearer ${w.accessToken}`, 'x-agent-api-key': w.apiKey }),
        401,
        'socket_token_required',
      );
    });

    it('refuses two socket_token parameters', async () => {
      const a = (await mintSocketToken(t, agentKey)).socket_token;
      const url = `${socketUrl(base, { socket_token: a })}&socket_token=${a}`;
      expectRefusal(await SocketClient.refusal(url), 401, 'invalid_token');
    });

    it('opens several connections with one token until it expires, then refuses it with 401', async () => {
      const { socket_token } = await mintSocketToken(t, agentKey);
      const first = await SocketClient.open(socketUrl(base, { socket_token }));
      const second = await SocketClient.open(socketUrl(base, { socket_token }));
      open.push(first, second);
      t.clock.advance(599_000);
      open.push(await SocketClient.open(socketUrl(base, { socket_token })));
      t.clock.advance(2_000); // 601 s after minting
      expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token })), 401, 'token_expired');
      // expiry of the token does not end connections it opened
      expect(await first.staysOpen()).toBe(true);
      expect((await first.request('heartbeat')).status).toBe('ok');
    });

    it('checks the credential as HTTP does: revoked or archived 401, inactive agent or refused workspace 403', async () => {
      const revoked = await issueKey(t, w, ['sockets:connect']);
      const archived = await issueKey(t, w, ['sockets:connect']);
      const revokedToken = (await mintSocketToken(t, revoked.key)).socket_token;
      const archivedToken = (await mintSocketToken(t, archived.key)).socket_token;
      const revoker = t.app.get(CredentialRevoker);
      await revoker.changeStatus(revoked.credentialId, w.workspaceId, 'revoked');
      await revoker.changeStatus(archived.credentialId, w.workspaceId, 'archived');
      expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token: revokedToken })), 401, 'api_key_revoked');
      expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token: archivedToken })), 401, 'api_key_archived');

      const other = await makeWorkspace(t);
      const agent = await issueKey(t, other, ['sockets:connect']);
      const agentToken = (await mintSocketToken(t, agent.key)).socket_token;
      const primaryToken = (await mintSocketToken(t, other.apiKey)).socket_token;
      await t.app.get(ServiceAgentsService).update(other.workspaceId, other.defaultAgentId, { status: 'inactive' });
      expectRefusal(await SocketClient.refusal(socketUrl(base, { socket_token: agentToken })), 403, 'service_agent_inactive');
      await t.app.get(WorkspacesService).update(other.workspaceId, { status: 'paused' });
      const paused = await SocketClient.refusal(socketUrl(base, { socket_token: primaryToken }));
      expect(paused.status).toBe(403);
      expect(JSON.parse(paused.body)).toMatchObject({ error: 'workspace_paused', title: 'Forbidden' });
    });

    it('counts connections by outcome in /metrics', async () => {
      await connect();
      await SocketClient.refusal(socketUrl(base));
      const metrics = await t.http().get('/metrics').set('authorization', `Bearer ${process.env.METRICS_BEARER_TOKEN}`).expect(200);
      const count = (outcome: string) =>
        Number(new RegExp(`^socket_connections_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(metrics.text)?.[1] ?? 0);
      expect(count('accepted')).toBeGreaterThan(0);
      expect(count('unauthorized')).toBeGreaterThan(0);
    });
  });

  describe('frames and events', () => {
    it('closes the socket with 1009 on a frame above 65536 bytes, before reading it', async () => {
      const client = await connect();
      client.sendRaw(JSON.stringify({ event: 'heartbeat', payload: { pad: 'x'.repeat(65537) } }));
      expect(await client.closedWithin()).toMatchObject({ code: 1009 });

      const binary = await connect();
      binary.sendRaw(Buffer.alloc(65537, 0x20), { binary: true });
      expect(await binary.closedWithin()).toMatchObject({ code: 1009 });
      expect(binary.messages).toEqual([]);
    });

    it('reads a frame of exactly 65536 bytes and lets the handler judge the decoded payload', async () => {
      const client = await connect();
      const head = JSON.stringify({ event: 'heartbeat', ref: 'big', payload: { pad: '' } });
      const frame = JSON.stringify({ event: 'heartbeat', ref: 'big', payload: { pad: 'x'.repeat(65536 - head.length) } });
      expect(Buffer.byteLength(frame)).toBe(65536);
      client.sendRaw(frame);
      const reply = await client.next((m) => m.ref === 'big');
      expect(reply).toEqual({ event: 'reply', ref: 'big', status: 'error', payload: { reason: 'payload_too_large', max_bytes: 1024 } });
      expect(await client.staysOpen()).toBe(true);
    });

    it('validates the decoded payload size in ready, heartbeat and command_result', async () => {
      const client = await connect();
      const sized = (bytes: number) => {
        const pad = 'x'.repeat(bytes - JSON.stringify({ pad: '' }).length);
        return { pad };
      };
      expect((await client.request('heartbeat', sized(1024))).status).toBe('ok');
      expect((await client.request('heartbeat', sized(1025))).payload).toEqual({ reason: 'payload_too_large', max_bytes: 1024 });
      expect((await client.request('ready', sized(8192))).status).toBe('ok');
      expect((await client.request('ready', sized(8193))).payload).toEqual({ reason: 'payload_too_large', max_bytes: 8192 });
      const result = (await client.request('command_result', sized(32769))).payload;
      expect(result).toEqual({ reason: 'payload_too_large', max_bytes: 32768 });
      // a command_result within the limit is read (and refused for its content)
      expect((await client.request('command_result', sized(32768))).payload.reason).toBe('invalid_payload');
    });

    it('answers every client event with a reply carrying its ref', async () => {
      const client = await connect();
      const heartbeat = await client.request('heartbeat');
      expect(heartbeat).toEqual({
        event: 'reply',
        ref: expect.any(String),
        status: 'ok',
        payload: { server_time: t.clock.date().toISOString() },
      });
      client.sendRaw(JSON.stringify({ event: 'heartbeat', ref: 7 }));
      expect(await client.next((m) => m.ref === 7)).toMatchObject({ status: 'ok' });
      client.sendRaw(JSON.stringify({ event: 'heartbeat' }));
      expect(await client.next((m) => m.event === 'reply' && m.ref === null)).toMatchObject({ status: 'ok' });
    });

    it('answers an unknown event with unknown_event', async () => {
      const client = await connect();
      expect(await client.request('phx_join', { topic: 'x' })).toEqual({
        event: 'reply',
        ref: expect.any(String),
        status: 'error',
        payload: { reason: 'unknown_event' },
      });
      expect(await client.request('reply')).toMatchObject({ status: 'error', payload: { reason: 'unknown_event' } });
      expect(await client.staysOpen()).toBe(true);
    });

    it('answers frames that are not JSON, or not an envelope, without closing', async () => {
      const client = await connect();
      client.sendRaw('{"event": "heartbeat", ');
      expect(await client.next((m) => m.event === 'reply')).toEqual({
        event: 'reply',
        ref: null,
        status: 'error',
        payload: { reason: 'invalid_json' },
      });
      client.messages.length = 0;
      client.sendRaw(Buffer.from(JSON.stringify({ event: 'heartbeat', ref: 'bin' })), { binary: true });
      expect(await client.next((m) => m.event === 'reply')).toMatchObject({ ref: null, payload: { reason: 'invalid_json' } });

      for (const [frame, ref] of [
        ['[1, 2]', null],
        ['"heartbeat"', null],
        ['{"ref": "no-event"}', 'no-event'],
        ['{"event": 42, "ref": "bad-event"}', 'bad-event'],
        ['{"event": "heartbeat", "ref": "bad-payload", "payload": [1]}', 'bad-payload'],
        ['{"event": "heartbeat", "ref": {"x": 1}}', null],
      ] as const) {
        client.messages.length = 0;
        client.sendRaw(frame);
        expect(await client.next((m) => m.event === 'reply')).toEqual({
          event: 'reply',
          ref,
          status: 'error',
          payload: { reason: 'invalid_message' },
        });
      }
      expect((await client.request('heartbeat')).status).toBe('ok');
    });
  });

  describe('live sockets follow their credential', () => {
    it('revoking the credential closes its sockets with 4401; other credentials of the agent stay', async () => {
      const doomed = await issueKey(t, w, ['sockets:connect']);
      const a = await connect(doomed.key);
      const b = await connect(doomed.key);
      const survivor = await connect();
      await t.app.get(CredentialRevoker).changeStatus(doomed.credentialId, w.workspaceId, 'revoked');
      expect(await a.closedWithin()).toEqual({ code: 4401, reason: 'api_key_revoked' });
      expect(await b.closedWithin()).toEqual({ code: 4401, reason: 'api_key_revoked' });
      expect(await survivor.staysOpen()).toBe(true);
    });

    it('archiving the credential closes its sockets with 4401', async () => {
      const doomed = await issueKey(t, w, ['sockets:connect']);
      const client = await connect(doomed.key);
      await t.app.get(CredentialRevoker).changeStatus(doomed.credentialId, w.workspaceId, 'archived');
      expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'api_key_archived' });
    });

    it('a credential that expires closes its sockets with 4401', async () => {
      const expiring = await issueKey(t, w, ['sockets:connect'], { expiresAt: new Date(t.clock.now() + 60_000) });
      const client = await connect(expiring.key);
      expect((await client.request('heartbeat')).status).toBe('ok');
      t.clock.advance(60_000);
      client.sendRaw(JSON.stringify({ event: 'heartbeat', ref: 'late' }));
      expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'api_key_expired' });
      expect(client.messages.filter((m) => m.ref === 'late')).toEqual([]);
    });

    it('deactivating the agent closes its sockets with 4403; other agents of the workspace stay', async () => {
      const x = await makeWorkspace(t);
      const agentSocket = await connect((await issueKey(t, x, ['sockets:connect'])).key);
      const primarySocket = await connect(x.apiKey);
      await t.app.get(ServiceAgentsService).update(x.workspaceId, x.defaultAgentId, { status: 'inactive' });
      expect(await agentSocket.closedWithin()).toEqual({ code: 4403, reason: 'service_agent_inactive' });
      expect(await primarySocket.staysOpen()).toBe(true);
    });

    it('freezing the workspace closes its sockets with 4403; other workspaces stay', async () => {
      const x = await makeWorkspace(t);
      const agentSocket = await connect((await issueKey(t, x, ['sockets:connect'])).key);
      const primarySocket = await connect(x.apiKey);
      const elsewhere = await connect();
      // a change that leaves the workspace active closes nothing
      await t.app.get(WorkspacesService).update(x.workspaceId, { plan: 'team' });
      expect(await agentSocket.staysOpen()).toBe(true);

      await t.app.get(WorkspacesService).update(x.workspaceId, { status: 'frozen' });
      expect(await agentSocket.closedWithin()).toEqual({ code: 4403, reason: 'workspace_frozen' });
      expect(await primarySocket.closedWithin()).toEqual({ code: 4403, reason: 'workspace_frozen' });
      expect(await elsewhere.staysOpen()).toBe(true);
    });
  });
});
