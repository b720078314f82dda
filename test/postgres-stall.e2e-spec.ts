import { Client } from 'pg';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/core/common/problem/dependency-unavailable';
import { ANSWER_GRACE_MS, APPLICATION_NAME } from '../src/core/database/data-source-options';
import { issueToken, makeFleetOwner } from './enrollment-support';
import { databaseLoad, runLoad, type Sample } from './support/database-load';
import { eventually } from './support/eventually';
import { OwnPostgres } from './support/own-infra';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service's statement timeout in this suite, and what it makes the bound of every wait: below
 * the default (2000), so that the 3 s bound holds with room to spare on a test host that runs other
 * suites at the same time (the default's 2.5 s bound measured 2.6-2.8 s here on a quiet host).
 */
const STATEMENT_TIMEOUT_MS = 1500;
const ANSWER_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + ANSWER_GRACE_MS;
/** Issue 51: every request during a stall answers within 3 s. */
const ANSWER_WITHIN_MS = 3000;
/** Long enough for connections opened during the stall to stall again (more than twice the answer timeout). */
const STALL_MS = 7000;

/**
 * Postgres stalled (every process SIGSTOPped: connections stay open, nothing answers), while
 * every kind of database work flows: machine reads (the pipelined read lanes), machine writes
 * (the commit lanes), claims (pooled transactions), operator reads (the pool) and /ready. Issue
 * 51, item 1 and ADR 0231: every request answers within 3 s (503 database_unavailable with
 * Retry-After), full service within 1 s of Postgres answering again, no acknowledged write lost,
 * memory bounded.
 */
describe('requests while Postgres is stalled', () => {
  const pg = new OwnPostgres();
  let t: TestApp;
  let base: string;
  let op: Operator;
  let key: string;
  let token: string;

  beforeAll(async () => {
    await pg.create();
    t = await createTestApp({
      env: { DATABASE_URL: pg.url, API_RATE_LIMIT: '1000000', DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) },
    });
    base = await t.listen();
    op = await makeFleetOwner(t, 'enterprise');
    key = op.reg.apiKey;
    token = (await issueToken(t, op, { max_claims: 100000 })).token;
  }, 90_000);
  afterAll(async () => {
    pg.resume();
    await Promise.race([t?.close(), sleep(20_000)]);
    await pg.destroy();
  }, 60_000);

  const load = databaseLoad(() => ({ base, key, token, cookie: op.cookie }));
  const acknowledged = load.messages;
  const kinds: Record<string, () => Promise<Sample>> = {
    ...load.kinds,
    ready: () => load.call('ready', '/ready'),
  };

  it(`answers every request within ${ANSWER_WITHIN_MS} ms during a ${STALL_MS / 1000} s stall, serves all within 1 s of Postgres answering again, loses no acknowledged write`, async () => {
    const { samples, stop } = runLoad(kinds);
    await sleep(500);
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const memory = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 200);
    pg.pause();
    const pausedAt = Date.now();
    await sleep(STALL_MS);
    pg.resume();
    const resumedAt = Date.now();
    clearInterval(memory);
    // When Postgres itself answers a new connection again: on a small host that takes a few hundred
    // ms after SIGCONT (every backend of a connection given up during the stall wakes to read its
    // last statement and exit, ~40 ms of CPU each, measured), and it bounds any client's recovery.
    const postgresBack = (async () => {
      const c = new Client({ connectionString: pg.url });
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return Date.now() - resumedAt;
    })();

    // full service within 1 s of the resume: every kind answers 200/201 to a request sent now
    const firstSuccess: Record<string, number> = {};
    const afterResume: string[] = [];
    while (Object.keys(firstSuccess).length < Object.keys(kinds).length && Date.now() - resumedAt < 10_000) {
      await Promise.all(
        Object.entries(kinds).map(async ([kind, fire]) => {
          if (firstSuccess[kind] !== undefined) return;
          const s = await fire();
          afterResume.push(`${kind} ${s.at - resumedAt}+${s.ms} ${s.status}`);
          if (s.status === 200 || s.status === 201) firstSuccess[kind] = Date.now() - resumedAt;
        }),
      );
      await sleep(20);
    }
    await sleep(300);
    await stop();
    const postgresBackMs = await postgresBack;

    // every request that started while Postgres was stalled, or was in flight when it stalled
    const during = samples.filter((s) => s.at + s.ms >= pausedAt && s.at <= resumedAt);
    // How long each waited on the stall: from when it was sent, or from the stall for one already in
    // flight. A request the test host had kept busy for a second before the stall (CI runs several
    // suites at once) still answers within the bound of the stall's own making.
    const waited = (s: Sample) => s.at + s.ms - Math.max(s.at, pausedAt);
    const slowest = Math.max(...during.map(waited));
    const byKind = Object.fromEntries(
      Object.keys(kinds).map((kind) => {
        const of = during.filter((s) => s.kind === kind);
        return [
          kind,
          {
            requests: of.length,
            slowestMs: Math.max(...of.map(waited)),
            slowestTotalMs: Math.max(...of.map((s) => s.ms)),
            statuses: [...new Set(of.map((s) => s.status))].sort(),
          },
        ];
      }),
    );
    process.stdout.write(
      `[postgres-stall] ${STALL_MS} ms stall, answer timeout ${ANSWER_TIMEOUT_MS} ms: ${during.length} requests, slowest ${slowest} ms; ` +
        `${JSON.stringify(byKind)}; Postgres answered a new connection ${postgresBackMs} ms after the resume; ` +
        `service back after the resume in ms ${JSON.stringify(firstSuccess)} (${afterResume.join(', ')}); ` +
        `heap ${(heapBefore / 1e6).toFixed(0)} -> peak ${(heapPeak / 1e6).toFixed(0)} MB; ${acknowledged.length} writes acknowledged\n`,
    );
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    // full service within 1 s of Postgres answering again, and within 2 s of the SIGCONT whatever the host
    const backMs = Math.max(...Object.values(firstSuccess));
    expect(backMs - postgresBackMs).toBeLessThan(1000);
    expect(backMs).toBeLessThan(2000);
    expect(Object.keys(firstSuccess).sort()).toEqual(Object.keys(kinds).sort());
    for (const s of during) {
      if (s.status === 200 || s.status === 201) continue;
      expect(s.status).toBe(503);
      if (s.kind === 'ready') continue; // /ready's own report: repo error, not a problem document
      expect(s.detail).toBe('database_unavailable');
      expect(s.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    }
    // each kind was refused during the stall (the stall was real for it), not just slow
    for (const kind of Object.keys(kinds)) expect(byKind[kind].statuses).toContain(503);
    // a stall does not pile up requests in memory: they are answered as they come
    expect(heapPeak - heapBefore).toBeLessThan(100e6);

    // no acknowledged write lost
    const check = new Client({ connectionString: pg.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ body: string }>(`SELECT body FROM messages WHERE body = ANY($1::text[])`, [acknowledged]);
      expect(new Set(rows.map((r) => r.body)).size).toBe(acknowledged.length);
      // and nothing of the service's is left mid-statement on the server: abandoned connections were closed
      await eventually(
        async () => {
          const active = await check.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND now() - query_start > interval '5 seconds'`,
            [APPLICATION_NAME],
          );
          expect(Number(active.rows[0].n)).toBe(0);
        },
        { timeoutMs: 3000 },
      );
    } finally {
      await check.end();
    }
  }, 60_000);
});
