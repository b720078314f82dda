import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PipelinedTransaction } from './pipeline/pipelined-transaction';
import { type MergeableWrite, PIPELINED_MAX_OFFSET, PreparedSql } from './pipeline/prepared-sql.service';
import { onCommit as registerOnCommit } from './transaction-hooks';
import type { ListQuery } from '../listing/list-query';
import type { ScimPage } from '../listing/scim-page';
import type { ConnectGate } from './data-source-options';
import type { ListStatements, ScimListStatements } from './list-statements';
import type { Statement } from './statement';
import type { QueryResult } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** What features use of the pipelining internals: a merged write's declaration, and refuse_if's reason. */
export type { MergeableWrite } from './pipeline/prepared-sql.service';
export { refusalReason } from './pipeline/pipelined-transaction';

/**
 * What runs a declared statement (statement.ts): the database door, or a transaction of it.
 * Repository methods take a `Queryable` when they may run inside a caller's transaction or on
 * their own, a `Tx` when they must run inside one (a lock, several statements that commit
 * together), and use the injected `Db` otherwise.
 */
export interface Queryable {
  /** Every row. */
  rows<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R[]>;
  /** The first row, or undefined when there is none. */
  maybe<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R | undefined>;
  /** The one row the statement returns by construction (an INSERT ... RETURNING, a count); its absence is a bug. */
  one<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R>;
  /** How many rows the statement wrote (an UPDATE's or DELETE's count), for statements run for their effect. */
  run<P extends readonly unknown[]>(s: Statement<P, unknown>, params: P): Promise<number>;
}

/** A transaction of the door (Db.transaction, Db.pipelined). */
export interface Tx extends Queryable {
  /**
   * Calls `callback` once this transaction has committed, on this node (never if it rolls back):
   * how a change tells in-process work that it is visible. Register before the transaction ends.
   */
  onCommit(callback: () => void): void;
  /**
   * Runs `work` inside a savepoint of this transaction: what it wrote is kept when `keep` holds
   * for its answer and undone otherwise, leaving the rest of the transaction as it was. A throw
   * is left to abort the whole transaction. `name` is a plain lower-case identifier.
   */
  savepoint<T>(name: string, keep: (value: T) => boolean, work: () => Promise<T>): Promise<T>;
}

const SAVEPOINT_NAME = /^[a-z_]+$/;

/** Tx.savepoint on anything that runs plain SQL text in the transaction. */
export async function inSavepoint<T>(
  query: (text: string) => Promise<unknown>,
  name: string,
  keep: (value: T) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  if (!SAVEPOINT_NAME.test(name)) throw new Error(`savepoint: not a savepoint name: ${name}`);
  // quoted: a plain name may still be a keyword (`inner`)
  await query(`SAVEPOINT "${name}"`);
  const value = await work();
  await query(keep(value) ? `RELEASE SAVEPOINT "${name}"` : `ROLLBACK TO SAVEPOINT "${name}"`);
  return value;
}

/** Thrown by `one` when a statement returned no row: a bug in the statement or its caller, a 500. */
export class NoRowError extends Error {
  constructor(label: string) {
    super(`statement ${label} returned no row where one was expected`);
  }
}

/** The row `one` answers: the first, or NoRowError when there is none (every Tx's `one` uses it). */
export const onlyRow = <R>(s: Statement<readonly unknown[], R>, rows: R[]): R => {
  if (rows.length === 0) throw new NoRowError(s.label);
  return rows[0];
};

/** A transaction on TypeORM's EntityManager (Db.transaction). */
class ManagerTx implements Tx {
  constructor(readonly manager: EntityManager) {}

  private async result(s: Statement, params: readonly unknown[]): Promise<{ records: unknown[]; affected?: number }> {
    // TypeORM's structured result: rows and the affected count whatever the command.
    return this.manager.queryRunner!.query(s.text, params as unknown[], true) as Promise<{ records: unknown[]; affected?: number }>;
  }

  async rows<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R[]> {
    return (await this.result(s, params)).records as R[];
  }

  async maybe<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R | undefined> {
    return (await this.rows(s, params))[0];
  }

  async one<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R> {
    return onlyRow(s, await this.rows(s, params));
  }

  async run<P extends readonly unknown[]>(s: Statement<P, unknown>, params: P): Promise<number> {
    return (await this.result(s, params)).affected ?? 0;
  }

  onCommit(callback: () => void): void {
    if (!registerOnCommit(this.manager, callback)) throw new Error('ManagerTx.onCommit outside a transaction');
  }

  savepoint<T>(name: string, keep: (value: T) => boolean, work: () => Promise<T>): Promise<T> {
    return inSavepoint((text) => this.manager.query(text), name, keep, work);
  }
}

/** A pipelined transaction (Db.pipelined): statements go out as they are issued; see PipelinedTransaction. */
export interface PipelinedTx extends Tx {
  /** Sends COMMIT after every statement issued so far and waits for it; throws the first failure. */
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** The first statement that failed, in the order issued; undefined while none has. */
  readonly failure: unknown;
}

/**
 * The one door to the database. Every statement is declared once (statement.ts) with its
 * parameters' and rows' types and its lane, and run through here or through a transaction of
 * here: `db.rows(S, params)` outside a transaction takes the statement's lane (pooled, or
 * pipelined as a read or a committed write); `db.transaction(tx => ...)` and
 * `db.pipelined(tx => ...)` run statements on one connection in one transaction. How the lanes
 * work (pg's pipeline mode, corked writes, read groups, merged writes) is the business of
 * ./pipeline/ alone.
 */
@Injectable()
export class Db implements Queryable {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lanes: PreparedSql,
  ) {}

  /**
   * Whether PostgreSQL is known to be stalled (a connection was given up on and no probe has got
   * an answer since): background work skips its run rather than add one more connection that
   * PostgreSQL must wake and serve when the stall ends (ADR 0231).
   */
  stalled(): boolean {
    return (this.dataSource.options.extra as { gate?: ConnectGate } | undefined)?.gate?.isStalled ?? false;
  }

  private exec(s: Statement, params: readonly unknown[]): Promise<unknown[]> {
    const values = params as unknown[];
    switch (s.lane) {
      case 'read':
        return this.lanes.rows(s.label, s.text, values);
      case 'committed':
        return this.lanes.committedRows(s.label, s.text, values);
      case 'pooled':
        return this.lanes.pooledRows(s.label, s.text, values);
    }
  }

  rows<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R[]> {
    return this.exec(s, params) as Promise<R[]>;
  }

  async maybe<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R | undefined> {
    return ((await this.exec(s, params)) as R[])[0];
  }

  async one<P extends readonly unknown[], R>(s: Statement<P, R>, params: P): Promise<R> {
    return onlyRow(s, (await this.exec(s, params)) as R[]);
  }

  async run<P extends readonly unknown[]>(s: Statement<P, unknown>, params: P): Promise<number> {
    // The pipelined lanes answer rows only, not a count: a statement run for its count is pooled.
    if (s.lane !== 'pooled') throw new Error(`Db.run counts pooled statements only; ${s.label} is on the ${s.lane} lane`);
    const result: QueryResult = await this.lanes.pooledResult(s.text, params as unknown as unknown[]);
    return result.rowCount ?? 0;
  }

  /**
   * A page of a list: a `read` statement on the read lane while the offset is shallow, on a
   * pooled connection past PIPELINED_MAX_OFFSET (a deep offset walks enough of its index to hold
   * up the reads behind it); any other on its own lane.
   */
  page<P extends readonly unknown[], R>(s: Statement<P, R>, params: P, offset: number): Promise<R[]> {
    if (s.lane === 'read' && offset > PIPELINED_MAX_OFFSET) {
      return this.lanes.pooledRows<R>(s.label, s.text, params as unknown as unknown[]);
    }
    return this.rows(s, params);
  }

  /** A page of a list (SPEC.md Lists) and the total matching, read in parallel. */
  async list<P extends readonly unknown[], R>(l: ListStatements<P, R>, scope: P, q: ListQuery): Promise<{ rows: R[]; total: number }> {
    const page = l.page(q, scope);
    const count = l.count(q, scope);
    const [rows, counted] = await Promise.all([
      this.page(page.statement, page.params, q.page.offset),
      this.one(count.statement, count.params),
    ]);
    return { rows, total: counted.total };
  }

  /** A page of a list without its total (a list whose envelope has none), on the read lane while shallow (`page`). */
  listRows<P extends readonly unknown[], R>(l: ListStatements<P, R>, scope: P, q: ListQuery): Promise<R[]> {
    const page = l.page(q, scope);
    return this.page(page.statement, page.params, q.page.offset);
  }

  /** One SCIM page and the total matching; count=0 reads only the total. */
  async scimList<P extends readonly unknown[], R>(
    l: ScimListStatements<P, R>,
    scope: P,
    page: ScimPage,
  ): Promise<{ rows: R[]; total: number }> {
    const { total } = await this.one(l.count, scope);
    if (page.limit === 0 || page.offset >= total) return { rows: [], total };
    return { rows: await this.rows(l.page, [...scope, page.limit, page.offset]), total };
  }

  /** A row of a mergeable write (see MergeableWrite): merged with the rows of the same write that go out together. */
  write<R>(write: MergeableWrite<R>, row: R): Promise<void> {
    return this.lanes.write(write, row);
  }

  /** Runs `work` in a transaction on a pooled connection: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  transaction<T>(isolation: IsolationLevel, work: (tx: Tx) => Promise<T>): Promise<T>;
  transaction<T>(a: IsolationLevel | ((tx: Tx) => Promise<T>), b?: (tx: Tx) => Promise<T>): Promise<T> {
    if (typeof a === 'function') return this.dataSource.transaction((m) => a(new ManagerTx(m)));
    return this.dataSource.transaction(a, (m) => b!(new ManagerTx(m)));
  }

  /**
   * Runs `work` in a pipelined transaction: its statements leave as they are issued, without
   * waiting for the answers to the ones before, and COMMIT can leave with the last of them.
   * See PipelinedTransaction for what that asks of `work`.
   */
  pipelined<T>(work: (tx: PipelinedTx) => Promise<T>): Promise<T> {
    return PipelinedTransaction.run(this.dataSource, work, this.lanes.namedStatements);
  }
}
