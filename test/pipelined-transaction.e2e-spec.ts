import { spawnSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/core/config/app-config';
import { dataSourceOptions } from '../src/core/database/data-source-options';
import { PipelinedTransaction, refusalReason } from '../src/core/database/pipeline/pipelined-transaction';

const TABLE = 'pipelined_transaction_probe';

/**
 * PipelinedTransaction: a transaction whose statements go out without waiting for each other's
 * answers, BEGIN with the first and COMMIT with the last (an enrollment claim's two writes).
 */
describe('PipelinedTransaction', () => {
  let db: DataSource;

  beforeAll(async () => {
    const options = dataSourceOptions(loadConfig(process.env));
    // Two connections, so poolIsClean sees every one of them.
    db = await new DataSource({ ...options, migrations: [], extra: { ...options.extra, max: 2 } }).initialize();
    await db.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, v int NOT NULL)`);
  });
  beforeEach(() => db.query(`TRUNCATE ${TABLE}`));
  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await db.destroy();
  });

  const rows = () => db.query(`SELECT id, v FROM ${TABLE} ORDER BY id`);
  const insert = (tx: PipelinedTransaction, id: number, v: number) =>
    tx.query<{ id: number }[]>(`INSERT INTO ${TABLE} (id, v) VALUES ($1, $2) RETURNING id`, [id, v]);
  /**
   * Whether both pooled connections are outside any transaction (nothing left half-done): a
   * statement is the first of its transaction exactly when its transaction began with it.
   */
  const poolIsClean = async () => {
    const fresh: boolean[] = await Promise.all(
      [0, 1].map(() => db.query(`SELECT now() = statement_timestamp() AS fresh, pg_sleep(0.05)`).then((r) => r[0].fresh)),
    );
    return fresh.every(Boolean);
  };

  it('runs the statements of one transaction and commits them, answering as EntityManager.query does', async () => {
    const answers = await PipelinedTransaction.run(db, async (tx) => {
      const issued = [insert(tx, 1, 10), insert(tx, 2, 20), tx.query(`UPDATE ${TABLE} SET v = v + 1 WHERE id <= $1 RETURNING id, v`, [2])];
      const settled = await Promise.all(issued);
      await tx.commit();
      return settled;
    });
    expect(answers).toEqual([
      [{ id: 1 }],
      [{ id: 2 }],
      [
        [
          { id: 1, v: 11 },
          { id: 2, v: 21 },
        ],
        2,
      ],
    ]);
    expect(await rows()).toEqual([
      { id: 1, v: 11 },
      { id: 2, v: 21 },
    ]);
    expect(await poolIsClean()).toBe(true);
  });

  it('commits a transaction its work left open, and rolls back one whose work threw', async () => {
    await PipelinedTransaction.run(db, async (tx) => void (await insert(tx, 1, 1)));
    const thrown = await PipelinedTransaction.run(db, async (tx) => {
      void insert(tx, 2, 2); // issued, never awaited
      throw new Error('work failed');
    }).catch((e: Error) => e.message);
    expect(thrown).toBe('work failed');
    expect(await rows()).toEqual([{ id: 1, v: 1 }]);
    expect(await poolIsClean()).toBe(true);
  });

  it('commits nothing when one statement fails, and names the first failure in the order issued', async () => {
    await db.query(`INSERT INTO ${TABLE} (id, v) VALUES (3, 0)`);
    let failure: unknown;
    const committed = await PipelinedTransaction.run(db, async (tx) => {
      const issued = [insert(tx, 1, 1), tx.query(`SELECT refuse_if(CASE WHEN $1::int > 0 THEN 'probe:' || $1 END)`, [7]), insert(tx, 2, 2)];
      // The statement after the refusal fails too (25P02); awaited first, it is still not the cause.
      const later = await issued[2].catch((e: { code?: string }) => e.code);
      expect(later).toBe('25P02');
      failure = tx.failure;
      return tx.commit().catch((e: unknown) => e);
    });
    expect(refusalReason(failure)).toBe('probe:7');
    expect(refusalReason(committed)).toBe('probe:7');
    expect(refusalReason(new Error('probe'))).toBeUndefined();
    expect(await rows()).toEqual([{ id: 3, v: 0 }]);
    expect(await poolIsClean()).toBe(true);
  });

  it('calls back after a commit, and never after a rollback or a failed statement', async () => {
    const called: string[] = [];
    await PipelinedTransaction.run(db, async (tx) => {
      tx.onCommit(() => called.push('committed'));
      void insert(tx, 1, 1);
      await tx.commit();
    });
    await PipelinedTransaction.run(db, async (tx) => {
      tx.onCommit(() => called.push('rolled back'));
      await insert(tx, 2, 2);
      await tx.rollback();
    });
    await PipelinedTransaction.run(db, async (tx) => {
      tx.onCommit(() => called.push('failed'));
      void insert(tx, 3, 3);
      void insert(tx, 3, 3); // duplicate key
      await tx.commit().catch(() => undefined);
    });
    expect(called).toEqual(['committed']);
    expect(await rows()).toEqual([{ id: 1, v: 1 }]);
  });

  it('refuses a statement or a second COMMIT once the transaction is ending', async () => {
    const outcome = await PipelinedTransaction.run(db, async (tx) => {
      await insert(tx, 1, 1);
      await tx.rollback();
      return Promise.all([insert(tx, 2, 2).catch((e: Error) => e.message), tx.commit().catch((e: Error) => e.message)]);
    });
    expect(outcome).toEqual([
      'PipelinedTransaction: the transaction is already ending',
      'PipelinedTransaction: COMMIT of a transaction that is already ending',
    ]);
    expect(await rows()).toEqual([]);
  });

  it('writes the statements and the COMMIT issued together without waiting for Node: the row lock is released while the event loop is blocked', async () => {
    await db.query(`INSERT INTO ${TABLE} (id, v) VALUES (1, 0)`);
    const done = PipelinedTransaction.run(db, async (tx) => {
      // BEGIN, two statements and the COMMIT, issued in one synchronous run. The second statement
      // holds the row lock half a second before answering.
      const first = insert(tx, 2, 0);
      const second = tx.query<{ v: number }[]>(
        `WITH updated AS (UPDATE ${TABLE} SET v = v + 1 WHERE id = 1 RETURNING v) SELECT v, pg_sleep(0.5)::text AS slept FROM updated`,
        [],
      );
      const committed = tx.commit();
      await new Promise((resolve) => setImmediate(resolve)); // the write has left
      // Another process updates the same row while this one's event loop is blocked (spawnSync), so
      // this process can neither read an answer nor send anything: the other process only gets
      // the row lock if BEGIN, both statements and the COMMIT went out together.
      const other = spawnSync(
        process.execPath,
        [
          '-e',
          `const { Client } = require('pg');
           const c = new Client({ connectionString: process.env.DATABASE_URL });
           c.connect()
             .then(() => c.query("SET lock_timeout = '3s'"))
             .then(() => c.query('UPDATE ${TABLE} SET v = v + 10 WHERE id = 1'))
             .then(() => c.end(), (err) => { console.error(err.message); process.exit(1); });`,
        ],
        { env: process.env, encoding: 'utf8', timeout: 10_000 },
      );
      expect({ status: other.status, stderr: other.stderr }).toEqual({ status: 0, stderr: '' });
      await committed;
      return { first: await first, second: await second };
    });
    expect(await done).toEqual({ first: [{ id: 2 }], second: [{ v: 1, slept: '' }] });
    expect(await rows()).toEqual([
      { id: 1, v: 11 },
      { id: 2, v: 0 },
    ]);
  });
});
