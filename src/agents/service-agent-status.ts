/** A service agent's status, as the service_agents.status column holds it (migrations/). */
export type ServiceAgentStatus = 'active' | 'inactive';
