import { Injectable } from '@nestjs/common';
import { MultiIndex } from '../core/common/cache/multi-index';
import { NO_EVENTS, type EventSelection } from './socket-protocol';
import type { PushedEventType } from '../events';
import type { SocketPrincipal, SocketScope } from '../socket-tokens';
import type { WebSocket } from 'ws';

/** A service agent's socket: identified by the credential its socket token was minted from. */
export interface AgentSocketIdentity extends SocketPrincipal {
  kind: 'service_agent';
}

/** An operator's socket: identified by the browser session it was opened with. */
export interface OperatorSocketIdentity {
  kind: 'operator';
  sessionId: string;
  userId: string;
}

export type SocketIdentity = AgentSocketIdentity | OperatorSocketIdentity;

/** The scope a service-agent socket needs to receive domain events. */
export const EVENTS_SCOPE = 'events:read' as const satisfies SocketScope;
/** The scope a service-agent socket needs to receive commands and report their results. */
export const COMMANDS_SCOPE = 'agent_commands:read' as const satisfies SocketScope;

export const canReceiveEvents = (identity: AgentSocketIdentity) => identity.scopes.includes(EVENTS_SCOPE);
export const canReceiveCommands = (identity: AgentSocketIdentity) => identity.scopes.includes(COMMANDS_SCOPE);

/**
 * Index keys: what cross-node events name (credential, agent, workspace, session, user), and who
 * a push goes to, so a push visits its receivers only (a domain event of a workspace with
 * thousands of command-only robots online visits none of them).
 */
export const SocketKeys = {
  credential: (id: string) => `credential:${id}`,
  agent: (id: string) => `agent:${id}`,
  workspace: (id: string) => `workspace:${id}`,
  session: (id: string) => `session:${id}`,
  user: (id: string) => `user:${id}`,
  /**
   * A workspace's agent sockets holding events:read that asked for one event type in `ready`, or
   * for all of them (`*`): a push visits the sockets of its type and of `*`, never the others.
   */
  eventReceivers: (workspaceId: string, type: PushedEventType | '*') => `events:${workspaceId}:${type}`,
  /** An agent's sockets holding agent_commands:read. */
  commandReceivers: (serviceAgentId: string) => `commands:${serviceAgentId}`,
} as const;

export function socketKeysOf(identity: SocketIdentity): string[] {
  if (identity.kind === 'operator') return [SocketKeys.session(identity.sessionId), SocketKeys.user(identity.userId)];
  const keys = [
    SocketKeys.credential(identity.credentialId),
    SocketKeys.agent(identity.serviceAgentId),
    SocketKeys.workspace(identity.workspaceId),
  ];
  if (canReceiveCommands(identity)) keys.push(SocketKeys.commandReceivers(identity.serviceAgentId));
  return keys;
}

/** How many command ids a socket remembers having been sent. */
const SENT_COMMANDS_REMEMBERED = 1024;

/** The part of a connection's TCP socket that batches its writes (node:net's Socket). */
export interface SocketTransport {
  cork(): void;
  uncork(): void;
}

/** One live connection on this node. */
export class SocketConnection {
  /** Answered the last ping (or sent a heartbeat) since the previous sweep. */
  alive = true;
  readonly keys: readonly string[];
  /** The event types this socket is pushed (the last ready's `events`, while it holds events:read). */
  events: EventSelection = NO_EVENTS;
  /** The index keys of `events` (SocketRegistry.selectEvents). */
  eventKeys: readonly string[] = [];
  /** Ids of the commands written to this socket lately (a push can arrive by two paths); made at the first. */
  private sent?: Set<string>;
  /** Writes are held until the current tick ends (holdWritesForTick). */
  private holding = false;

  constructor(
    readonly ws: WebSocket,
    readonly identity: SocketIdentity,
    /** The upgrade's TCP socket, the one `ws` writes to; without it writes are never held. */
    private readonly transport?: SocketTransport,
  ) {
    this.keys = socketKeysOf(identity);
  }

  /**
   * Holds this socket's writes until the synchronous work of the current tick is done, so the
   * frames a burst sends it (a relayed batch of events) leave in one write to the kernel instead
   * of one each (bench/README.md, finding 40). Call before `ws.send`.
   */
  holdWritesForTick(): void {
    if (this.holding || !this.transport) return;
    this.holding = true;
    this.transport.cork();
    process.nextTick(releaseWrites, this);
  }

  /** Lets the held writes go (releaseWrites, at the end of the tick). */
  releaseWrites(): void {
    this.holding = false;
    this.transport?.uncork();
  }

  /** Records that a command went out on this socket; false if it already had. */
  markSent(commandId: string): boolean {
    this.sent ??= new Set();
    if (this.sent.has(commandId)) return false;
    if (this.sent.size >= SENT_COMMANDS_REMEMBERED) this.sent.delete(this.sent.values().next().value!);
    this.sent.add(commandId);
    return true;
  }
}

function releaseWrites(conn: SocketConnection): void {
  conn.releaseWrites();
}

/**
 * The live sockets of this node, indexed by credential, agent, workspace, session and user, and
 * by who receives pushes. Most keys name one socket (a credential, an agent): those hold the
 * connection itself, and a set only once a second socket shares the key.
 */
@Injectable()
export class SocketRegistry {
  private readonly connections = new Map<WebSocket, SocketConnection>();
  private readonly index = new MultiIndex<SocketConnection>();

  get size(): number {
    return this.connections.size;
  }

  add(conn: SocketConnection): void {
    this.connections.set(conn.ws, conn);
    for (const key of conn.keys) this.index.add(key, conn);
  }

  /**
   * Sets the event types a registered socket is pushed (its ready's `events`), replacing the
   * previous ones: its entries under the per-type keys move with it. A socket without events:read
   * is pushed none, whatever it asked; one no longer registered (closed meanwhile) is left alone.
   * Returns the selection that holds.
   */
  selectEvents(conn: SocketConnection, asked: EventSelection): EventSelection {
    if (this.connections.get(conn.ws) !== conn) return conn.events;
    const selection = conn.identity.kind === 'service_agent' && canReceiveEvents(conn.identity) ? asked : NO_EVENTS;
    for (const key of conn.eventKeys) this.index.delete(key, conn);
    const { workspaceId } = conn.identity as AgentSocketIdentity;
    conn.events = selection;
    conn.eventKeys =
      selection === '*'
        ? [SocketKeys.eventReceivers(workspaceId, '*')]
        : [...selection].map((type) => SocketKeys.eventReceivers(workspaceId, type));
    for (const key of conn.eventKeys) this.index.add(key, conn);
    return selection;
  }

  /** Removes a socket from every index; returns its connection if it was registered. */
  remove(ws: WebSocket): SocketConnection | undefined {
    const conn = this.connections.get(ws);
    if (!conn) return undefined;
    this.connections.delete(ws);
    for (const key of conn.keys) this.index.delete(key, conn);
    for (const key of conn.eventKeys) this.index.delete(key, conn);
    return conn;
  }

  get(ws: WebSocket): SocketConnection | undefined {
    return this.connections.get(ws);
  }

  /** Calls `visit` with each socket under `key`, without copying them into an array. */
  each(key: string, visit: (conn: SocketConnection) => void): void {
    this.index.each(key, visit);
  }

  find(key: string): SocketConnection[] {
    return this.index.values(key);
  }

  all(): SocketConnection[] {
    return [...this.connections.values()];
  }
}
