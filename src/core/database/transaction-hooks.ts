import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PipelinedTransaction, runAll, type SqlExecutor } from './pipeline/pipelined-transaction';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

type Callback = () => void;
/** Where a TypeORM transaction keeps its callbacks: QueryRunner.data, TypeORM's slot for user data. */
const KEY = 'afterCommit';

/**
 * Runs `callback` once the transaction `m` runs in has committed (never if it rolls back), on
 * this node: how a change tells in-process work that it is visible (the outbox relay's wake-up),
 * without a NOTIFY in the transaction. Returns false when `m` is not in a transaction (each of
 * its statements commits on its own): the caller then calls back itself once its statement has
 * answered. Register before the transaction can end (before its COMMIT is issued).
 */
export function onCommit(m: SqlExecutor, callback: Callback): boolean {
  if (m instanceof PipelinedTransaction) {
    m.onCommit(callback);
    return true;
  }
  const qr: QueryRunner | undefined = (m as EntityManager).queryRunner;
  if (!qr?.isTransactionActive) return false;
  ((qr.data[KEY] as Callback[] | undefined) ?? (qr.data[KEY] = [])).push(callback);
  return true;
}

/**
 * The TypeORM side of onCommit: a subscriber of every transaction of the data source that runs
 * the callbacks registered on a QueryRunner when its outermost transaction commits, and drops
 * them when it rolls back. Releasing a savepoint is not a commit; a savepoint rolled back keeps
 * callbacks registered inside it (a callback must tolerate running for nothing: a wake-up, say).
 */
@Injectable()
export class TransactionHooks implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger(TransactionHooks.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onModuleInit(): void {
    this.db.subscribers.push(this);
  }

  afterTransactionCommit(e: TransactionCommitEvent): void {
    if (e.queryRunner.isTransactionActive) return; // a savepoint released; the transaction goes on
    const callbacks = e.queryRunner.data[KEY] as Callback[] | undefined;
    delete e.queryRunner.data[KEY];
    runAll(callbacks, this.logger);
  }

  afterTransactionRollback(e: TransactionRollbackEvent): void {
    if (!e.queryRunner.isTransactionActive) delete e.queryRunner.data[KEY];
  }
}
