import { agentClient, AgentSocket, CommandFailed, CommandOutcome, ProblemError, REPLY_REASONS, ReplyError } from '../sdk/src';
import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { Db } from '../src/core/database/db.service';
import { Outbox } from '../src/events';
import { ReplyReasons } from '../src/gateway/socket-protocol';
import { SocketGateway } from '../src/gateway/socket.gateway';
import { eventually } from './support/eventually';
import { sdkWorkspace, SdkWorkspace } from './support/sdk';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';

/** The SDK's agent socket against the real /socket: commands, heartbeats, reconnects, revocation. */
describe('SDK: the agent socket', () => {
  let t: TestApp;
  let base: string;
  let ws: SdkWorkspace;
  const sockets: AgentSocket[] = [];
  const proxies: TcpProxy[] = [];

  /** Small delays so reconnects happen within a test. */
  const FAST = { backoff: { initialDelayMs: 100, maxDelayMs: 400 } };

  function open(key: string, options: Parameters<ReturnType<typeof agentClient>['socket']>[0] = {}, baseUrl = base): AgentSocket {
    const socket = agentClient({ baseUrl, apiKey: key }).socket({ ...FAST, ...options });
    sockets.push(socket);
    return socket;
  }

  const results = (socket: AgentSocket): CommandOutcome[] => {
    const seen: CommandOutcome[] = [];
    socket.on('result', (r) => seen.push(r));
    return seen;
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    ws = await sdkWorkspace(t);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.stop()));
    await Promise.all(proxies.splice(0).map((p) => p.cut()));
  });
  afterAll(() => t.close());

  it('knows every reply reason the service sends, and no other', () => {
    expect([...REPLY_REASONS].sort()).toEqual(Object.values(ReplyReasons).sort());
  });

  it('is pushed only the event types its caller asked for; an unknown type is final, not retried', async () => {
    const device = await ws.agent(['sockets:connect', 'events:read', 'agent_commands:read']);
    const socket = open(device.key, { events: ['robot.retired'] });
    const seen: string[] = [];
    socket.on('event', (e) => seen.push(`${e.type}:${String(e.data.n)}`));
    expect(await socket.start()).toMatchObject({ events: ['robot.retired'] });
    const outbox = t.app.get(Outbox);
    await outbox.record(t.app.get(Db), ws.w.workspaceId, 'robot.claimed', { n: 1 });
    await outbox.record(t.app.get(Db), ws.w.workspaceId, 'robot.retired', { n: 2 });
    await eventually(() => expect(seen).toEqual(['robot.retired:2']));

    const wrong = open(device.key, { events: ['robot.exploded'] });
    const refused = await wrong.start().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ReplyError);
    expect(refused).toMatchObject({ reason: 'unknown_event_type' });
    expect(wrong.state).toBe('closed');
  });

  it('says ready, runs a pushed command and answers it: the operator sees it succeeded with the result', async () => {
    const device = await ws.agent();
    const socket = open(device.key, {
      readyPayload: { firmware: '1.0.0' },
      handlers: { reboot: (command) => ({ rebooted: true, delay: (command.payload as { delay_s: number }).delay_s }) },
    });
    const ready = await socket.start();
    expect(ready).toMatchObject({
      kind: 'service_agent',
      service_agent_id: device.serviceAgentId,
      credential_id: device.credentialId,
      agent_commands: [],
    });
    expect(socket.state).toBe('ready');
    const seen = results(socket);

    const command = await ws.sendCommand(device.serviceAgentId, 'reboot', { delay_s: 5 });

    await eventually(
      async () => expect(await ws.command(command.id)).toEqual({ status: 'succeeded', result: { rebooted: true, delay: 5 } }),
      {
        timeoutMs: 5000,
      },
    );
    // The service stores the result, then replies: the reply (and the SDK's 'result' event) may come after the store is visible.
    await eventually(
      () =>
        expect(seen).toEqual([
          expect.objectContaining({
            status: 'succeeded',
            reply: 'ok',
            command: expect.objectContaining({ id: command.id, name: 'reboot' }),
          }),
        ]),
      { timeoutMs: 5000 },
    );
  });

  it('fails a command whose handler throws, and one nobody handles, with the reason as result', async () => {
    const device = await ws.agent();
    const socket = open(device.key, {
      handlers: {
        explode: () => {
          throw new Error('disk full');
        },
        refuse: () => {
          throw new CommandFailed({ code: 'busy', retry_in_s: 30 });
        },
      },
    });
    await socket.start();
    const explode = await ws.sendCommand(device.serviceAgentId, 'explode');
    const refuse = await ws.sendCommand(device.serviceAgentId, 'refuse');
    const unknown = await ws.sendCommand(device.serviceAgentId, 'teleport');

    await eventually(
      async () => {
        expect(await ws.command(explode.id)).toEqual({ status: 'failed', result: { error: 'disk full' } });
        expect(await ws.command(refuse.id)).toEqual({ status: 'failed', result: { code: 'busy', retry_in_s: 30 } });
        expect(await ws.command(unknown.id)).toEqual({ status: 'failed', result: { error: 'unknown_command', name: 'teleport' } });
      },
      { timeoutMs: 5000 },
    );
  });

  it('sends heartbeats and reads the server time from their replies', async () => {
    const device = await ws.agent();
    const socket = open(device.key, { heartbeatIntervalMs: 50 });
    const beats: { serverTime: string }[] = [];
    socket.on('heartbeat', (b) => beats.push(b));
    await socket.start();
    await eventually(async () => expect(beats.length).toBeGreaterThanOrEqual(3), { timeoutMs: 3000 });
    expect(beats[0].serverTime).toBe(t.clock.date().toISOString());
  });

  it('reconnects when the server goes away (1001), and takes commands on the new connection', async () => {
    const device = await ws.agent();
    const handled: string[] = [];
    const socket = open(device.key, { handlers: { ping: (c) => void handled.push(c.id) } });
    const disconnects: { code: number; reason: string }[] = [];
    socket.on('disconnected', (d) => disconnects.push(d));
    await socket.start();

    await t.app.get(SocketGateway).goAway(1000);

    await eventually(async () => expect(socket.stats.connections).toBe(2), { timeoutMs: 5000 });
    expect(disconnects).toEqual([expect.objectContaining({ code: 1001, reason: 'server_shutting_down' })]);
    expect(socket.state).toBe('ready');
    const command = await ws.sendCommand(device.serviceAgentId, 'ping');
    await eventually(async () => expect((await ws.command(command.id)).status).toBe('succeeded'), { timeoutMs: 5000 });
    expect(handled).toEqual([command.id]);
  });

  it('replaces a socket token the service refuses at the upgrade, and connects with a new one', async () => {
    const device = await ws.agent();
    const socket = open(device.key);
    const disconnects: { code: number; error?: unknown }[] = [];
    socket.on('disconnected', (d) => disconnects.push(d));
    await socket.start();

    // The service's clock passes the socket token's 600 s; the client still believes it valid.
    t.clock.advance(601_000);
    await t.app.get(SocketGateway).goAway(1000);

    await eventually(async () => expect(socket.stats.connections).toBe(2), { timeoutMs: 5000 });
    expect(disconnects).toHaveLength(2);
    expect(disconnects[0]).toMatchObject({ code: 1001 });
    expect(disconnects[1].error).toBeInstanceOf(ProblemError);
    expect(disconnects[1].error).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'token_expired' });
  });

  it('while the network is down retries with growing jittered delays, then gets the commands sent meanwhile', async () => {
    const device = await ws.agent();
    const proxy = new TcpProxy('127.0.0.1', Number(new URL(base).port));
    proxies.push(proxy);
    const port = await proxy.start();
    const handled: string[] = [];
    const socket = open(device.key, { handlers: { ping: (c) => void handled.push(c.id) } }, `http://127.0.0.1:${port}`);
    const delays: { attempt: number; delayMs: number }[] = [];
    socket.on('reconnecting', (r) => delays.push(r));
    await socket.start();

    await proxy.cut();
    await eventually(async () => expect(delays.length).toBeGreaterThanOrEqual(4), { timeoutMs: 5000 });
    // While no socket is connected the command waits in the service.
    const command = await ws.sendCommand(device.serviceAgentId, 'ping');
    expect(command.status).toBe('pending');
    await proxy.start();

    await eventually(async () => expect((await ws.command(command.id)).status).toBe('succeeded'), { timeoutMs: 5000 });
    expect(handled).toEqual([command.id]);
    expect(socket.stats.connections).toBe(2);
    // Equal jitter: attempt n waits between half and all of min(400, 100 * 2^n).
    for (const [n, { delayMs, attempt }] of delays.slice(0, 4).entries()) {
      const cap = Math.min(400, 100 * 2 ** n);
      expect(attempt).toBe(n + 1);
      expect(delayMs).toBeGreaterThanOrEqual(cap / 2);
      expect(delayMs).toBeLessThanOrEqual(cap);
    }
  });

  it('runs a command once although the service delivers it again after a reconnect', async () => {
    const device = await ws.agent();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let runs = 0;
    const socket = open(device.key, {
      handlers: {
        slow: async () => {
          runs++;
          await released;
          return { done: true };
        },
      },
    });
    const readies: number[] = [];
    socket.on('ready', (reply) => readies.push(reply.agent_commands.length));
    await socket.start();
    const command = await ws.sendCommand(device.serviceAgentId, 'slow');
    await eventually(async () => expect(runs).toBe(1), { timeoutMs: 5000 });

    await t.app.get(SocketGateway).goAway(1000);
    await eventually(async () => expect(readies).toEqual([0, 1]), { timeoutMs: 5000 }); // listed again by ready
    release();

    await eventually(async () => expect(await ws.command(command.id)).toEqual({ status: 'succeeded', result: { done: true } }), {
      timeoutMs: 5000,
    });
    expect(runs).toBe(1);
  });

  it('keeps retrying at its longest delay while its agent is inactive (4403), and is back when an operator reactivates it', async () => {
    const device = await ws.agent();
    const socket = open(device.key);
    const disconnects: { code: number; reason: string; error?: unknown }[] = [];
    const delays: number[] = [];
    socket.on('disconnected', (d) => disconnects.push(d));
    socket.on('reconnecting', (r) => delays.push(r.delayMs));
    await socket.start();
    const agents = t.app.get(ServiceAgentsService);

    await agents.update(ws.w.workspaceId, device.serviceAgentId, { status: 'inactive' });
    await eventually(async () => expect(delays.length).toBeGreaterThanOrEqual(2), { timeoutMs: 5000 });
    expect(disconnects[0]).toMatchObject({ code: 4403, reason: 'service_agent_inactive' });
    expect(disconnects[1].error).toMatchObject({ status: 403, detail: 'service_agent_inactive' }); // and refused on the next try
    // the longest delay (400 here), with equal jitter: between half and all of it
    for (const d of delays.slice(0, 2)) expect(d >= 200 && d <= 400).toBe(true);
    expect(socket.state).not.toBe('closed');

    await agents.update(ws.w.workspaceId, device.serviceAgentId, { status: 'active' });
    await eventually(async () => expect(socket.stats.connections).toBe(2), { timeoutMs: 5000 });
    expect(socket.state).toBe('ready');
  });

  it('is closed for good, with a typed problem, when its key is revoked, and does not reconnect', async () => {
    const device = await ws.agent();
    const socket = open(device.key);
    const reconnects: unknown[] = [];
    socket.on('reconnecting', (r) => reconnects.push(r));
    const closed = new Promise<{ error?: ProblemError | ReplyError }>((resolve) => socket.once('closed', resolve));
    await socket.start();

    await ws.revoke(device.credentialId);

    const { error } = await closed;
    expect(error).toBeInstanceOf(ProblemError);
    expect(error).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'api_key_revoked', source: 'socket' });
    expect(socket.state).toBe('closed');
    expect(reconnects).toEqual([]);

    // Starting again with the revoked key is refused at the socket token, with the same problem.
    const again = open(device.key);
    await expect(again.start()).rejects.toMatchObject({ status: 401, slug: 'unauthorized', detail: 'api_key_revoked', source: 'http' });
  });
});
