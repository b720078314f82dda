import { Logger } from '@nestjs/common';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { inSavepoint, onlyRow, type PipelinedTx } from '../db.service';
import { type Statement, statementQuery } from '../statement';
import type { PoolClient, QueryResult } from 'pg';

/**
 * What a repository method needs of the transaction it runs in: TypeORM's EntityManager, or a
 * PipelinedTransaction, whose `query` answers the same way.
 */
export type SqlExecutor = Pick<EntityManager, 'query'>;

type ReleasableWithError = { releasePostgresConnection(err: Error): Promise<void> };
type PipelineClient = PoolClient & { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };

const noop = (): void => undefined;
const logger = new Logger('PipelinedTransaction');

/**
 * What a statement's refuse_if(reason) raised (SQLSTATE P0001), or undefined for any other error.
 * refuse_if (a migration) lets a statement fail exactly when its transaction must not commit, so
 * it can be written together with the COMMIT.
 */
export function refusalReason(err: unknown): string | undefined {
  const e = (err as { driverError?: unknown })?.driverError ?? err;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P0001' && typeof message === 'string' ? message : undefined;
}

/**
 * A transaction whose statements are sent as they are issued, without waiting for the answers
 * to the ones before (pg's pipeline mode), on a pooled connection of its own. Statements issued
 * in one synchronous run (say, the first statement of each of several repository calls made
 * without `await` between them) leave in one socket write, BEGIN with the first of them; the
 * COMMIT can go in the same write as the last statements (`commit`), so Postgres runs the
 * transaction to its end without waiting on Node. A transaction of N independent statements
 * costs one or two round trips instead of N + 2.
 *
 * Postgres answers in order. When a statement fails, the ones after it in the transaction fail
 * too (25P02, "current transaction is aborted") and COMMIT rolls back, so nothing commits unless
 * every statement succeeded; `commit` then throws the first failure. A statement whose answer
 * must decide whether the transaction may commit must therefore fail in SQL (refuse_if) when
 * the COMMIT is written with it, or be awaited and checked before `commit` is called.
 *
 * `query` answers and fails as TypeORM's EntityManager.query does on Postgres (rows; [rows, count]
 * for UPDATE and DELETE; a QueryFailedError around pg's error), so repository methods take either
 * (SqlExecutor); `failure` and `commit` throw the same QueryFailedError. Every statement is named
 * after its text (statementName): each connection parses and plans it once; behind a transaction
 * pooler (ADR 0274) they are unnamed, since the next transaction may run on another server
 * connection. The pipeline itself is safe there: every statement before COMMIT answers in a
 * transaction block, and a pooler keeps the server connection until the block ends.
 */
export class PipelinedTransaction implements SqlExecutor, PipelinedTx {
  private corked = false;
  private state: 'open' | 'ending' | 'over' = 'open';
  /** Settles after the last statement issued; awaited before the connection goes back to the pool. */
  private last: Promise<unknown> = Promise.resolve();
  private firstFailure?: QueryFailedError;
  private readonly committed: Array<() => void> = [];

  private constructor(
    private readonly client: PipelineClient,
    /** Whether statements are named after their text: not behind a transaction pooler (PreparedSql.namedStatements). */
    private readonly named: boolean,
  ) {}

  /**
   * Runs `work` in a pipelined transaction. `work` issues statements with `query` and ends with
   * `commit` (or throws); a transaction `work` left open is committed after it, one that threw
   * is rolled back. The connection returns to the pool once every answer is in.
   */
  static async run<T>(db: DataSource, work: (tx: PipelinedTransaction) => Promise<T>, named = true): Promise<T> {
    const qr = db.createQueryRunner();
    const client = (await qr.connect()) as PipelineClient;
    const tx = new PipelinedTransaction(client, named);
    let broken: unknown;
    try {
      client.pipeline = true;
      void tx.issue('BEGIN'); // a failure is the transaction's: issue() records it, commit() throws it
      const result = await work(tx);
      if (tx.state === 'open') await tx.commit();
      return result;
    } catch (err) {
      if (tx.state === 'open') await tx.end('ROLLBACK').catch((e: unknown) => (broken = e));
      throw err;
    } finally {
      await tx.last.catch(noop);
      client.pipeline = false;
      // A connection whose ROLLBACK failed may still be in a transaction: the pool destroys it
      // instead of handing it out again (TypeORM's release with an error; assertDriverInternals).
      if (broken === undefined) await qr.release();
      else
        await (qr as unknown as ReleasableWithError).releasePostgresConnection(
          broken instanceof Error ? broken : new Error('ROLLBACK failed', { cause: broken }),
        );
    }
  }

  /** A statement of the transaction, sent at once; its rows ([rows, count] for UPDATE and DELETE). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature of TypeORM's EntityManager.query (SqlExecutor)
  query<T = any>(text: string, values: unknown[] = []): Promise<T> {
    if (this.state !== 'open') return Promise.reject(new Error('PipelinedTransaction: the transaction is already ending'));
    const answer = this.issue(text, values).then(typeOrmResult) as Promise<T>;
    answer.catch(noop); // see issue(): a failure is the transaction's, reported by commit() whether or not this is awaited
    return answer;
  }

  /** A declared statement of the transaction (statement.ts), sent at once; its rows. */
  async rows<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R[]> {
    return (await this.declared(s, params)).rows as R[];
  }

  async maybe<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R | undefined> {
    return (await this.declared(s, params)).rows[0] as R | undefined;
  }

  async one<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R> {
    return onlyRow(s, (await this.declared(s, params)).rows as R[]);
  }

  async run<P extends readonly unknown[]>(s: Statement<P, unknown>, params: P): Promise<number> {
    return (await this.declared(s, params)).rowCount ?? 0;
  }

  private declared(s: Statement, params: readonly unknown[]): Promise<QueryResult> {
    if (this.state !== 'open') return Promise.reject(new Error('PipelinedTransaction: the transaction is already ending'));
    const answer = this.issue(s.text, params as unknown[]);
    answer.catch(noop); // as in query(): a failure is the transaction's, reported by commit()
    return answer;
  }

  savepoint<T>(name: string, keep: (value: T) => boolean, work: () => Promise<T>): Promise<T> {
    return inSavepoint((text) => this.query(text), name, keep, work);
  }

  /**
   * Sends COMMIT after every statement issued so far (in the same write as those not yet sent)
   * and waits for it. Throws the first statement's failure, if any, the transaction having rolled
   * back; else the COMMIT's own error.
   */
  async commit(): Promise<void> {
    await this.end('COMMIT');
  }

  /** Calls `callback` once this transaction has committed (see onCommit, transaction-hooks.ts); never if it rolls back. */
  onCommit(callback: () => void): void {
    this.committed.push(callback);
  }

  /** Sends ROLLBACK after every statement issued so far and waits for it. */
  async rollback(): Promise<void> {
    await this.end('ROLLBACK');
  }

  /**
   * The first statement of the transaction that failed, in the order they were issued (the ones
   * after it fail for that reason only); undefined while none has. The cause to act on: of several
   * statements awaited together, the first to reject in Node is not always the first that failed.
   */
  get failure(): unknown {
    return this.firstFailure;
  }

  private async end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    if (this.state !== 'open') throw new Error(`PipelinedTransaction: ${command} of a transaction that is already ending`);
    this.state = 'ending';
    try {
      await this.issue(command);
    } finally {
      this.state = 'over';
    }
    if (command === 'ROLLBACK') return;
    if (this.firstFailure !== undefined) throw this.firstFailure;
    runAll(this.committed, logger);
  }

  /** Sends one statement, corking the socket until the current synchronous run is over. */
  private issue(text: string, values?: unknown[]): Promise<QueryResult> {
    if (!this.corked) {
      this.corked = true;
      this.client.connection.stream.cork();
      process.nextTick(() => {
        this.corked = false;
        this.client.connection.stream.uncork();
      });
    }
    const sent = (values === undefined ? this.client.query(text) : this.client.query(statementQuery(text, values, this.named))).then(
      undefined,
      (err: Error) => {
        throw new QueryFailedError(text, values, err);
      },
    );
    // Marked handled here: a caller that gave up on the transaction need not await every statement.
    sent.catch((err: QueryFailedError) => {
      if (this.firstFailure === undefined) this.firstFailure = err;
    });
    this.last = sent;
    return sent;
  }
}

/** Calls each after-commit callback; one that throws is logged and does not stop the others. */
export function runAll(callbacks: readonly (() => void)[] | undefined, log: Pick<Logger, 'error'>): void {
  for (const callback of callbacks ?? []) {
    try {
      callback();
    } catch (err) {
      log.error(`after-commit callback failed: ${(err as Error).message}`);
    }
  }
}

/** The answer TypeORM's PostgresQueryRunner.query gives for a result. */
function typeOrmResult(r: QueryResult): unknown {
  return r.command === 'UPDATE' || r.command === 'DELETE' ? [r.rows, r.rowCount] : r.rows;
}
