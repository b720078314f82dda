/** A service agent's status, as the service_agents.status column holds it (migrations/). */
export const SERVICE_AGENT_STATUSES = ['active', 'inactive'] as const;
export type ServiceAgentStatus = (typeof SERVICE_AGENT_STATUSES)[number];
