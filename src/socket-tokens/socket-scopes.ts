import type { MachineScope } from '../auth';

/** The scopes a socket connection can use (SPEC.md Events: Websocket at /socket, item 6): machine scopes. */
export const SOCKET_SCOPES = ['sockets:connect', 'events:read', 'agent_commands:read'] as const satisfies readonly MachineScope[];
export type SocketScope = (typeof SOCKET_SCOPES)[number];

/** Where the websocket listens (SocketTokenResponse.socket_path). */
export const SOCKET_PATH = '/socket';

/** The scopes a socket token carries: the socket scopes the minting credential holds, in canonical order. */
export function socketScopes(held: readonly MachineScope[]): SocketScope[] {
  return SOCKET_SCOPES.filter((scope) => held.includes(scope));
}
