import { spawnSync } from 'node:child_process';
import { DataSource, QueryRunner } from 'typeorm';
import { loadConfig } from '../src/core/config/app-config';
import { queryAndCommit, queryInTransaction, refusalReason } from '../src/core/database/commit';
import { dataSourceOptions } from '../src/core/database/data-source-options';

const TABLE = 'commit_pipeline_probe';

/** queryAndCommit: a transaction's last statement and its COMMIT in one write (the end of an enrollment claim). */
describe('queryAndCommit', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await new DataSource({ ...dataSourceOptions(loadConfig(process.env)), migrations: [] }).initialize();
    await db.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, v int NOT NULL)`);
  });
  beforeEach(() => db.query(`TRUNCATE ${TABLE}`));
  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await db.destroy();
  });

  const begin = async (): Promise<QueryRunner> => {
    const qr = db.createQueryRunner();
    await qr.startTransaction();
    return qr;
  };
  const rows = () => db.query(`SELECT id, v FROM ${TABLE} ORDER BY id`);

  it('commits the statement and the transaction before it, and leaves the connection as it was', async () => {
    const qr = await begin();
    await qr.query(`INSERT INTO ${TABLE} (id, v) VALUES (1, 1)`);
    const answer = await queryAndCommit<{ v: number }>(qr, `INSERT INTO ${TABLE} (id, v) VALUES ($1, $2) RETURNING v`, [2, 20]);
    expect(answer).toEqual([{ v: 20 }]);
    expect(qr.isTransactionActive).toBe(false);
    // the same connection runs a plain transaction afterwards, one statement at a time
    const pid = (await qr.query(`SELECT pg_backend_pid() AS pid`))[0].pid;
    await qr.startTransaction();
    await qr.query(`UPDATE ${TABLE} SET v = v + 1 WHERE id = 1`);
    await qr.rollbackTransaction();
    expect((await qr.query(`SELECT pg_backend_pid() AS pid, txid_current_if_assigned() AS xid`))[0]).toEqual({ pid, xid: null });
    await qr.release();
    expect(await rows()).toEqual([
      { id: 1, v: 1 },
      { id: 2, v: 20 },
    ]);
  });

  it('rolls everything back when the statement refuses (refuse_if), and says why', async () => {
    const qr = await begin();
    await qr.query(`INSERT INTO ${TABLE} (id, v) VALUES (1, 1)`);
    const refused = queryAndCommit(qr, `SELECT refuse_if(CASE WHEN $1::int > 0 THEN 'probe:' || $1 END)`, [7]);
    const err = await refused.catch((e: unknown) => e);
    expect(refusalReason(err)).toBe('probe:7');
    expect(qr.isTransactionActive).toBe(false);
    expect((await qr.query(`SELECT txid_current_if_assigned() AS xid`))[0].xid).toBeNull();
    await qr.release();
    expect(await rows()).toEqual([]);
  });

  it('a refusal raised through queryInTransaction leaves the transaction to roll back', async () => {
    const qr = await begin();
    await qr.query(`INSERT INTO ${TABLE} (id, v) VALUES (1, 1)`);
    const err = await queryInTransaction(qr, `SELECT refuse_if('probe')`, []).catch((e: unknown) => e);
    expect(refusalReason(err)).toBe('probe');
    expect(qr.isTransactionActive).toBe(true);
    await qr.rollbackTransaction();
    await qr.release();
    expect(await rows()).toEqual([]);
    expect(refusalReason(new Error('probe'))).toBeUndefined();
  });

  it('commits without waiting for Node: the row lock is released while the event loop is blocked', async () => {
    await db.query(`INSERT INTO ${TABLE} (id, v) VALUES (1, 0)`);
    const qr = await begin();
    // The statement locks the row, then holds it half a second before answering.
    const done = queryAndCommit<{ v: number }>(
      qr,
      `WITH updated AS (UPDATE ${TABLE} SET v = v + 1 WHERE id = 1 RETURNING v) SELECT v, pg_sleep(0.5)::text AS slept FROM updated`,
      [],
    );
    await new Promise((resolve) => setImmediate(resolve)); // the statement and the COMMIT are written
    // Another process updates the same row while this one's event loop is blocked (spawnSync), so
    // this process cannot read the statement's answer or send anything: the other process only
    // gets the row lock if the COMMIT went out with the statement.
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
    expect((await done).map((r) => r.v)).toEqual([1]);
    await qr.release();
    expect(await rows()).toEqual([{ id: 1, v: 11 }]);
  });
});
