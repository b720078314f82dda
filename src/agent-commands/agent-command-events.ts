import type { AgentCommandDto } from './dto/agent-command.dto';

/** Event types on the EventBus for agent commands (consumed by the socket gateway on every node). */
export const AgentCommandEvents = {
  /** A command was created: { serviceAgentId, agentCommand }. Each node pushes it to its sockets of that agent. */
  created: 'agent_command.created',
} as const;

export interface AgentCommandCreatedEvent {
  type: typeof AgentCommandEvents.created;
  serviceAgentId: string;
  agentCommand: AgentCommandDto;
}
