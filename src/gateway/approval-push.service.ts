import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus } from '../core/redis/event-bus.service';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEventBusMessage } from '../events';
import { SocketKeys, SocketRegistry } from './socket-registry';

/** The server push of a decided approval: `{ event: "approval", payload: { approval } }`. */
export const approvalFrame = (approval: unknown) => JSON.stringify({ event: 'approval', payload: { approval } });

/**
 * Tells the agent whose gateway check asked for an approval how it was decided (approved, denied
 * or expired): every relayed `approval.decided` event is pushed to this node's live sockets of
 * that agent, whatever scopes they carry (the approval is the agent's own). Delivery is at least
 * once, like every event push; agents de-duplicate by approval id and status. Agents also read
 * the decision at GET /api/v1/approvals/:id.
 */
@Injectable()
export class ApprovalPushService implements OnModuleInit {
  constructor(
    private readonly registry: SocketRegistry,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.bus.on(DOMAIN_EVENT_BUS_TYPE, (e) => {
      const { event } = e as unknown as DomainEventBusMessage;
      if (event.type !== 'approval.decided') return;
      const approval = event.data.approval as { service_agent_id?: unknown } | undefined;
      if (typeof approval?.service_agent_id === 'string') this.push(approval.service_agent_id, approval);
    });
  }

  private push(serviceAgentId: string, approval: unknown): void {
    let frame: string | undefined;
    for (const conn of this.registry.find(SocketKeys.agent(serviceAgentId))) {
      if (conn.identity.kind !== 'service_agent' || conn.ws.readyState !== conn.ws.OPEN) continue;
      frame ??= approvalFrame(approval);
      conn.ws.send(frame);
    }
  }
}
