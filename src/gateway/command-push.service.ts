import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AgentCommandCreatedEvent, AgentCommandEvents } from '../agent-commands';
import { AgentCommandsService } from '../agent-commands';
import type { AgentCommandDto } from '../agent-commands';
import { EventBus } from '../core/redis/event-bus.service';
import { AgentSocketIdentity, SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';

/** The scope a service-agent socket needs to receive commands and report their results. */
export const COMMANDS_SCOPE = 'agent_commands:read';

export const canReceiveCommands = (identity: AgentSocketIdentity) => identity.scopes.includes(COMMANDS_SCOPE);

/** The server push of a command: `{ event: "command", payload: { agent_command } }`. */
export const commandFrame = (agentCommand: AgentCommandDto) =>
  JSON.stringify({ event: 'command', payload: { agent_command: agentCommand } });

/**
 * Delivers agent commands to this node's live sockets of the target agent that hold
 * agent_commands:read. Every node receives every created command over the EventBus, so the
 * command reaches the agent wherever it is connected; the nodes that wrote it mark it delivered.
 */
@Injectable()
export class CommandPushService implements OnModuleInit {
  private readonly logger = new Logger('SocketGateway');

  constructor(
    private readonly registry: SocketRegistry,
    private readonly commands: AgentCommandsService,
    private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    this.events.on(AgentCommandEvents.created, (e) => this.push(e as unknown as AgentCommandCreatedEvent));
  }

  private push(event: AgentCommandCreatedEvent): void {
    let frame: string | undefined;
    for (const conn of this.registry.find(SocketKeys.agent(event.serviceAgentId))) {
      if (!this.receives(conn)) continue;
      frame ??= commandFrame(event.agentCommand);
      conn.ws.send(frame);
    }
    if (frame === undefined) return;
    this.commands
      .markDelivered([event.agentCommand.id])
      .catch((err: unknown) =>
        this.logger.warn(`marking command ${event.agentCommand.id} delivered failed: ${(err as Error).message}`),
      );
  }

  private receives(conn: SocketConnection): boolean {
    return conn.identity.kind === 'service_agent' && canReceiveCommands(conn.identity) && conn.ws.readyState === conn.ws.OPEN;
  }
}
