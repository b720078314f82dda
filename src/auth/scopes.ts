/** Every machine scope (SPEC.md Authentication 1.3 plus API.md's messages/tasks scopes). */
export const MACHINE_SCOPES = [
  'traces:write',
  'traces:read',
  'eval_runs:read',
  'eval_runs:write',
  'eval_suites:read',
  'eval_suites:write',
  'gateway:check',
  'replays:write',
  'workflow_targets:read',
  'workflow_targets:write',
  'agent_commands:read',
  'events:read',
  'sockets:connect',
  'credentials:write',
  'messages:read',
  'messages:write',
  'tasks:read',
  'tasks:write',
  // API.md Domain resources: a robot reads its OTA updates and reports their progress.
  'ota_updates:read',
  'ota_updates:write',
] as const;
export type MachineScope = (typeof MACHINE_SCOPES)[number];

/** The workspace primary key never carries credentials:write (SPEC.md Authentication 1.6). */
export const PRIMARY_KEY_SCOPES: readonly MachineScope[] = MACHINE_SCOPES.filter((s) => s !== 'credentials:write');

export const INSUFFICIENT_SCOPE_DETAIL = 'The token does not have sufficient scope';
