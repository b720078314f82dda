/**
 * Every Redis key, channel and lifetime the service uses, in one place. Keys are built by these
 * functions only, so a reader can see the whole Redis footprint here.
 */
export const REDIS_PREFIX = 'ans';

export const RedisChannels = {
  /** Cross-node invalidation of in-process credential caches and socket disconnects. */
  events: `${REDIS_PREFIX}:events`,
} as const;

export const RedisKeys = {
  /** Memory mail transport: newest-first list of sent messages (capped). */
  mailbox: () => `${REDIS_PREFIX}:mailbox`,
  /** BullMQ key prefix for all queues. */
  bullPrefix: () => `${REDIS_PREFIX}:bull`,
} as const;

export const RedisLimits = {
  mailboxMaxMessages: 200,
} as const;
