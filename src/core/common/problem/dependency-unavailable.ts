import { isDatabaseUnavailable } from './pg-errors';
import { isRedisUnavailable } from './redis-errors';

/** Seconds a client is asked to wait before retrying when a dependency is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The code a transport answers when a dependency could not be reached. */
export type DependencyUnavailable = 'database_unavailable' | 'redis_unavailable';

/**
 * Which dependency an error says is unreachable or saturated right now, so that the call did
 * nothing and may succeed when retried after DATABASE_RETRY_AFTER_SECONDS: Postgres
 * (pg-errors.ts) or Redis (redis-errors.ts); undefined for anything else (a bug: a 500, or the
 * socket's internal_error). HTTP answers it as a 503 with Retry-After (ProblemRenderer), the
 * socket as an error reply with `retry_after` (SocketReplyInterceptor).
 */
export function dependencyUnavailable(err: unknown): DependencyUnavailable | undefined {
  if (isDatabaseUnavailable(err)) return 'database_unavailable';
  if (isRedisUnavailable(err)) return 'redis_unavailable';
  return undefined;
}
