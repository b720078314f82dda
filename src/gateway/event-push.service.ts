import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus } from '../core/redis/event-bus.service';
import {
  DOMAIN_EVENT_BUS_TYPE,
  NAMED_WEBHOOK_ONLY_EVENT_TYPES,
  type DomainEvent,
  type DomainEventBusMessage,
  type DomainEventType,
} from '../events';
import { SocketKeys, SocketRegistry } from './socket-registry';

const WEBHOOK_ONLY: ReadonlySet<DomainEventType> = new Set(NAMED_WEBHOOK_ONLY_EVENT_TYPES);

/** The server push of a domain event: `{ event: "event", payload: { event } }`. */
export const eventFrame = (event: DomainEvent) => JSON.stringify({ event: 'event', payload: { event } });

/**
 * Pushes each relayed domain event to this node's live service-agent sockets of the event's
 * workspace that hold events:read. The outbox relay publishes every event once on the EventBus
 * (EventBus.broadcastOnce), so every node hears it and each socket gets it once.
 */
@Injectable()
export class EventPushService implements OnModuleInit {
  constructor(
    private readonly registry: SocketRegistry,
    private readonly bus: EventBus,
  ) {}

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
    for (const conn of this.registry.find(SocketKeys.eventReceivers(workspaceId))) {
      if (conn.ws.readyState !== conn.ws.OPEN) continue;
      frame ??= Buffer.from(eventFrame(event));
      conn.holdWritesForTick();
      conn.ws.send(frame, { binary: false });
    }
  }
}
