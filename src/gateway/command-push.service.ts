import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { AgentCommandCreatedEvent, AgentCommandEvents, AgentCommandsService } from '../agent-commands';
import { SOCKET_PUSHES_METRIC } from '../core/metrics/metric-names';
import { EventBus } from '../core/redis/event-bus.service';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEventBusMessage } from '../events';
import { AgentSocketIdentity, canReceiveCommands, SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';
import type { AgentCommandDto } from '../agent-commands';
import type { Counter } from 'prom-client';

/** The server push of a command: `{ event: "command", payload: { agent_command } }`. */
export const commandFrame = (agentCommand: AgentCommandDto) =>
  JSON.stringify({ event: 'command', payload: { agent_command: agentCommand } });

type CommandSocket = SocketConnection & { identity: AgentSocketIdentity };

/**
 * Delivers agent commands to this node's live sockets of the target agent that hold
 * agent_commands:read, by three paths, each socket getting a command once:
 * - the fast path: the creating node publishes the command on the EventBus right after commit;
 * - the durable path: the `agent_command.created` domain event, recorded with the command and
 *   relayed through the outbox, arrives even when Redis was down at creation;
 * - the sweep: when this node's bus comes back after an outage, every connected agent is sent
 *   its open commands it has not been sent yet.
 * The node that writes a pending command to a socket marks it delivered.
 */
@Injectable()
export class CommandPushService implements OnModuleInit {
  private readonly logger = new Logger('SocketGateway');
  private readonly pushes: { inc(n: number): void };

  constructor(
    private readonly registry: SocketRegistry,
    private readonly commands: AgentCommandsService,
    private readonly events: EventBus,
    @InjectMetric(SOCKET_PUSHES_METRIC) pushes: Counter<string>,
  ) {
    this.pushes = pushes.labels('command');
  }

  onModuleInit(): void {
    this.events.on(AgentCommandEvents.created, (e) => {
      const { serviceAgentId, agentCommand } = e as unknown as AgentCommandCreatedEvent;
      this.push(serviceAgentId, [agentCommand]);
    });
    this.events.on(DOMAIN_EVENT_BUS_TYPE, (e) => {
      const { event } = e as unknown as DomainEventBusMessage;
      if (event.type !== AgentCommandEvents.created) return;
      const command = event.data.agent_command as AgentCommandDto;
      this.push(command.service_agent_id, [command]);
    });
    this.events.onHealthChange((healthy) => {
      if (healthy) void this.sweep();
    });
  }

  /** Sends every connected agent the open commands its sockets have not been sent. */
  async sweep(): Promise<void> {
    const agents = new Set(
      this.registry
        .all()
        .filter(receives)
        .map((c) => c.identity.serviceAgentId),
    );
    for (const agentId of agents) {
      try {
        this.push(agentId, await this.commands.open(agentId));
      } catch (err) {
        this.logger.warn(`pending commands of agent ${agentId} not swept: ${(err as Error).message}`);
      }
    }
  }

  private push(serviceAgentId: string, commands: readonly AgentCommandDto[]): void {
    const conns = this.registry.find(SocketKeys.commandReceivers(serviceAgentId)).filter(receives);
    if (conns.length === 0) return;
    const written: string[] = [];
    let sent = 0;
    for (const command of commands) {
      let frame: string | undefined;
      for (const conn of conns) {
        if (!conn.markSent(command.id)) continue;
        frame ??= commandFrame(command);
        conn.ws.send(frame);
        sent++;
        if (command.status === 'pending') written.push(command.id);
      }
    }
    if (sent > 0) this.pushes.inc(sent);
    if (written.length === 0) return;
    this.commands
      .markDelivered([...new Set(written)])
      .catch((err: unknown) => this.logger.warn(`marking commands delivered failed: ${(err as Error).message}`));
  }
}

function receives(conn: SocketConnection): conn is CommandSocket {
  return conn.identity.kind === 'service_agent' && canReceiveCommands(conn.identity) && conn.ws.readyState === conn.ws.OPEN;
}
