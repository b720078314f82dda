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

/** The parts of an ioredis client that `rejectStashedCommandsWhenFlushed` reaches (not in its typed API). */
interface CommandStash {
  prevCommandQueue?: { shift(): { command: { reject(err: Error): void } } | undefined } | null;
  flushQueue(error: Error, options?: { offlineQueue?: boolean; commandQueue?: boolean }): void;
}

/**
 * Makes the client reject, whenever it rejects its queued commands (as it ends, above all), also
 * the commands it had sent when its connection was lost.
 *
 * ioredis 5 keeps those aside to send again once ready (`prevCommandQueue`), and a reconnect that
 * gets as far as a socket starts a new queue, so from then on nothing but reaching 'ready' settles
 * them: a client ended in between leaves them pending for good (redis/ioredis pull request 2197
 * proposes this very fix). A worker closed just after Redis came back had its BZPOPMIN there; BullMQ
 * waits for it to settle, which only its watchdog did, drainDelay + 1 s (6 s) after it was sent,
 * so the worker's close, and the service's shutdown, waited that long.
 */
export function rejectStashedCommandsWhenFlushed(client: Redis): void {
  const internals = client as unknown as CommandStash;
  const flushQueue = internals.flushQueue.bind(client);
  internals.flushQueue = (error, options) => {
    flushQueue(error, options);
    if (options?.commandQueue === false) return;
    const stash = internals.prevCommandQueue;
    for (let item = stash?.shift(); item; item = stash?.shift()) item.command.reject(error);
  };
}
