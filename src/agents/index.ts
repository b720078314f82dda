/** What the agents feature offers the rest of the service; other features import it from here only. */
export * from './agents.module';
export * from './service-agent-status';
export * from './service-agents.service';
export * from './service-agent-list';
