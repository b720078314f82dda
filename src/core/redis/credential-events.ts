import { SessionEvents } from './redis-keys';

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

/**
 * The PostgreSQL channel on which the transaction that archives a key, changes an agent's or a
 * workspace's status or ends an operator session (from the account's sessions list or a member's,
 * ADR 0245) tells every node, when it commits, whatever Redis does (ADR 0230): the
 * payload is the event as the bus carries it, and CommittedCredentialEvents hands it to each
 * node's bus handlers. The bus publish after commit stays (this node at once, and nodes of an
 * older build); a node that is not listening here trusts no credential cache.
 */
export const CREDENTIAL_EVENTS_CHANNEL = 'credential_events';

const notifySql = (type: string, field: string, id: string) =>
  `pg_notify('${CREDENTIAL_EVENTS_CHANNEL}', json_build_object('type', '${type}', '${field}', ${id})::text)`;

/**
 * SQL expressions (void) that notify CREDENTIAL_EVENTS_CHANNEL of one change, delivered when (and
 * only if) the statement's transaction commits; `id` is an SQL expression for the id (a column of
 * the rows the statement changed). Equal notifications of one transaction are delivered once.
 */
export const notifyCredentialEventSql = {
  credentialChanged: (id: string) => notifySql(CredentialEvents.credentialChanged, 'credentialId', id),
  agentChanged: (id: string) => notifySql(CredentialEvents.agentChanged, 'serviceAgentId', id),
  workspaceChanged: (id: string) => notifySql(CredentialEvents.workspaceChanged, 'workspaceId', id),
  /** A membership of the user ended: its operator sockets close on every node (ADR 0243). */
  userMembershipEnded: (id: string) => notifySql(SessionEvents.userMembershipEnded, 'userId', id),
  /** An operator session ended (its sockets close with 4401 on every node). */
  sessionEnded: (id: string) => notifySql(SessionEvents.sessionEnded, 'sessionId', id),
};
