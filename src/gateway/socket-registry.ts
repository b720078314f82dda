import { Injectable } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { SocketPrincipal } from '../socket-tokens';

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

/** Index keys, named after what cross-node events name. */
export const SocketKeys = {
  credential: (id: string) => `credential:${id}`,
  agent: (id: string) => `agent:${id}`,
  workspace: (id: string) => `workspace:${id}`,
  session: (id: string) => `session:${id}`,
  user: (id: string) => `user:${id}`,
} as const;

export function socketKeysOf(identity: SocketIdentity): string[] {
  return identity.kind === 'service_agent'
    ? [
        SocketKeys.credential(identity.credentialId),
        SocketKeys.agent(identity.serviceAgentId),
        SocketKeys.workspace(identity.workspaceId),
      ]
    : [SocketKeys.session(identity.sessionId), SocketKeys.user(identity.userId)];
}

/** One live connection on this node. */
export class SocketConnection {
  /** Answered the last ping (or sent a heartbeat) since the previous sweep. */
  alive = true;
  readonly keys: readonly string[];

  constructor(
    readonly ws: WebSocket,
    readonly identity: SocketIdentity,
  ) {
    this.keys = socketKeysOf(identity);
  }
}

/** The live sockets of this node, indexed by credential, agent, workspace, session and user. */
@Injectable()
export class SocketRegistry {
  private readonly connections = new Map<WebSocket, SocketConnection>();
  private readonly index = new Map<string, Set<SocketConnection>>();

  get size(): number {
    return this.connections.size;
  }

  add(conn: SocketConnection): void {
    this.connections.set(conn.ws, conn);
    for (const key of conn.keys) {
      let set = this.index.get(key);
      if (!set) this.index.set(key, (set = new Set()));
      set.add(conn);
    }
  }

  /** Removes a socket from every index; returns its connection if it was registered. */
  remove(ws: WebSocket): SocketConnection | undefined {
    const conn = this.connections.get(ws);
    if (!conn) return undefined;
    this.connections.delete(ws);
    for (const key of conn.keys) {
      const set = this.index.get(key);
      if (!set) continue;
      set.delete(conn);
      if (set.size === 0) this.index.delete(key);
    }
    return conn;
  }

  get(ws: WebSocket): SocketConnection | undefined {
    return this.connections.get(ws);
  }

  find(key: string): SocketConnection[] {
    return [...(this.index.get(key) ?? [])];
  }

  all(): SocketConnection[] {
    return [...this.connections.values()];
  }
}
