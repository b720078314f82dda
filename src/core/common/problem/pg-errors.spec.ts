import { QueryFailedError } from 'typeorm';
import { DatabaseStalledError } from '../../database/data-source-options';
import { isDatabaseUnavailable, isUniqueViolation } from './pg-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['pg-pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a client that already failed', new Error('Client has encountered a connection error and is not queryable')],
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['server starting up', withCode('the database system is starting up', '57P03')],
    ['connection exception class 08', withCode('connection failure', '08006')],
    ['the same, wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('connection failure', '08006'))],
    // ADR 0231: the service's own statement_timeout and lock_timeout bound how long a request waits
    ['a statement past DB_STATEMENT_TIMEOUT_MS', withCode('canceling statement due to statement timeout', '57014')],
    ['a lock wait past it', withCode('canceling statement due to lock timeout', '55P03')],
    ['a connection given up: Postgres did not answer', new DatabaseStalledError(2500)],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('duplicate key value', '23505'))],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that merely mentions a connection', new Error('Invalid connection string')],
    ['not an error', 'timeout exceeded when trying to connect'],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('matches 23505, optionally on named constraints only', () => {
    const err = new QueryFailedError('INSERT', [], Object.assign(withCode('dup', '23505'), { constraint: 'robots_serial_key' }));
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, ['robots_serial_key'])).toBe(true);
    expect(isUniqueViolation(err, ['other'])).toBe(false);
    expect(isUniqueViolation(withCode('dup', '23505'))).toBe(false);
  });
});
