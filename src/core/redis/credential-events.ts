/**
 * Cross-node events that invalidate cached credentials, published on the EventBus by whoever
 * changes the credential, its agent or its workspace (and consumed by the socket gateway to
 * close affected connections).
 */
export const CredentialEvents = {
  credentialChanged: 'credential.changed',
  agentChanged: 'agent.changed',
  workspaceChanged: 'workspace.changed',
} as const;
