import WebSocket, { WebSocketServer } from 'ws';
import { eventually } from '../../test/support/eventually';
import { LocalBus } from '../../test/support/local-bus';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEvent } from '../events';
import { EventPushService } from './event-push.service';
import { EVENTS_SCOPE, SocketConnection, SocketRegistry } from './socket-registry';
import type { EventBus } from '../core/redis/event-bus.service';
import type { AddressInfo, Socket } from 'node:net';
import type { Counter } from 'prom-client';

const event = (n: number, type: DomainEvent['type'] = 'robot.claimed'): DomainEvent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  type,
  data: { n },
  inserted_at: '2026-11-29T15:00:00.000Z',
});

/** The pushes counter's `event` child, counting what the service says it sent. */
const pushes = { sent: 0, labels: () => ({ inc: (n: number) => (pushes.sent += n) }) };

describe('EventPushService', () => {
  let server: WebSocketServer;
  let registry: SocketRegistry;
  let bus: LocalBus;
  let transport: Socket;
  let client: WebSocket;
  const received: { text: string; isBinary: boolean }[] = [];

  beforeAll(async () => {
    registry = new SocketRegistry();
    bus = new LocalBus();
    new EventPushService(registry, bus as unknown as EventBus, pushes as unknown as Counter<string>).onModuleInit();
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const connected = new Promise<void>((resolve) =>
      server.once('connection', (ws, req) => {
        transport = req.socket;
        const identity = {
          kind: 'service_agent' as const,
          credentialId: 'c1',
          serviceAgentId: 'a1',
          workspaceId: 'w1',
          scopes: [EVENTS_SCOPE],
          credentialExpiresAt: null,
        };
        const conn = new SocketConnection(ws, identity, req.socket);
        registry.add(conn);
        registry.selectEvents(conn, new Set(['robot.claimed']));
        resolve();
      }),
    );
    client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    client.on('message', (data, isBinary) => received.push({ text: (data as Buffer).toString(), isBinary }));
    await connected;
  });

  afterAll(async () => {
    client.terminate();
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes the events of one tick to a socket in one go, once the tick is done, as text frames in order', async () => {
    for (const n of [1, 2, 3]) bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(n) });
    // Still this tick: the three frames are held in the socket, none written to the kernel yet.
    expect(transport.writableCorked).toBe(1);
    expect(transport.writableLength).toBeGreaterThan(0);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(transport.writableCorked).toBe(0);

    await eventually(() => expect(received).toHaveLength(3));
    expect(received.map((m) => m.isBinary)).toEqual([false, false, false]);
    expect(received.map((m) => JSON.parse(m.text))).toEqual([1, 2, 3].map((n) => ({ event: 'event', payload: { event: event(n) } })));
  });

  it("pushes nothing for another workspace's events", async () => {
    received.length = 0;
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w2', event: event(4) });
    expect(transport.writableCorked).toBe(0);
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(5) });
    await eventually(() => expect(received).toHaveLength(1));
    expect(JSON.parse(received[0].text).payload.event.id).toBe(event(5).id);
  });

  it('pushes only the types the socket asked for, and counts the frames it sent', async () => {
    received.length = 0;
    pushes.sent = 0;
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(6, 'robot.retired') });
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(7, 'robot.claimed') });
    await eventually(() => expect(received).toHaveLength(1));
    expect(JSON.parse(received[0].text).payload.event.id).toBe(event(7).id);
    expect(pushes.sent).toBe(1);

    // `*` receives every pushed type, but never a named-webhook-only one.
    registry.selectEvents(registry.all()[0], '*');
    received.length = 0;
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(8, 'audit_event.created') });
    bus.emit(DOMAIN_EVENT_BUS_TYPE, { workspaceId: 'w1', event: event(9, 'robot.retired') });
    await eventually(() => expect(received).toHaveLength(1));
    expect(JSON.parse(received[0].text).payload.event.id).toBe(event(9).id);
    expect(pushes.sent).toBe(2);
  });
});
