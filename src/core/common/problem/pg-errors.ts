import { QueryFailedError } from 'typeorm';

export const UNIQUE_VIOLATION = '23505';

/** A unique-index violation, optionally only on one of the named constraints. */
export function isUniqueViolation(err: unknown, constraints?: readonly string[]): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = err.driverError as { code?: string; constraint?: string };
  return driver.code === UNIQUE_VIOLATION && (!constraints || constraints.includes(driver.constraint ?? ''));
}

/**
 * SQLSTATEs that mean the server cannot take the statement now, not that the statement is wrong:
 * too many connections, a server shutting down or starting up, and a statement or lock wait that
 * ran past the service's statement_timeout or lock_timeout (57014, 55P03; ADR 0231), and a
 * server that has become read-only under the service (25006: a demoted primary; ADR 0276).
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57014', '55P03', '25006']);
/** Socket errors on the way to Postgres. */
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg and pg-pool report a lost or unobtainable connection with plain Errors carrying these messages. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free within connectionTimeoutMillis
  'Connection terminated', // pg: lost mid-query, or connect timeout ("... due to connection timeout")
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means Postgres is unreachable or saturated right now (so the request may
 * succeed if retried), as opposed to a bug or a bad statement: no free pooled connection within
 * the checkout timeout, a refused or dropped connection, too many connections, a server shutting
 * down or starting up (SQLSTATE class 08 and 53300, 57P01-57P03), a statement past its timeout,
 * a connection given up because Postgres did not answer (DatabaseStalledError, ETIMEDOUT). TypeORM's QueryFailedError is
 * looked through to the driver's error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err instanceof QueryFailedError ? (err.driverError as unknown) : err;
  // Duck-typed: socket errors are built by Node's own Error, which is not this realm's under jest.
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NETWORK_CODES.has(code))) {
    return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}
