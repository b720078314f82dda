import { closeHandler } from 'ioredis/built/redis/event_handler';
import type Redis from 'ioredis';
// ioredis's own connection state handling: not part of its typed API, but the same function its
// fix for this (below) calls.

/**
 * Makes `client.disconnect()` end the connection also while the client waits to reconnect.
 *
 * ioredis 5 (redis/ioredis issue 1830; the fix is proposed in pull request 2169) clears the
 * reconnect timer then and, having no socket to close, never reaches the status 'end' nor emits
 * it. BullMQ closes a worker by disconnecting its blocking connection and waiting for 'end', so
 * a worker closed in that window (a Redis connection lost a moment before, or BullMQ's own reset
 * of a BZPOPMIN that answered late, which happens under load) never closed, and the service's
 * shutdown waited with it for good. This runs ioredis's close handling then, as that fix does:
 * the status becomes 'end', 'end' is emitted, and the commands queued meanwhile are rejected.
 */
export function endDisconnectsWhileReconnecting(client: Redis): void {
  const disconnect = client.disconnect.bind(client);
  client.disconnect = (reconnect = false) => {
    const stranded = !reconnect && client.status === 'reconnecting';
    disconnect(reconnect);
    // Still waiting after ioredis's own disconnect: once ioredis ends it by itself, this does nothing.
    if (stranded && client.status === 'reconnecting') closeHandler(client)();
  };
}
