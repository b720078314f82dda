import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Db } from '../src/core/database/db.service';
import { runMigrations } from '../src/core/database/migrate';
import { EventBus } from '../src/core/redis/event-bus.service';
import { RedisChannels } from '../src/core/redis/redis-keys';
import { RedisService } from '../src/core/redis/redis.service';
import { Outbox } from '../src/events';
import { OutboxRelay, RELAY_BATCH } from '../src/events/outbox-relay.service';
import { makeWorkspace, Registered } from './support/builders';
import { eventually } from './support/eventually';
import { sleep } from './support/operator';
import { dropScratchDatabase } from './support/scratch-database';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import type { AppConfig } from '../src/core/config/app-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An agent socket that said `ready` with `ready` (asking for every event type by default). */
async function eventSocket(
  t: TestApp,
  base: string,
  w: Registered,
  scopes = ['sockets:connect', 'events:read'],
  ready: Record<string, unknown> = { events: ['*'] },
): Promise<SocketClient> {
  const { key } = await issueKey(t, w, scopes);
  const { socket_token } = await mintSocketToken(t, key);
  const socket = await SocketClient.open(socketUrl(base, { socket_token }));
  expect((await socket.request('ready', ready)).status).toBe('ok');
  return socket;
}

const pushesOf = (socket: SocketClient, eventId: string) => socket.pushes('event').filter((m) => m.payload.event.id === eventId);

/** Every domain event published on the bus (any node's), as Redis carries it: { type, workspaceId, event }. */
async function busListener(): Promise<{ published: (eventId: string) => any[]; close: () => Promise<void> }> {
  const sub = new Redis(process.env.REDIS_URL!);
  const seen: any[] = [];
  sub.on('message', (_channel: string, message: string) => {
    const m = JSON.parse(message);
    if (m.type === 'domain_event') seen.push(m);
  });
  await sub.subscribe(RedisChannels.events(sub.options.db ?? 0));
  return { published: (eventId) => seen.filter((m) => m.event.id === eventId), close: async () => void (await sub.quit()) };
}

describe('domain events: the transactional outbox', () => {
  let t: TestApp;
  let base: string;
  let db: DataSource;
  const open: SocketClient[] = [];
  /** Whether the event still waits for the relay (a row in domain_events_pending). */
  const pending = async (id: string): Promise<boolean> =>
    (await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = $1`, [id]))[0].n === 1;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    db = t.app.get(DataSource);
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  it('creating an agent command writes agent_command.created with it, and agents holding events:read get it pushed', async () => {
    const w = await makeWorkspace(t);
    const cookie = await sessionCookie(t, w.email, w.password);
    const listener = await eventSocket(t, base, w);
    const deaf = await eventSocket(t, base, w, ['sockets:connect', 'agent_commands:read']);
    const other = await eventSocket(t, base, await makeWorkspace(t));
    open.push(listener, deaf, other);

    const res = await t
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send({ service_agent_id: w.defaultAgentId, name: 'reboot' })
      .expect(201);
    const command = res.body.agent_command;

    const push = await listener.next((m) => m.event === 'event' && m.payload.event.data.agent_command?.id === command.id);
    expect(push).toEqual({
      event: 'event',
      payload: {
        event: {
          id: expect.stringMatching(UUID),
          type: 'agent_command.created',
          data: { agent_command: command },
          inserted_at: expect.stringMatching(ISO),
        },
      },
    });
    const [row] = await db.query(`SELECT workspace_id, type, data FROM domain_events WHERE id = $1`, [push.payload.event.id]);
    expect(row).toEqual({ workspace_id: w.workspaceId, type: 'agent_command.created', data: { agent_command: command } });
    await eventually(async () => expect(await pending(push.payload.event.id)).toBe(false));
    // Not to a socket without events:read, nor to another workspace's.
    expect(await deaf.staysOpen(200)).toBe(true);
    expect(pushesOf(deaf, push.payload.event.id)).toHaveLength(0);
    expect(pushesOf(other, push.payload.event.id)).toHaveLength(0);
    expect(pushesOf(listener, push.payload.event.id)).toHaveLength(1);
  });

  it('a refused change writes no event (the event shares its transaction)', async () => {
    const w = await makeWorkspace(t);
    const cookie = await sessionCookie(t, w.email, w.password);
    await t
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send({ service_agent_id: w.keyAgentId, name: 'reboot' })
      .expect(404);
    // audit_event.created events are the audit log's (the owner's log-in is audited), not the command's
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM domain_events WHERE workspace_id = $1 AND type <> 'audit_event.created'`,
      [w.workspaceId],
    );
    expect(n).toBe(0);
  });

  it('a node delivers a relayed event to its sockets once, however many times it hears of it', async () => {
    const w = await makeWorkspace(t);
    const listener = await eventSocket(t, base, w);
    open.push(listener);
    const event = await t.app.get(Outbox).record(t.app.get(Db), w.workspaceId, 'robot.retired', { n: 1 });
    await listener.next((m) => m.event === 'event' && m.payload.event.id === event.id);
    // Another node publishing that event again (its mark expired, say), and a new one twice.
    const other = new Redis(process.env.REDIS_URL!);
    try {
      const fromOtherNode = (e: object & { id: string }) =>
        other.publish(
          RedisChannels.events(other.options.db ?? 0),
          JSON.stringify({ type: 'domain_event', workspaceId: w.workspaceId, event: e, once: e.id, origin: 'another-node' }),
        );
      const { workspace_id: _, ...again } = event;
      const fresh = { id: randomUUID(), type: 'robot.retired', data: { n: 2 }, inserted_at: new Date().toISOString() };
      // A node of another deployment, on another database of the same Redis server, is not heard
      // (pub/sub channels are the server's, not the database's: the bus's channel names its database).
      const elsewhere = { id: randomUUID(), type: 'robot.retired', data: { n: 3 }, inserted_at: new Date().toISOString() };
      const url = new URL(process.env.REDIS_URL!);
      url.pathname = `/${((other.options.db ?? 0) + 1) % 16}`;
      const elsewhereRedis = new RedisService({ redisUrl: url.toString() } as AppConfig);
      const elsewhereBus = new EventBus(elsewhereRedis);
      await elsewhereBus.onModuleInit();
      try {
        const message = { type: 'domain_event', workspaceId: w.workspaceId, event: elsewhere };
        expect(await elsewhereBus.broadcastOnce([{ id: elsewhere.id, event: message }], 2000)).toBe(1);
      } finally {
        await elsewhereBus.onApplicationShutdown();
        await elsewhereRedis.onApplicationShutdown();
      }
      await fromOtherNode(again);
      await fromOtherNode(fresh);
      await fromOtherNode(fresh);
      await listener.next((m) => m.event === 'event' && m.payload.event.id === fresh.id);
      await sleep(300);
      expect(pushesOf(listener, event.id)).toHaveLength(1);
      expect(pushesOf(listener, fresh.id)).toHaveLength(1);
      expect(pushesOf(listener, elsewhere.id)).toHaveLength(0);
    } finally {
      await other.quit();
    }
  });

  it('relays racing over the same events publish each exactly once, and a relay handing one over again publishes nothing', async () => {
    const w = await makeWorkspace(t);
    const bus = await busListener();
    try {
      const outbox = t.app.get(Outbox);
      const ids: string[] = await t.app.get(Db).transaction(async (m) => {
        const out: string[] = [];
        for (let i = 0; i < 250; i++) out.push((await outbox.record(m, w.workspaceId, 'robot.claimed', { i })).id);
        return out;
      });
      // Eight relays of this node race the one the commit woke.
      const relay = t.app.get(OutboxRelay);
      const counts = await Promise.all(Array.from({ length: 8 }, () => relay.relayBatch()));
      for (const c of counts) expect(c).toBeLessThanOrEqual(RELAY_BATCH);
      await eventually(async () => {
        const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = ANY($1::uuid[])`, [ids]);
        expect(n).toBe(0);
      });
      await eventually(async () => expect(ids.filter((id) => bus.published(id).length === 0)).toEqual([]));
      expect(ids.map((id) => bus.published(id).length)).toEqual(ids.map(() => 1));
      expect(ids.map((id) => bus.published(id)[0].event.data)).toEqual(ids.map((_, i) => ({ i })));
      expect(bus.published(ids[0])[0]).toMatchObject({
        type: 'domain_event',
        workspaceId: w.workspaceId,
        event: { id: ids[0], type: 'robot.claimed' },
      });

      // Handing an event over again (a relay whose commit failed after it published, say) publishes nothing.
      await db.query(`INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM domain_events WHERE id = $1`, [
        ids[0],
      ]);
      await relay.relayBatch();
      await eventually(async () => expect(await pending(ids[0])).toBe(false));
      await sleep(200);
      expect(bus.published(ids[0])).toHaveLength(1);
    } finally {
      await bus.close();
    }
  });
});

describe('domain events: pushed to a socket only for the types its ready names (API.md Part 3)', () => {
  let t: TestApp;
  let base: string;
  const open: SocketClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });

  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  const record = (w: Registered, type: 'robot.retired' | 'robot.claimed', data: Record<string, unknown>) =>
    t.app.get(Outbox).record(t.app.get(Db), w.workspaceId, type, data);

  it('a socket gets the types it named, `*` gets all, and one that named none (or lacks events:read) gets nothing', async () => {
    const w = await makeWorkspace(t);
    const retired = await eventSocket(t, base, w, undefined, { events: ['robot.retired'] });
    const all = await eventSocket(t, base, w);
    const none = await eventSocket(t, base, w, undefined, {});
    const noScope = await eventSocket(t, base, w, ['sockets:connect', 'agent_commands:read']);
    open.push(retired, all, none, noScope);
    const pushed = async () => {
      const metrics = await t.http().get('/metrics').set('authorization', `Bearer ${process.env.METRICS_BEARER_TOKEN}`).expect(200);
      return Number(/^socket_pushes_total\{kind="event"\} (\d+)/m.exec(metrics.text)?.[1] ?? 0);
    };
    const before = await pushed();

    const claimed = await record(w, 'robot.claimed', { n: 1 });
    const gone = await record(w, 'robot.retired', { n: 2 });
    await all.next((m) => m.event === 'event' && m.payload.event.id === gone.id);
    await retired.next((m) => m.event === 'event' && m.payload.event.id === gone.id);
    await sleep(200);
    expect(all.pushes('event').map((m) => m.payload.event.id)).toEqual([claimed.id, gone.id]);
    expect(retired.pushes('event').map((m) => m.payload.event.id)).toEqual([gone.id]);
    expect(none.pushes('event')).toEqual([]);
    expect(noScope.pushes('event')).toEqual([]);
    // The frames the service counts are the three sent, not one per socket of the workspace.
    expect((await pushed()) - before).toBe(3);
  });

  it('the ready reply says what holds; a later ready replaces it; a refused one changes nothing and keeps the socket open', async () => {
    const w = await makeWorkspace(t);
    const { key } = await issueKey(t, w, ['sockets:connect', 'events:read']);
    const socket = await SocketClient.open(socketUrl(base, { socket_token: (await mintSocketToken(t, key)).socket_token }));
    open.push(socket);
    const first = await socket.request('ready', { events: ['robot.retired', 'robot.claimed', 'robot.retired'] });
    expect(first).toMatchObject({ status: 'ok', payload: { kind: 'service_agent', events: ['robot.claimed', 'robot.retired'] } });

    const unknown = await socket.request('ready', { events: ['robot.claimed', 'robot.exploded', 'audit_event.created'] });
    expect(unknown).toMatchObject({
      status: 'error',
      payload: { reason: 'unknown_event_type', unknown_event_types: ['robot.exploded', 'audit_event.created'] },
    });
    const malformed = await socket.request('ready', { events: 'robot.claimed' });
    expect(malformed).toMatchObject({ status: 'error', payload: { reason: 'invalid_payload', errors: { events: [expect.any(String)] } } });
    expect(await socket.staysOpen(100)).toBe(true);
    const kept = await record(w, 'robot.claimed', { n: 1 });
    await socket.next((m) => m.event === 'event' && m.payload.event.id === kept.id);

    expect((await socket.request('ready', { events: ['robot.retired'] })).payload.events).toEqual(['robot.retired']);
    const dropped = await record(w, 'robot.claimed', { n: 2 });
    const wanted = await record(w, 'robot.retired', { n: 3 });
    await socket.next((m) => m.event === 'event' && m.payload.event.id === wanted.id);
    expect(pushesOf(socket, dropped.id)).toHaveLength(0);

    expect((await socket.request('ready', {})).payload.events).toEqual([]);
    const unheard = await record(w, 'robot.retired', { n: 4 });
    await sleep(200);
    expect(pushesOf(socket, unheard.id)).toHaveLength(0);

    // Without events:read the reply says none holds, whatever was asked.
    const deaf = await eventSocket(t, base, w, ['sockets:connect'], {});
    open.push(deaf);
    expect((await deaf.request('ready', { events: ['*'] })).payload.events).toEqual([]);
  });

  it('an operator socket is never pushed domain events, and its ready says so', async () => {
    const w = await makeWorkspace(t);
    const cookie = await sessionCookie(t, w.email, w.password);
    const op = await SocketClient.open(socketUrl(base), { cookie });
    open.push(op);
    expect(await op.request('ready', { events: ['*'] })).toMatchObject({ status: 'ok', payload: { kind: 'operator', events: [] } });
    const event = await record(w, 'robot.retired', { n: 1 });
    await sleep(200);
    expect(pushesOf(op, event.id)).toHaveLength(0);
  });
});

describe('domain events: the relay is woken by the commit itself, not by the poll', () => {
  let t: TestApp;
  let db: DataSource;
  let bus: Awaited<ReturnType<typeof busListener>>;

  beforeAll(async () => {
    // A poll a minute apart: an event relayed within seconds was relayed because its commit woke the relay.
    t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
    db = t.app.get(DataSource);
    bus = await busListener();
    await sleep(300); // the first poll, at start-up, is over
  });
  afterAll(async () => {
    await bus.close();
    await t.close();
  });

  const pendingOf = async (ids: string[]): Promise<number> =>
    (await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = ANY($1::uuid[])`, [ids]))[0].n;

  it('an event committed in a transaction, with a savepoint released inside, is relayed at once; one rolled back is never written', async () => {
    const w = await makeWorkspace(t);
    const outbox = t.app.get(Outbox);
    const ids = await t.app.get(Db).transaction(async (m) => {
      const first = await outbox.record(m, w.workspaceId, 'robot.claimed', { n: 1 });
      // A savepoint released is not the commit: nothing may be relayed before the transaction ends.
      const second = await m.savepoint(
        'inner',
        () => true,
        () => outbox.record(m, w.workspaceId, 'robot.claimed', { n: 2 }),
      );
      await sleep(100);
      return [first.id, second.id];
    });
    await eventually(async () => expect(await pendingOf(ids)).toBe(0), { timeoutMs: 3000 });
    await eventually(async () => expect(ids.map((id) => bus.published(id).map((m) => m.event.data))).toEqual([[{ n: 1 }], [{ n: 2 }]]));

    const rolledBack = await t.app
      .get(Db)
      .transaction(async (m) => {
        await outbox.record(m, w.workspaceId, 'robot.retired', { n: 3 });
        throw new Error('refused');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('refused');
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM domain_events WHERE workspace_id = $1 AND type = 'robot.retired'`, [
      w.workspaceId,
    ]);
    expect(n).toBe(0);
  });

  it('an event written outside a transaction (its statement commits itself) is relayed at once', async () => {
    const w = await makeWorkspace(t);
    const event = await t.app.get(Outbox).record(t.app.get(Db), w.workspaceId, 'robot.claimed', { alone: true });
    await eventually(async () => expect(await pendingOf([event.id])).toBe(0), { timeoutMs: 3000 });
  });

  it('a claim (a pipelined transaction) has its robot.claimed event relayed at once', async () => {
    const base = await t.listen();
    const w = await makeWorkspace(t);
    const cookie = await sessionCookie(t, w.email, w.password);
    const issued = await t.http().post('/api/v1/operator/enrollment_tokens').set('cookie', cookie).send({ max_claims: 2 }).expect(201);
    const res = await fetch(`${base}/api/v1/enrollments/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: issued.body.enrollment_token.token, serial_number: 'SN-WAKE-1' }),
    });
    expect(res.status).toBe(201);
    const [event] = await db.query(`SELECT id FROM domain_events WHERE workspace_id = $1 AND type = 'robot.claimed'`, [w.workspaceId]);
    await eventually(async () => expect(await pendingOf([event.id])).toBe(0), { timeoutMs: 3000 });
  });
});

describe('domain events while Redis is down', () => {
  const databaseUrl = new URL(process.env.DATABASE_URL!);
  const redisUrl = new URL(process.env.REDIS_URL!);
  const dbName = `agentnet_outbox_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: databaseUrl.toString() });
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let t: TestApp;
  let socket: SocketClient | undefined;

  beforeAll(async () => {
    // A database of its own: no other suite's relay (with a working Redis) can publish its events.
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const ownDb = new URL(databaseUrl);
    ownDb.pathname = `/${dbName}`;
    await runMigrations(ownDb.toString());
    await proxy.start();
    const viaProxy = proxy.urlFor(redisUrl);
    t = await createTestApp({ env: { DATABASE_URL: ownDb.toString(), REDIS_URL: viaProxy, OUTBOX_POLL_MS: '200' } });
  });
  afterAll(async () => {
    socket?.close();
    await proxy.start().catch(() => undefined); // let the app close its Redis connections cleanly
    await t?.close();
    await proxy.cut();
    await dropScratchDatabase(admin, dbName);
    await admin.end();
  });

  it('an event committed while Redis is unreachable is pushed once to this node at once, and published once for the others when Redis returns', async () => {
    const base = await t.listen();
    const w = await makeWorkspace(t);
    socket = await eventSocket(t, base, w);
    const db = t.app.get(DataSource);
    const relay = t.app.get(OutboxRelay);

    await proxy.cut();
    const event = await t.app
      .get(Db)
      .transaction((m) => t.app.get(Outbox).record(m, w.workspaceId, 'robot.retired', { probe: 'redis-down' }));
    // This node's sockets get it at once; no relay can publish it to the other nodes: this
    // call's publish fails (ioredis gives up, or it times out) and its batch rolls back, or the
    // app's own relay (woken by the commit) holds the row meanwhile and this call finds nothing
    // to take (0). Either way the event stays pending.
    const push = await socket.next((m) => m.event === 'event' && m.payload.event.id === event.id, 5000);
    expect(push.payload.event).toEqual({
      id: event.id,
      type: 'robot.retired',
      data: { probe: 'redis-down' },
      inserted_at: event.inserted_at,
    });
    const outcome = await relay.relayBatch().then(
      (n) => n,
      () => 'refused by Redis',
    );
    expect([0, 'refused by Redis']).toContain(outcome);
    const [row] = await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = $1`, [event.id]);
    expect(row.n).toBe(1);

    // Once Redis is back the event is published (for the other nodes) and no longer pending.
    const bus = await busListener();
    try {
      await proxy.start();
      await eventually(
        async () => {
          const [published] = await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = $1`, [event.id]);
          expect(published.n).toBe(0);
        },
        { timeoutMs: 20_000 },
      );
      await eventually(async () => expect(bus.published(event.id)).toHaveLength(1));
    } finally {
      await bus.close();
    }
    // Every try made while Redis was away (ioredis may send one once it is back) and the one
    // after it carried the same id: one push on this node, one publish for the others.
    await sleep(500);
    expect(pushesOf(socket, event.id)).toHaveLength(1);
  }, 60_000);
});
