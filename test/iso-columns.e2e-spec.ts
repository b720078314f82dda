import { Client } from 'pg';
import { isoColumn, isoFromTimestamp } from '../src/core/database/sql';
import { makeWorkspace } from './support/builders';
import { createTestApp, type TestApp } from './support/test-app';

const TO_CHAR = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * isoColumn: Postgres sends a UTC `timestamp` and Node formats it (it used to be Postgres's
 * to_char). The bytes must be the ones to_char gave, for every timestamp the service can hold.
 */
describe('isoColumn', () => {
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(() => db.end());

  it("renders what to_char rendered, for 20,000 random instants and the edges (no fraction, short fractions, .999999, far years, ±infinity)", async () => {
    const { rows } = await db.query<{ formatted: string | null; by_postgres: string | null }>(
      `WITH v(ts) AS (
         SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '200 years' FROM generate_series(1, 10000)
         UNION ALL SELECT date_trunc('second', now()) - g * interval '1 second' FROM generate_series(1, 100) g
         UNION ALL SELECT now() - g * interval '1 millisecond' FROM generate_series(1, 9900) g
         UNION ALL VALUES (timestamptz '2026-11-25 18:04:51+00'), ('2026-11-25 18:04:51.1+00'), ('2026-11-25 18:04:51.12+00'),
           ('2026-11-25 18:04:51.999999+00'), ('2026-11-25 18:04:51.0005+00'), ('2026-11-25 23:59:59.999999-05'),
           ('0099-01-01 00:00:00.5+00'), ('0044-03-15 12:00:00+00 BC'), ('12345-06-07 08:09:10.11+00'), ('infinity'), ('-infinity')
       )
       SELECT ${isoColumn('v', 'ts').replace(' AS ts', ' AS formatted')}, to_char(v.ts AT TIME ZONE 'UTC', ${TO_CHAR}) AS by_postgres FROM v`,
    );
    expect(rows).toHaveLength(20011);
    const differing = rows.filter((r) => r.formatted !== r.by_postgres);
    expect(differing).toEqual([]);
  });

  it('refuses a timestamp text of another DateStyle instead of misreading it', () => {
    expect(() => isoFromTimestamp('11/25/2026 18:04:51.123456')).toThrow(/DateStyle/);
    expect(isoFromTimestamp('2026-11-25 18:04:51.123456')).toBe('2026-11-25T18:04:51.123Z');
  });

  it("holds because the schema has no `timestamp without time zone` column (the parser is pg's, for every query)", async () => {
    const { rows } = await db.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('the machine list and insert answer ISO 8601 UTC milliseconds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('POST and GET /api/v1/messages give the stored instant as to_char rendered it', async () => {
    const w = await makeWorkspace(t);
    const created = (await t.http().post('/api/v1/messages').set('x-agent-api-key', w.apiKey).send({ body: 'when' }).expect(201)).body.message;
    const listed = (await t.http().get('/api/v1/messages?limit=1').set('x-agent-api-key', w.apiKey).expect(200)).body.messages[0];
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const [{ iso }] = (await db.query(`SELECT to_char(inserted_at AT TIME ZONE 'UTC', ${TO_CHAR}) AS iso FROM messages WHERE id = $1`, [created.id])).rows;
      expect(created.inserted_at).toBe(iso);
      expect(listed).toEqual(created);
      expect(created.inserted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await db.end();
    }
  });
});
