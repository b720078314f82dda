import { withTimeout } from '../with-timeout';

/** ioredis reports an unreachable or stalled server with these (plain Errors, or these names). */
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'RedisUnavailableError']);
const UNAVAILABLE_MESSAGES = [
  'Command timed out',
  'Connection is closed',
  "Stream isn't writeable",
  'connect ECONNREFUSED',
  'connect ETIMEDOUT',
];
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether an error means Redis cannot be reached right now (the request may succeed if retried):
 * a command timed out (REDIS_COMMAND_TIMEOUT_MS), was given up after its retries, or went to a
 * closed connection. Duck-typed, as for Postgres in pg-errors.ts.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, message, code } = err as { name?: unknown; message?: unknown; code?: unknown };
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}

/** Thrown where a Redis call of ours gave up (a BullMQ add, whose connection never gives up itself). */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** `call`, or a RedisUnavailableError after `ms` (the call may still reach Redis later). */
export const redisWithin = <T>(call: Promise<T>, ms: number, what: string): Promise<T> =>
  withTimeout(call, ms, what, (message) => new RedisUnavailableError(message));
