import type { SqlExecutor } from './pipeline/pipelined-transaction';

/**
 * Runs `work` inside a savepoint of `m`'s open transaction: what it wrote is kept when `keep`
 * holds for its answer and undone otherwise, leaving the rest of the transaction as it was. A
 * throw is left to abort the whole transaction.
 */
export async function inSavepoint<T>(m: SqlExecutor, name: string, keep: (value: T) => boolean, work: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`inSavepoint: not a savepoint name: ${name}`);
  await m.query(`SAVEPOINT ${name}`);
  const value = await work();
  await m.query(keep(value) ? `RELEASE SAVEPOINT ${name}` : `ROLLBACK TO SAVEPOINT ${name}`);
  return value;
}
