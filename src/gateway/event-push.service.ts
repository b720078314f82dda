import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { SOCKET_PUSHES_METRIC } from '../core/metrics/metric-names';
import { EventBus } from '../core/redis/event-bus.service';
import {
  DOMAIN_EVENT_BUS_TYPE,
  NAMED_WEBHOOK_ONLY_EVENT_TYPES,
  type DomainEvent,
  type DomainEventBusMessage,
  type DomainEventType,
  type PushedEventType,
} from '../events';
import { SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';
import type { Counter } from 'prom-client';

const WEBHOOK_ONLY: ReadonlySet<DomainEventType> = new Set(NAMED_WEBHOOK_ONLY_EVENT_TYPES);

/** The server push of a domain event: `{ event: "event", payload: { event } }`. */
export const eventFrame = (event: DomainEvent) => JSON.stringify({ event: 'event', payload: { event } });

/**
 * Pushes each relayed domain event to this node's live service-agent sockets of the event's
 * workspace that asked for its type (or for `*`) in `ready` and hold events:read (API.md Part 3,
 * ADR 0273). The registry indexes sockets by workspace and type, so an event visits its receivers
 * only: a fleet of command-only robots costs an event nothing. The outbox relay publishes every
 * event once on the EventBus (EventBus.broadcastOnce), so every node hears it and each socket
 * gets it once.
 */
@Injectable()
export class EventPushService implements OnModuleInit {
  private readonly pushes?: { inc(n: number): void };

  constructor(
    private readonly registry: SocketRegistry,
    private readonly bus: EventBus,
    @InjectMetric(SOCKET_PUSHES_METRIC) pushes?: Counter<string>,
  ) {
    this.pushes = pushes?.labels('event');
  }

  onModuleInit(): void {
    this.bus.on(DOMAIN_EVENT_BUS_TYPE, (e) => this.push(e as unknown as DomainEventBusMessage));
  }

  /**
   * A relayed batch of events arrives in one tick (EventBus.broadcastOnce dispatches them together,
   * as does a subscriber reading several messages at once), so each receiving socket's writes are
   * held to the end of the tick: one write per socket per batch, not per event. The frame is
   * encoded once for all sockets and sent as text.
   */
  private push({ workspaceId, event }: DomainEventBusMessage): void {
    if (WEBHOOK_ONLY.has(event.type)) return;
    let frame: Buffer | undefined;
    let sent = 0;
    const send = (conn: SocketConnection) => {
      if (conn.ws.readyState !== conn.ws.OPEN) return;
      frame ??= Buffer.from(eventFrame(event));
      conn.holdWritesForTick();
      conn.ws.send(frame, { binary: false });
      sent++;
    };
    this.registry.each(SocketKeys.eventReceivers(workspaceId, event.type as PushedEventType), send);
    this.registry.each(SocketKeys.eventReceivers(workspaceId, '*'), send);
    if (sent > 0) this.pushes?.inc(sent);
  }
}
