import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Pool, Query } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/core/config/app-config';
import { dataSourceOptions } from '../src/core/database/data-source-options';
import {
  assertDriverInternals,
  MAX_MERGED_ROWS,
  MAX_READ_GROUP,
  PIPELINE_BATCHES_IN_FLIGHT,
  PIPELINED_MAX_OFFSET,
  PreparedSql,
} from '../src/core/database/pipeline/prepared-sql.service';
import { byteaArrayLiteral, timestamptzArrayLiteral, utcIso, uuidArrayLiteral } from '../src/core/database/sql';
import { statementName } from '../src/core/database/statement';
import {
  ACCESS_TOKEN_INSERT_ASYNC_COMMIT,
  ACCESS_TOKEN_WRITE,
  ACCESS_TOKENS_INSERT_ASYNC_COMMIT,
  type NewAccessToken,
} from '../src/credentials/credentials.repository';
import { eventually } from './support/eventually';
import type { MachineScope } from '../src/auth';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

const SHOW_SYNC_COMMIT = `SELECT current_setting('synchronous_commit') AS synchronous_commit`;

/** The pipelined hot-statement path against the real test Postgres. */
describe('PreparedSql', () => {
  const opened: Array<{ sql: PreparedSql; db: DataSource }> = [];

  async function open(pipelineConnections: number, env: Record<string, string> = {}) {
    const config = loadConfig({ ...process.env, DB_PIPELINE_CONNECTIONS: String(pipelineConnections), ...env });
    const db = await new DataSource({ ...dataSourceOptions(config), migrations: [] }).initialize();
    const sql = new PreparedSql(db, config);
    opened.push({ sql, db });
    const pool = (db.driver as PostgresDriver).master as Pool;
    return { sql, db, pool };
  }

  afterEach(async () => {
    for (const { sql, db } of opened.splice(0)) {
      await sql.onApplicationShutdown();
      await db.destroy();
    }
  });

  /** A credential of a workspace and agent of its own (the suite may run first on a fresh database). */
  const someCredential = async (db: DataSource): Promise<string> => {
    const tag = randomBytes(6).toString('hex');
    const [{ id }] = await db.query(
      `WITH w AS (INSERT INTO workspaces (name, slug) VALUES ('Prepared SQL', $1) RETURNING id),
            a AS (INSERT INTO service_agents (workspace_id, name, slug, scopes) SELECT id, 'Agent', 'agent', '{}' FROM w RETURNING id, workspace_id)
       INSERT INTO api_credentials (workspace_id, service_agent_id, prefix, secret_hash, scopes)
       SELECT workspace_id, id, $2, $3, '{messages:read}' FROM a RETURNING id`,
      [`prepared-sql-${tag}`, `ps${tag}`, randomBytes(32)],
    );
    return id as string;
  };

  const backendPid = (sql: PreparedSql) =>
    sql.rows<{ pid: number }>('test_backend_pid', 'SELECT pg_backend_pid() AS pid', []).then((r) => r[0].pid);

  it('keeps a lane whose answer came while this process itself was blocked past the bound (a long GC is no stalled Postgres)', async () => {
    // answers are awaited DB_STATEMENT_TIMEOUT_MS + 500 ms = 600 ms at most
    const { sql } = await open(1, { DB_STATEMENT_TIMEOUT_MS: '100' });
    const pid = await backendPid(sql);
    const answer = sql.rows<{ one: number }>('test_one', 'SELECT 1 AS one', []);
    await new Promise((resolve) => setImmediate(resolve)); // the batch is written
    const until = Date.now() + 1800;
    while (Date.now() < until) {
      /* blocked, as by a long garbage collection: Postgres has answered, the answer waits unread */
    }
    await expect(answer).resolves.toEqual([{ one: 1 }]);
    expect(await backendPid(sql)).toBe(pid); // the same connection: it was not given up
  });

  it('reads text[] and varchar[] as Postgres wrote them, on the pipelined and the pooled lane (text-arrays.ts)', async () => {
    const { sql, db } = await open(1);
    const arrays: (string | null)[][] = [
      [],
      ['messages:read', 'tasks:write'],
      ['a', null, 'NULL', 'null', ''],
      ['a b', 'c,d', 'e"f', 'g\\h', '{', '}', 'ü 日本'],
    ];
    for (const items of arrays) {
      const text = `SELECT $1::text[] AS t, $1::varchar[] AS v`;
      const [piped] = await sql.rows<{ t: unknown; v: unknown }>('test_text_arrays', text, [items]);
      const [pooled] = await db.query(text, [items]);
      expect({ piped, pooled }).toEqual({ piped: { t: items, v: items }, pooled: { t: items, v: items } });
    }
    // a two-dimensional array still reads as one (the library's path)
    const [nested] = await sql.rows<{ n: unknown }>('test_text_array_2d', `SELECT '{{a,b},{"c d",e}}'::text[] AS n`, []);
    expect(nested.n).toEqual([
      ['a', 'b'],
      ['c d', 'e'],
    ]);
  });

  it('answers every statement issued in one turn with its own rows, on the pipelined connections only', async () => {
    const { sql, pool } = await open(2);
    const poolConnections = pool.totalCount;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => sql.rows<{ n: number }>('test_echo', 'SELECT $1::int AS n', [i])),
    );
    expect(answers.map((rows) => rows[0].n)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const pids = new Set(await Promise.all(Array.from({ length: 50 }, () => backendPid(sql))));
    expect(pids.size).toBeLessThanOrEqual(2);
    expect(pool.totalCount).toBe(poolConnections);
  });

  it('holds statements issued while every connection has a batch in flight, and writes them together once one is answered', async () => {
    const { sql } = await open(1);
    await backendPid(sql); // connected
    const stream = (sql as unknown as { reads: { lanes: Array<{ client: { connection: { stream: NodeJS.WritableStream } } }> } }).reads
      .lanes[0].client.connection.stream;
    const writes: number[] = [];
    const spy = (name: '_write' | '_writev') => {
      const original = (stream as any)[name].bind(stream);
      (stream as any)[name] = (...args: unknown[]) => {
        writes.push(Date.now());
        return original(...args);
      };
    };
    spy('_write');
    spy('_writev');
    // fill the connection: one slow batch per slot, each written in a turn of its own
    const slow: Array<Promise<unknown>> = [];
    for (let i = 0; i < PIPELINE_BATCHES_IN_FLIGHT; i++) {
      slow.push(sql.rows('test_sleep', 'SELECT pg_sleep($1::float8)', [0.3 + i * 0.1]));
      await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).toHaveLength(PIPELINE_BATCHES_IN_FLIGHT);
    // five statements, each issued in a turn of its own while the slow one is in flight
    const held: Array<Promise<Array<{ n: number }>>> = [];
    for (let i = 0; i < 5; i++) {
      held.push(sql.rows<{ n: number }>('test_echo', 'SELECT $1::int AS n', [i]));
      await new Promise((r) => setImmediate(r));
    }
    expect(writes).toHaveLength(PIPELINE_BATCHES_IN_FLIGHT);
    expect((await Promise.all(held)).map((rows) => rows[0].n)).toEqual([0, 1, 2, 3, 4]);
    expect(writes).toHaveLength(PIPELINE_BATCHES_IN_FLIGHT + 1);
    await Promise.all(slow);
    // an idle connection takes a statement at once
    await expect(sql.rows('test_echo', 'SELECT $1::int AS n', [9])).resolves.toEqual([{ n: 9 }]);
    expect(writes).toHaveLength(PIPELINE_BATCHES_IN_FLIGHT + 2);
  });

  it("builds rows as pg does (keys, order, every type's parser, nulls, odd names), the first time and the next ones", async () => {
    const { sql, pool } = await open(1);
    const text = `SELECT gen_random_uuid() IS NOT NULL AS ok, $1::uuid AS id, 'x''"\\y' AS "textValue", NULL::text AS nothing,
      42 AS int4, 9007199254740993::int8 AS int8, 1.50::numeric AS num, true AS flag, '\\x00ff'::bytea AS bytes,
      ARRAY['a', 'b,c']::text[] AS scopes, '{"a":[1,{"b":null}]}'::jsonb AS doc, timestamptz '2026-11-25 18:04:51.123456+00' AS at,
      (timestamptz '2026-11-25 18:04:51.1+00' AT TIME ZONE 'UTC') AS iso, 1.5::float8 AS f`;
    const values = ['0b8f4c1e-8d5a-4a4f-9d1c-3c5e9f0a1b2c'];
    const expected = (await pool.query(text, values)).rows;
    for (let i = 0; i < 3; i++) {
      const rows = await sql.rows<Record<string, unknown>>('test_types', text, values);
      expect(rows).toEqual(expected);
      expect(Object.keys(rows[0])).toEqual(Object.keys(expected[0]));
    }
    // names that are not plain identifiers, repeated names, several rows, no rows
    for (const odd of [
      `SELECT 1 AS "a b", 2 AS "__proto__", 3 AS "é"`,
      `SELECT 1 AS a, 2 AS a`,
      `SELECT g AS n, CASE WHEN g % 2 = 0 THEN NULL ELSE g::text END AS t FROM generate_series(1, 5) g`,
      `SELECT 1 AS n WHERE false`,
    ]) {
      const mine = await sql.rows(`test_odd`, odd, []);
      const again = await sql.rows(`test_odd`, odd, []);
      const theirs = (await pool.query(odd)).rows;
      expect(mine).toEqual(theirs);
      expect(again).toEqual(theirs);
      expect(mine.map((r) => Object.keys(r as object))).toEqual(theirs.map((r) => Object.keys(r)));
    }
  });

  it('sends a Describe for a statement only until the connection knows its rows', async () => {
    const { sql } = await open(1);
    await backendPid(sql); // connected
    const connection = (sql as unknown as { reads: { lanes: Array<{ client: { connection: { stream: NodeJS.WritableStream } } }> } }).reads
      .lanes[0].client.connection;
    const sent: Buffer[] = [];
    const original = (connection.stream as any).write.bind(connection.stream);
    (connection.stream as any).write = (chunk: Buffer, ...rest: unknown[]) => {
      sent.push(Buffer.from(chunk));
      return original(chunk, ...rest);
    };
    const describes = () => {
      // a Describe message: 'D', int32 length, 'P' (portal), the portal name '' (one NUL byte)
      const all = Buffer.concat(sent);
      let n = 0;
      for (let i = 0; i + 6 < all.length; i++)
        if (all[i] === 0x44 && all.readInt32BE(i + 1) === 6 && all[i + 5] === 0x50 && all[i + 6] === 0) n++;
      return n;
    };
    for (let i = 0; i < 4; i++)
      await expect(sql.rows('test_echo_described', 'SELECT $1::int AS n, $2::text AS t', [i, 'x'])).resolves.toEqual([{ n: i, t: 'x' }]);
    expect(describes()).toBe(1);
  });

  it('runs pipelined statements from their generic plans (planned once per connection), and leaves the pool as it is', async () => {
    const { sql, pool } = await open(2);
    for (let i = 0; i < 4; i++) {
      const mode = `SELECT current_setting('plan_cache_mode') AS plan_cache_mode`;
      expect(await sql.rows('test_plan_cache_mode', mode, [])).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
      expect(await sql.committedRows('test_plan_cache_mode', mode, [])).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    }
    expect((await pool.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it("commits the exchange's token insert asynchronously, for that statement alone", async () => {
    const { sql, db } = await open(1);
    const credentialId = await someCredential(db);
    const hash = randomBytes(32);
    const values = [credentialId, hash, ['messages:read'], new Date(Date.now() + 60_000)];
    // Inside the statement (so at its commit) synchronous_commit is off ... (on a pipelined
    // connection of the commit lanes: `rows` takes reads only)
    const [inside] = await sql.committedRows<{ setting: string }>(
      'test_insert_access_token_setting',
      `${ACCESS_TOKEN_INSERT_ASYNC_COMMIT} RETURNING current_setting('synchronous_commit') AS setting`,
      values,
    );
    expect(inside.setting).toBe('off');
    // ... and on the same pipelined connection right after it, it is on again.
    const [after] = await sql.committedRows<{ synchronous_commit: string }>('test_show_sync_commit', SHOW_SYNC_COMMIT, []);
    expect(after.synchronous_commit).toBe('on');
    await sql.committedRows('insert_access_token', ACCESS_TOKEN_INSERT_ASYNC_COMMIT, [
      credentialId,
      randomBytes(32),
      ['messages:read'],
      new Date(),
    ]);
    const stored = await db.query(`SELECT scopes FROM access_tokens WHERE token_hash = $1`, [hash]);
    expect(stored).toEqual([{ scopes: ['messages:read'] }]);
    await db.query(`DELETE FROM access_tokens WHERE credential_id = $1 AND token_hash = $2`, [credentialId, hash]);
  });

  describe("mergeable writes (the exchange's token insert)", () => {
    // Scopes as any text (the per-row array literal must carry whatever it is given).
    const token = (credentialId: string, scopes: readonly string[] = ['messages:read']): NewAccessToken => ({
      credentialId,
      tokenHash: randomBytes(32),
      scopes: scopes as MachineScope[],
      expiresAt: new Date(Date.now() + 60_000),
    });
    const stored = (db: DataSource, rows: NewAccessToken[]) =>
      db.query<Array<{ xid: string; scopes: string[]; credential_id: string; expires_at: Date; token_hash: Buffer }>>(
        `SELECT xmin::text AS xid, scopes, credential_id, expires_at, token_hash FROM access_tokens WHERE token_hash = ANY($1)`,
        [rows.map((r) => r.tokenHash)],
      );
    const cleanUp = (db: DataSource, rows: NewAccessToken[]) =>
      db.query(`DELETE FROM access_tokens WHERE token_hash = ANY($1)`, [rows.map((r) => r.tokenHash)]);

    it('writes the rows issued in one turn in one statement (one transaction), each row as given', async () => {
      const { sql, db } = await open(1);
      const credentialId = await someCredential(db);
      // any text survives the per-row array literal: quotes, backslashes, commas, braces, spaces, NULL-looking words, none
      const odd = [['a"b', 'c\\d'], ['x,y', '{z}'], [' spaced ', 'NULL'], [], ['messages:read', 'tasks:write']];
      const rows = Array.from({ length: 40 }, (_, i) => token(credentialId, odd[i % odd.length]));
      try {
        await Promise.all(rows.map((row) => sql.write(ACCESS_TOKEN_WRITE, row)));
        const found = await stored(db, rows);
        expect(found).toHaveLength(rows.length);
        expect(new Set(found.map((r) => r.xid)).size).toBe(1);
        const byHash = new Map(found.map((r) => [r.token_hash.toString('hex'), r]));
        for (const row of rows) {
          const got = byHash.get(row.tokenHash.toString('hex'))!;
          expect(got.scopes).toEqual(row.scopes);
          expect(got.credential_id).toBe(row.credentialId);
          expect(new Date(got.expires_at).getTime()).toBe(row.expiresAt.getTime());
        }
      } finally {
        await cleanUp(db, rows);
      }
    });

    it(`merges ${MAX_MERGED_ROWS} rows into a statement at most; a lone row goes out as the one-row statement`, async () => {
      const { sql, db } = await open(1);
      const credentialId = await someCredential(db);
      const rows = Array.from({ length: MAX_MERGED_ROWS + 10 }, () => token(credentialId));
      const lone = token(credentialId);
      try {
        await Promise.all(rows.map((row) => sql.write(ACCESS_TOKEN_WRITE, row)));
        const found = await stored(db, rows);
        expect(found).toHaveLength(rows.length);
        const perTransaction = [...found.reduce((m, r) => m.set(r.xid, (m.get(r.xid) ?? 0) + 1), new Map<string, number>()).values()].sort(
          (a, b) => a - b,
        );
        expect(perTransaction).toEqual([10, MAX_MERGED_ROWS]);
        await sql.write(ACCESS_TOKEN_WRITE, lone);
        const [one] = await stored(db, [lone]);
        expect(new Date(one.expires_at).getTime()).toBe(lone.expiresAt.getTime());
        const prepared = await sql.rows<{ statement: string }>('test_prepared', 'SELECT statement FROM pg_prepared_statements', []);
        expect(prepared.map((p) => p.statement)).toEqual(
          expect.arrayContaining([ACCESS_TOKENS_INSERT_ASYNC_COMMIT, ACCESS_TOKEN_INSERT_ASYNC_COMMIT]),
        );
      } finally {
        await cleanUp(db, [...rows, lone]);
      }
    });

    it('refuses a bad row for itself alone: the rows merged with it are written', async () => {
      const { sql, db } = await open(1);
      const credentialId = await someCredential(db);
      const good = Array.from({ length: 6 }, () => token(credentialId));
      const unknownCredential = token('00000000-0000-4000-8000-000000000000'); // foreign key
      const shortHash = { ...token(credentialId), tokenHash: randomBytes(8) }; // check constraint
      const duplicate = { ...token(credentialId), tokenHash: good[0].tokenHash }; // unique, against a row of the same statement
      const all = [good[0], unknownCredential, good[1], good[2], shortHash, good[3], duplicate, good[4], good[5]];
      try {
        const results = await Promise.allSettled(all.map((row) => sql.write(ACCESS_TOKEN_WRITE, row)));
        expect(results.map((r) => r.status)).toEqual([
          'fulfilled',
          'rejected',
          'fulfilled',
          'fulfilled',
          'rejected',
          'fulfilled',
          'rejected',
          'fulfilled',
          'fulfilled',
        ]);
        expect(results[1]).toMatchObject({ reason: { code: '23503' } });
        expect(results[4]).toMatchObject({ reason: { code: '23514' } });
        expect(results[6]).toMatchObject({ reason: { code: '23505' } });
        expect((await stored(db, good)).length).toBe(good.length);
        expect(await stored(db, [unknownCredential, shortHash])).toEqual([]);
      } finally {
        await cleanUp(db, [...good, unknownCredential, shortHash]);
      }
    });

    it('fails the merged rows a lost connection carried without sending them again, then writes on a new connection', async () => {
      const { sql, db } = await open(1);
      const credentialId = await someCredential(db);
      const lanePid = await backendPid(sql);
      const rows = Array.from({ length: 5 }, () => token(credentialId));
      const later = token(credentialId);
      try {
        // the lane is busy with a slow statement; the rows go out behind it, in the second batch in flight
        const slow = sql.rows('test_slow', 'SELECT pg_sleep(1)', []);
        await new Promise((r) => setImmediate(r));
        const writes = Promise.allSettled(rows.map((row) => sql.write(ACCESS_TOKEN_WRITE, row)));
        await new Promise((r) => setTimeout(r, 100));
        await db.query('SELECT pg_terminate_backend($1)', [lanePid]);
        await expect(slow).rejects.toBeDefined();
        const results = await writes;
        expect(results.every((r) => r.status === 'rejected')).toBe(true);
        expect(await stored(db, rows)).toEqual([]);
        let written = false;
        for (let attempt = 0; attempt < 20 && !written; attempt++) {
          written = await sql.write(ACCESS_TOKEN_WRITE, later).then(
            () => true,
            () => new Promise<boolean>((r) => setTimeout(() => r(false), 50)),
          );
        }
        expect(await stored(db, [later])).toHaveLength(1);
      } finally {
        await cleanUp(db, [...rows, later]);
      }
    });

    it('commits the merged insert asynchronously too, for that statement alone', async () => {
      const { sql, db } = await open(1);
      const credentialId = await someCredential(db);
      const rows = [token(credentialId), token(credentialId)];
      try {
        const inside = await sql.committedRows<{ setting: string }>(
          'test_insert_access_tokens_setting',
          `${ACCESS_TOKENS_INSERT_ASYNC_COMMIT} RETURNING current_setting('synchronous_commit') AS setting`,
          ACCESS_TOKEN_WRITE.manyValues(rows),
        );
        expect(inside.map((r) => r.setting)).toEqual(['off', 'off']);
        const [after] = await sql.committedRows<{ synchronous_commit: string }>('test_show_sync_commit', SHOW_SYNC_COMMIT, []);
        expect(after.synchronous_commit).toBe('on');
      } finally {
        await cleanUp(db, rows);
      }
    });

    it('writes through the pool, one row a statement, when DB_PIPELINE_CONNECTIONS is 0', async () => {
      const { sql, db } = await open(0);
      const credentialId = await someCredential(db);
      const rows = Array.from({ length: 3 }, () => token(credentialId));
      try {
        await Promise.all(rows.map((row) => sql.write(ACCESS_TOKEN_WRITE, row)));
        const found = await stored(db, rows);
        expect(found).toHaveLength(3);
        expect(new Set(found.map((r) => r.xid)).size).toBe(3);
      } finally {
        await cleanUp(db, rows);
      }
    });
  });

  it('passes uuid, bytea and timestamptz arrays built as literals (sql.ts) to Postgres unchanged', async () => {
    const { db } = await open(0);
    const ids = [randomUUID(), randomUUID()];
    const bytes = [Buffer.from([0, 0x5c, 0x22, 0x2c, 0x7b, 0xff]), randomBytes(32), Buffer.alloc(0)];
    // ms precision, a date before 1970, one in another century
    const dates = [new Date('2026-11-28T06:15:42.123Z'), new Date('1969-07-20T20:17:40.007Z'), new Date('2199-01-01T00:00:00.999Z')];
    const [row] = await db.query<Array<{ ids: string[]; dates: Date[] }>>('SELECT $1::uuid[] AS ids, $2::timestamptz[] AS dates', [
      uuidArrayLiteral(ids),
      timestamptzArrayLiteral(dates),
    ]);
    expect(row.ids).toEqual(ids);
    const [hex] = await db.query<Array<{ hex: string[] }>>(`SELECT array(SELECT encode(b, 'hex') FROM unnest($1::bytea[]) b) AS hex`, [
      byteaArrayLiteral(bytes),
    ]);
    expect(hex.hex).toEqual(bytes.map((b) => b.toString('hex')));
    expect(row.dates.map((d) => new Date(d).getTime())).toEqual(dates.map((d) => d.getTime()));
  });

  it('names each prepared statement after its text, so one label on two texts cannot collide', async () => {
    const { sql } = await open(1);
    const [a] = await sql.rows<{ v: number }>('test_same_label', 'SELECT 1 AS v', []);
    const [b] = await sql.rows<{ v: number }>('test_same_label', 'SELECT 2 AS v', []);
    expect([a.v, b.v]).toEqual([1, 2]);
    expect(statementName('SELECT 1 AS v')).toBe(statementName('SELECT 1 AS v'));
    expect(statementName('SELECT 1 AS v')).not.toBe(statementName('SELECT 2 AS v'));
    expect(statementName('SELECT 1 AS v')).toMatch(/^s_[0-9a-f]{24}$/);
  });

  it('refuses to start, naming what changed, when the driver internals it relies on are gone', async () => {
    const { db } = await open(0);
    expect(() => assertDriverInternals(db)).not.toThrow();
    const driver = db.driver as unknown as { master: unknown };
    const master = driver.master;
    driver.master = undefined;
    try {
      expect(() => assertDriverInternals(db)).toThrow(/TypeORM's PostgresDriver no longer exposes its pg Pool as `master`/);
    } finally {
      driver.master = master;
    }
    // PipelinedQuery's overrides: a pg whose Query no longer reads rows through them is refused
    const proto = Query.prototype as unknown as { handleDataRow?: unknown };
    const handleDataRow = proto.handleDataRow;
    delete proto.handleDataRow;
    try {
      expect(() => assertDriverInternals(db)).toThrow(/pg's Query no longer has a `handleDataRow` method/);
    } finally {
      proto.handleDataRow = handleDataRow;
    }
    // PipelinedTransaction's release of a broken connection: a QueryRunner without it is refused too
    const create = db.createQueryRunner.bind(db);
    db.createQueryRunner = () => Object.assign(create(), { releasePostgresConnection: undefined });
    try {
      expect(() => assertDriverInternals(db)).toThrow(/TypeORM's QueryRunner no longer has `releasePostgresConnection\(err\)`/);
    } finally {
      db.createQueryRunner = create;
    }
  });

  it('sends durable writes on connections of their own: a write held up (by its flush, here by a lock) delays no read', async () => {
    const { sql, db } = await open(1);
    const table = `prepared_sql_${randomBytes(4).toString('hex')}`;
    await db.query(`CREATE TABLE ${table} (n int)`);
    const locker = new Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE ${table} IN SHARE MODE`);
      const held = sql.committedRows<{ n: number }>('test_insert', `INSERT INTO ${table} (n) VALUES ($1) RETURNING n`, [1]);
      const writer = await eventually(async () => {
        // Asked on another connection: the locker's transaction sees pg_stat_activity as of its first look.
        const [row] = await db.query(
          `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO ${table}%'`,
        );
        expect(row).toBeDefined();
        return row.pid as number;
      });
      // With the write on the one pipelined connection, this read would wait behind it until the lock goes.
      const reads = await Promise.all(
        Array.from({ length: 5 }, (_, i) => sql.rows<{ n: number }>('test_echo', 'SELECT $1::int AS n', [i])),
      );
      expect(reads.map((r) => r[0].n)).toEqual([0, 1, 2, 3, 4]);
      expect(await backendPid(sql)).not.toBe(writer);
      expect(await Promise.race([held.then(() => 'written'), new Promise((r) => setTimeout(() => r('still waiting'), 100))])).toBe(
        'still waiting',
      );
      await locker.query('COMMIT');
      expect(await held).toEqual([{ n: 1 }]);
    } finally {
      await locker.end();
      await db.query(`DROP TABLE ${table}`);
    }
  });

  it('sends durable writes through the pool too when DB_PIPELINE_CONNECTIONS is 0', async () => {
    const { sql } = await open(0);
    const pids = new Set(
      await Promise.all(
        Array.from({ length: 10 }, () =>
          sql.committedRows<{ pid: number }>('test_sleep_pid', 'SELECT pg_backend_pid() AS pid, pg_sleep(0.05)', []).then((r) => r[0].pid),
        ),
      ),
    );
    expect(pids.size).toBeGreaterThan(2);
  });

  it('uses the pool when DB_PIPELINE_CONNECTIONS is 0', async () => {
    const { sql, pool } = await open(0);
    const pids = new Set(
      await Promise.all(
        Array.from({ length: 20 }, () =>
          sql.rows<{ pid: number }>('test_sleep_pid', 'SELECT pg_backend_pid() AS pid, pg_sleep(0.05)', []).then((r) => r[0].pid),
        ),
      ),
    );
    expect(pids.size).toBeGreaterThan(2);
    expect(pool.totalCount).toBeGreaterThan(2);
  });

  it('rejects only the statement that fails; its neighbours in the batch are answered', async () => {
    const { sql } = await open(1);
    const results = await Promise.allSettled([
      sql.rows<{ n: number }>('test_echo', 'SELECT $1::int AS n', [1]),
      sql.rows('test_divide', 'SELECT 1 / $1::int AS n', [0]),
      sql.rows<{ n: number }>('test_echo', 'SELECT $1::int AS n', [3]),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(results[2]).toEqual({ status: 'fulfilled', value: [{ n: 3 }] });
    // and the connection carries on
    await expect(sql.rows('test_echo', 'SELECT $1::int AS n', [4])).resolves.toEqual([{ n: 4 }]);
  });

  describe('reads sharing a Sync (ReadGroup)', () => {
    /** A read that tells which transaction it ran in (a group shares one) and what it was asked. */
    const TAGGED = 'SELECT $1::int AS n, transaction_timestamp()::text AS tx';
    const tagged = (sql: PreparedSql, n: number) => sql.rows<{ n: number; tx: string }>('test_tagged', TAGGED, [n]);
    const DIVIDE = 'SELECT 1 / $1::int AS n, transaction_timestamp()::text AS tx';
    /** Statements are grouped only once the connection has parsed them: parse them first, one turn each. */
    const warm = async (sql: PreparedSql) => {
      await tagged(sql, 0);
      await sql.rows('test_divide_tagged', DIVIDE, [1]);
    };

    it(`sends the reads of a batch with one Sync per ${MAX_READ_GROUP} once parsed: each group one implicit transaction`, async () => {
      const { sql } = await open(1);
      // unparsed: each read its own Sync, so its own transaction
      const first = await Promise.all([0, 1, 2].map((n) => tagged(sql, n)));
      expect(new Set(first.map(([r]) => r.tx)).size).toBe(3);
      // parsed: 40 reads of one turn go out as groups of 16, 16 and 8, each answered with its own rows
      const count = 2 * MAX_READ_GROUP + 8;
      const answers = await Promise.all(Array.from({ length: count }, (_, n) => tagged(sql, n)));
      expect(answers.map(([r]) => r.n)).toEqual(Array.from({ length: count }, (_, n) => n));
      const groups = answers.map(([r]) => r.tx).reduce<string[]>((txs, tx) => (txs.at(-1) === tx ? txs : [...txs, tx]), []);
      expect(groups).toHaveLength(3);
      expect(new Set(groups).size).toBe(3);
      // the commit lanes never group: their statements are one-statement writes
      await sql.committedRows('test_tagged', TAGGED, [0]);
      const commits = await Promise.all([0, 1, 2].map((n) => sql.committedRows<{ tx: string }>('test_tagged', TAGGED, [n])));
      expect(new Set(commits.map(([r]) => r.tx)).size).toBe(3);
    });

    it('gives each read of a group its own snapshot: a read sees what committed before it started', async () => {
      const { sql, db } = await open(1);
      await db.query('CREATE TABLE IF NOT EXISTS test_read_groups (n int)');
      try {
        await db.query('TRUNCATE test_read_groups');
        const COUNT = 'SELECT count(*)::int AS n, transaction_timestamp()::text AS tx FROM test_read_groups';
        const SLEEP = 'SELECT pg_sleep($1::float8)::text AS slept, transaction_timestamp()::text AS tx';
        await sql.rows('test_count_rows', COUNT, []);
        await sql.rows('test_sleep_tagged', SLEEP, [0]);
        const reads = Promise.all([
          sql.rows<{ n: number; tx: string }>('test_count_rows', COUNT, []),
          sql.rows<{ tx: string }>('test_sleep_tagged', SLEEP, [0.4]),
          sql.rows<{ n: number; tx: string }>('test_count_rows', COUNT, []),
        ]);
        await new Promise((r) => setTimeout(r, 150));
        await db.query('INSERT INTO test_read_groups (n) VALUES (1)'); // commits while the group sleeps
        const [[before], [slept], [after]] = await reads;
        expect(new Set([before.tx, slept.tx, after.tx]).size).toBe(1); // one group
        expect(before.n).toBe(0);
        expect(after.n).toBe(1);
      } finally {
        await db.query('DROP TABLE IF EXISTS test_read_groups');
      }
    });

    it('refuses only the read that fails; the reads Postgres skipped after it are sent again and answered', async () => {
      const { sql } = await open(1);
      await warm(sql);
      const results = await Promise.allSettled([
        tagged(sql, 1),
        tagged(sql, 2),
        sql.rows('test_divide_tagged', DIVIDE, [0]),
        tagged(sql, 4),
        tagged(sql, 5),
      ]);
      const value = (i: number) => (results[i] as PromiseFulfilledResult<Array<{ n: number; tx: string }>>).value[0];
      expect(results[2]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      expect([0, 1, 3, 4].map((i) => value(i).n)).toEqual([1, 2, 4, 5]);
      expect(value(1).tx).toBe(value(0).tx); // the group
      expect(value(3).tx).not.toBe(value(0).tx); // sent again, in a group of their own
      expect(value(4).tx).toBe(value(3).tx);
      // and the connection carries on, grouping as before
      const next = await Promise.all([6, 7].map((n) => tagged(sql, n)));
      expect(next.map(([r]) => r.n)).toEqual([6, 7]);
      expect(next[1][0].tx).toBe(next[0][0].tx);
    });

    it('refuses the read that kills its connection inside a group, never answers the rest wrongly, then answers on a new connection', async () => {
      const { sql } = await open(1);
      await warm(sql);
      const lanePid = await backendPid(sql);
      // one statement, parsed first without killing, so that the killing run joins the group
      const KILL = 'SELECT (CASE WHEN $1::bool THEN pg_terminate_backend(pg_backend_pid()) ELSE false END)::text AS killed';
      await expect(sql.rows('test_kill_self', KILL, [false])).resolves.toEqual([{ killed: 'false' }]);
      const results = await Promise.allSettled([tagged(sql, 1), sql.rows('test_kill_self', KILL, [true]), tagged(sql, 3)]);
      expect(results[0]).toMatchObject({ status: 'fulfilled' });
      expect(results[1].status).toBe('rejected');
      // the read after the kill either failed with the connection or was sent again on a new one: never a wrong answer
      if (results[2].status === 'fulfilled') expect(results[2].value).toEqual([{ n: 3, tx: expect.any(String) }]);
      let pid: number | undefined;
      for (let attempt = 0; attempt < 20 && pid === undefined; attempt++) {
        pid = await backendPid(sql).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 50)));
      }
      expect(pid).not.toBe(lanePid);
      await expect(tagged(sql, 9)).resolves.toEqual([{ n: 9, tx: expect.any(String) }]);
    });

    it('takes reads only: a statement that is not a SELECT is refused before it is sent', async () => {
      const { sql } = await open(1);
      expect(() => sql.rows('test_insert', 'INSERT INTO test_nothing VALUES (1)', [])).toThrow(/takes reads only/);
      expect(() => sql.rows('test_show', 'SHOW synchronous_commit', [])).toThrow(/takes reads only/);
      expect(() => sql.rows('test_lock', 'SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [randomUUID()])).toThrow(/takes reads only/);
      expect(() => sql.rows('test_lock', 'SELECT id FROM workspaces w FOR KEY SHARE OF w', [])).toThrow(/takes reads only/);
    });
  });

  it("utcIso renders Postgres's text of a UTC time exactly as isoColumn's to_char does", async () => {
    const { db } = await open(0);
    const micros = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12000, 99999, 100000, 120000, 123456, 500000, 999000, 999999];
    const samples: string[] = [];
    for (const year of [1, 999, 1970, 2000, 2026, 9999]) {
      for (const us of micros)
        samples.push(
          `${String(year).padStart(4, '0')}-0${1 + (us % 9)}-1${us % 10} 2${us % 4}:${10 + (us % 50)}:0${us % 10}.${String(us).padStart(6, '0')}+00`,
        );
    }
    for (let i = 0; i < 2000; i++) {
      const at = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 2_000_000_000_000)).toISOString().slice(0, 19);
      samples.push(`${at}.${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}+00`);
    }
    const rows = await db.query<Array<{ expected: string; text: string }>>(
      `SELECT to_char(x AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expected, (x AT TIME ZONE 'UTC')::text AS text
         FROM unnest($1::timestamptz[]) AS x`,
      [samples],
    );
    expect(rows).toHaveLength(samples.length);
    for (const { expected, text } of rows) expect(utcIso(text)).toBe(expected);
    expect(rows.some((r) => /\.\d{1,5}$/.test(r.text)) && rows.some((r) => r.text.length === 19)).toBe(true); // trimmed fractions were met
    for (const odd of [
      'infinity',
      '-infinity',
      '10000-01-01 00:00:00',
      '0001-01-01 00:00:00 BC',
      '2026-11-29T07:00:00',
      '2026-11-29 07:00:00.',
      '',
    ]) {
      expect(() => utcIso(odd)).toThrow(/not a timestamp in ISO style/);
    }
  });

  it('sends deep pages to the pool, shallow ones down the pipeline', async () => {
    const { sql } = await open(1);
    const lanePid = await backendPid(sql);
    const page = (offset: number) =>
      sql.pageRows<{ pid: number }>('test_page_pid', 'SELECT pg_backend_pid() AS pid', [], offset).then((r) => r[0].pid);
    expect(await page(PIPELINED_MAX_OFFSET)).toBe(lanePid);
    expect(await page(PIPELINED_MAX_OFFSET + 1)).not.toBe(lanePid);
  });

  it('fails what a lost connection carried, then reconnects for the next statement', async () => {
    const { sql } = await open(1);
    const lanePid = await backendPid(sql);
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [lanePid]);
    } finally {
      await admin.end();
    }
    // The first statement after the kill may still go to the dying socket; it must fail, not hang.
    let pid: number | undefined;
    for (let attempt = 0; attempt < 20 && pid === undefined; attempt++) {
      pid = await backendPid(sql).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 50)));
    }
    expect(pid).toBeDefined();
    expect(pid).not.toBe(lanePid);
  });

  it('refuses statements once shut down, and leaves no pipelined connection open', async () => {
    const { sql, db } = await open(2);
    const lanePids = new Set(await Promise.all(Array.from({ length: 10 }, () => backendPid(sql))));
    await sql.onApplicationShutdown();
    await expect(backendPid(sql)).rejects.toThrow(/shutting down/);
    // a backend exits just after its client has said goodbye
    await eventually(
      async () => expect(await db.query('SELECT pid FROM pg_stat_activity WHERE pid = ANY($1)', [[...lanePids]])).toEqual([]),
      { timeoutMs: 2000, what: 'the pipelined backends to exit' },
    );
  });
});
