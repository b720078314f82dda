/** Codes of the agent-commands module's problems (agent-commands.service.ts). */
export type AgentCommandsProblemCode = 'service_agent_inactive';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    agentCommands: AgentCommandsProblemCode;
  }
}
