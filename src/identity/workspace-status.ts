/** A workspace's status, as the workspaces.status column holds it (migrations/). */
export const WORKSPACE_STATUSES = ['active', 'frozen', 'paused', 'archived'] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

/** The plans (API.md Platform administration), as the plans table holds them. */
export const PLANS = ['free', 'team', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
