import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { AgentClient, ROTATE_PATH } from './agent-client';
import { AgentSocket, AgentSocketOptions, CommandOutcome } from './agent-socket';
import { FileCredentialStore } from './credential-store';
import { ProblemError, ReplyError } from './errors';
import { credentialsOfK0, defaultReply, eventually, FakeService, json, problem, socketTokenRoutes } from './testing/fake-service';

const FAST: AgentSocketOptions = { backoff: { initialDelayMs: 40, maxDelayMs: 80 }, heartbeatIntervalMs: 60_000 };

/** How a promise settles within `ms`: its value or error, or 'pending'. */
const settledWithin = <T>(promise: Promise<T>, ms: number): Promise<{ value?: T; error?: unknown } | 'pending'> =>
  Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    delay(ms).then(() => 'pending' as const),
  ]);

describe('AgentSocket against a service that misbehaves', () => {
  let service: FakeService;
  let base: string;
  const sockets: AgentSocket[] = [];

  function open(
    options: AgentSocketOptions = {},
    agent = new AgentClient({ baseUrl: base, apiKey: 'agk_AAAAAAAAAAA.k0', auth: 'api_key' }),
  ) {
    const socket = agent.socket({ ...FAST, ...options });
    sockets.push(socket);
    return socket;
  }

  beforeEach(async () => {
    service = socketTokenRoutes(new FakeService());
    base = await service.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.stop()));
    await service.close();
  });

  it('sends a command_result again on the same connection when its reply did not come in time', async () => {
    let results = 0;
    service.onFrame = (frame, conn) => (frame.event === 'command_result' && ++results === 1 ? undefined : defaultReply(frame, conn.token));
    const socket = open({ replyTimeoutMs: 150, handlers: { reboot: () => ({ rebooted: true }) } });
    const outcomes: CommandOutcome[] = [];
    socket.on('result', (r) => outcomes.push(r));
    await socket.start();

    service.push({ event: 'command', payload: { agent_command: { id: 'cmd-1', name: 'reboot', status: 'delivered', payload: {} } } });

    await eventually(() => expect(outcomes).toEqual([expect.objectContaining({ status: 'succeeded', reply: 'ok' })]));
    const sent = service.frames.filter((f) => f.event === 'command_result');
    expect(sent.map((f) => [f.connection, f.payload])).toEqual([
      [0, { command_id: 'cmd-1', status: 'succeeded', result: { rebooted: true } }],
      [0, { command_id: 'cmd-1', status: 'succeeded', result: { rebooted: true } }],
    ]);
    expect(service.upgrades).toHaveLength(1); // no reconnect was needed
  });

  it('a ready the service refuses for its content ends the socket with a ReplyError carrying the reason, without reconnecting', async () => {
    service.onFrame = (frame, conn) =>
      frame.event === 'ready' ? { error: 'unknown_event_type', payload: { type: 'nope' } } : defaultReply(frame, conn.token);
    const socket = open({ events: ['nope'] });
    const closed = new Promise<{ error?: unknown }>((resolve) => socket.once('closed', resolve));

    const err = await socket.start().catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ReplyError);
    expect(err).toMatchObject({ event: 'ready', reason: 'unknown_event_type', payload: { reason: 'unknown_event_type', type: 'nope' } });
    expect((await closed).error).toBe(err);
    expect(service.frames.find((f) => f.event === 'ready')?.payload).toEqual({ events: ['nope'] });
    await delay(200);
    expect(service.upgrades).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });

  it('a ready refused for a dependency out of reach is retried after its retry_after, and the reason is told', async () => {
    let readies = 0;
    service.onFrame = (frame, conn) =>
      frame.event === 'ready' && ++readies === 1
        ? { error: 'database_unavailable', payload: { retry_after: 0.3 } }
        : defaultReply(frame, conn.token);
    const socket = open();
    const reconnects: { delayMs: number; error?: unknown }[] = [];
    socket.on('reconnecting', (r) => reconnects.push(r));
    await socket.start();
    expect(reconnects).toEqual([{ attempt: 1, delayMs: 300, error: expect.any(ReplyError) }]);
    expect(reconnects[0].error).toMatchObject({ reason: 'database_unavailable', retryAfterSeconds: 0.3 });
  });

  it('upgrade refusals during a deploy (404, 502, 503 with retry-after) are retried with backoff until the service is back', async () => {
    const refusals = [
      { status: 404, body: problem(404, 'not-found', 'not_found') },
      { status: 502, body: undefined },
      { status: 503, body: problem(503, 'service-unavailable', 'starting'), headers: { 'retry-after': '1' } },
    ];
    service.upgrade = () => refusals.shift();
    const socket = open();
    const reconnects: { delayMs: number; error?: unknown }[] = [];
    socket.on('reconnecting', (r) => reconnects.push(r));

    await socket.start();

    expect(reconnects.map((r) => (r.error as ProblemError).status)).toEqual([404, 502, 503]);
    expect(reconnects[2].delayMs).toBeGreaterThanOrEqual(1000);
    expect(service.upgrades).toHaveLength(4);
    expect(socket.state).toBe('ready');
  });

  it('a socket token refused for a missing sockets:connect is final: one request, the ProblemError, no retry loop', async () => {
    service.route('POST /api/v1/socket_tokens', (_req, res) =>
      json(res, 403, problem(403, 'forbidden', 'The token does not have sufficient scope')),
    );
    const socket = open();
    const outcome = await settledWithin(socket.start(), 1000);
    expect(outcome).not.toBe('pending');
    expect((outcome as { error: unknown }).error).toBeInstanceOf(ProblemError);
    expect((outcome as { error: unknown }).error).toMatchObject({ status: 403, detail: 'The token does not have sufficient scope' });
    await delay(200);
    expect(service.to('/api/v1/socket_tokens')).toHaveLength(1);
    expect(service.upgrades).toHaveLength(0);
  });

  describe('told that its key is expiring', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sdk-socket-rotation-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('asks for api_key.expiring, rotates on it, and reconnects with a socket token of the new key', async () => {
      let rotations = 0;
      service.route(`POST ${ROTATE_PATH}`, (_req, res) => {
        rotations++;
        json(res, 201, {
          api_key: {
            type: 'api_key',
            key: 'agk_AAAAAAAAAAA.k1',
            scopes: ['sockets:connect'],
            credential_id: 'cred-k1',
            service_agent_id: 'agent-1',
          },
          access_token: {
            type: 'bearer',
            token: 'tok-k1',
            scopes: ['sockets:connect'],
            credential_id: 'cred-k1',
            expires_in: 2_592_000,
            service_agent_id: 'agent-1',
          },
          previous: { credential_id: 'cred-k0', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
        });
      });
      const path = join(dir, 'credentials.json');
      const credentials = credentialsOfK0(base, ['sockets:connect', 'events:read', 'credentials:write']);
      const store = new FileCredentialStore(path);
      await store.save(credentials);
      const agent = new AgentClient({ credentials, store, rotation: { eventJitterMs: 0 } });
      const socket = open({ events: ['robot.claimed'] }, agent);
      const closed: unknown[] = [];
      socket.on('closed', (c) => closed.push(c));
      await socket.start();
      expect(service.frames[0]).toMatchObject({ event: 'ready', payload: { events: ['robot.claimed', 'api_key.expiring'] } });

      const expiring = (credentialId: string) => ({
        event: 'event',
        payload: {
          event: {
            id: `e-${credentialId}`,
            type: 'api_key.expiring',
            data: { credential_id: credentialId, expires_at: new Date().toISOString() },
            inserted_at: new Date().toISOString(),
          },
        },
      });
      service.push(expiring('cred-of-another-robot'));
      await delay(100);
      expect(rotations).toBe(0);

      service.push(expiring('cred-k0'));

      await eventually(() => expect(service.upgrades).toEqual(['sock-1-tok-k0', 'sock-2-tok-k1']));
      await eventually(() => expect(socket.state).toBe('ready'));
      expect(rotations).toBe(1);
      expect((await store.load())?.api_key).toBe('agk_AAAAAAAAAAA.k1');
      expect(service.frames.filter((f) => f.event === 'ready').map((f) => f.connection)).toEqual([0, 1]);
      expect(closed).toEqual([]);
    });
  });
});
