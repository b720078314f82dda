import type { PoolClient } from 'pg';
import type { QueryRunner } from 'typeorm';
import { statementName } from './prepared-sql.service';

/** What a statement's refuse_if(reason) raised (SQLSTATE P0001), or undefined for any other error. */
export function refusalReason(err: unknown): string | undefined {
  const e = (err as { driverError?: unknown })?.driverError ?? err;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P0001' && typeof message === 'string' ? message : undefined;
}

/**
 * A statement in the transaction open on `qr`, sent on its connection directly rather than through
 * TypeORM, whose query log reports every failed statement as an error: for a statement that may
 * refuse (refuse_if), the refusal is an answer. Any error is thrown as pg raised it. Named after
 * its text (statementName), so each connection parses and plans it once.
 */
export async function queryInTransaction<T>(qr: QueryRunner, text: string, values: unknown[]): Promise<T[]> {
  if (!qr.isTransactionActive) throw new Error('queryInTransaction: no transaction is open on this query runner');
  const client = (await qr.connect()) as PoolClient;
  return (await client.query<T & object>({ name: statementName(text), text, values })).rows as T[];
}

/**
 * The last statement of the transaction open on `qr`, and its COMMIT, written together: pg's
 * pipeline mode is switched on for these two queries only and the socket corked around them, so
 * Postgres runs the COMMIT as soon as the statement is done, without waiting for Node to read the
 * answer and send it. Row locks the statement takes are held for its run and the commit only.
 *
 * The statement must fail whenever the transaction must not commit (refuse_if): Postgres answers
 * a COMMIT in a failed transaction by rolling it back. Either way the transaction is over when
 * this settles: the statement's rows, or its error (else the COMMIT's), are what it answers.
 * The statement is named after its text, as in queryInTransaction. Relies on the pg internals
 * that assertDriverInternals (prepared-sql.service.ts) checks at start-up.
 */
export async function queryAndCommit<T>(qr: QueryRunner, text: string, values: unknown[]): Promise<T[]> {
  if (!qr.isTransactionActive) throw new Error('queryAndCommit: no transaction is open on this query runner');
  const client = (await qr.connect()) as PoolClient & { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };
  const stream = client.connection.stream;
  let answered: PromiseSettledResult<{ rows: T[] }>;
  let committed: PromiseSettledResult<unknown>;
  client.pipeline = true;
  try {
    stream.cork();
    let sent: [Promise<{ rows: T[] }>, Promise<unknown>];
    try {
      sent = [client.query<T & object>({ name: statementName(text), text, values }) as Promise<{ rows: T[] }>, client.query('COMMIT')];
    } finally {
      stream.uncork();
    }
    [answered, committed] = await Promise.allSettled(sent);
  } finally {
    client.pipeline = false;
  }
  // The transaction is over in Postgres; tell TypeORM, which would otherwise send COMMIT or ROLLBACK again.
  const state = qr as unknown as { isTransactionActive: boolean; transactionDepth: number };
  state.isTransactionActive = false;
  state.transactionDepth = 0;
  if (answered.status === 'rejected') throw answered.reason;
  if (committed.status === 'rejected') throw committed.reason;
  return answered.value.rows;
}
