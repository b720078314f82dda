import { Client } from 'pg';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/core/common/problem/dependency-unavailable';
import { APPLICATION_NAME } from '../src/core/database/data-source-options';
import { issueToken, makeFleetOwner } from './enrollment-support';
import { databaseLoad, runLoad } from './support/database-load';
import { eventually } from './support/eventually';
import { ReplicatedPostgres } from './support/replicated-postgres';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the primary is gone before the standby is promoted: what a failover manager takes to decide. */
const DECISION_MS = 1000;
/**
 * Every request during the switch answers within this: 503 at once (a refused connection, a
 * standby that is read-only), below every timeout of the service (the 2.5 s connect timeout, the
 * 2.5 s answer bound), with room for a test host that runs other suites at the same time.
 */
const ANSWER_WITHIN_MS = 2000;
/** Full service within this of the promotion. */
const BACK_WITHIN_MS = 2000;

/**
 * A Postgres primary switch under load (issue 59 point 3, ADR 0276): the service's DATABASE_URL
 * lists the primary and its synchronous standby with target_session_attrs=read-write; the
 * primary is killed (immediate shutdown, as a crash), the standby promoted a second later. Every
 * request meanwhile answers 503 database_unavailable with Retry-After, at once; the service
 * is back on the new primary within BACK_WITHIN_MS of the promotion without a restart; every
 * write acknowledged (201) before, during or after the switch is on the new primary.
 */
describe('a Postgres primary switch', () => {
  const pg = new ReplicatedPostgres(true);
  let t: TestApp;
  let base: string;
  let op: Operator;
  let key: string;
  let token: string;

  beforeAll(async () => {
    await pg.create();
    t = await createTestApp({ env: { DATABASE_URL: pg.url, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
    op = await makeFleetOwner(t, 'enterprise');
    key = op.reg.apiKey;
    token = (await issueToken(t, op, { max_claims: 100000 })).token;
  }, 90_000);
  afterAll(async () => {
    await Promise.race([t?.close(), sleep(20_000)]);
    await pg.destroy();
  }, 60_000);

  const { kinds, messages, serials } = databaseLoad(() => ({ base, key, token, cookie: op.cookie }));

  it(`answers 503 within ${ANSWER_WITHIN_MS} ms while there is no primary, is back within ${BACK_WITHIN_MS} ms of the promotion, loses no acknowledged write`, async () => {
    const { samples, stop } = runLoad(kinds);
    await sleep(1500);
    const before = { messages: messages.length, claims: serials.length };
    const lostAt = Date.now();
    await pg.killPrimary();
    const killed = Date.now() - lostAt;
    await sleep(DECISION_MS);
    const promoteStarted = Date.now();
    await pg.promoteStandby();
    const promotedAt = Date.now();

    // every kind answers 200/201 to a request sent after the promotion
    const firstSuccess: Record<string, number> = {};
    while (Object.keys(firstSuccess).length < Object.keys(kinds).length && Date.now() - promotedAt < 10_000) {
      for (const s of samples) {
        if (s.at >= promotedAt && (s.status === 200 || s.status === 201)) firstSuccess[s.kind] ??= s.at + s.ms - promotedAt;
      }
      await sleep(20);
    }
    await sleep(1000);
    await stop();

    const during = samples.filter((s) => s.at + s.ms >= lostAt && s.at <= promotedAt + Math.max(0, ...Object.values(firstSuccess)));
    const refused = during.filter((s) => s.status !== 200 && s.status !== 201);
    // from when the primary was surely gone (pg_ctl stop returned) to the first request sent since that succeeded
    const goneAt = lostAt + killed;
    const firstAfterLoss =
      Math.min(...samples.filter((s) => s.at >= goneAt && (s.status === 200 || s.status === 201)).map((s) => s.at + s.ms)) - goneAt;
    const statuses = [...new Set(during.map((s) => s.status))].sort();
    const slowestRefusal = Math.max(0, ...refused.map((s) => s.ms));
    const calm = samples
      .filter((s) => s.at + s.ms < lostAt)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const calmP99 = calm[Math.floor(calm.length * 0.99)];
    const slowest = [...refused]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((s) => `${s.kind} sent at ${s.at - lostAt} ms: ${s.ms} ms`);

    // every acknowledged write is on the new primary
    const check = new Client({ connectionString: pg.urlOf(pg.standbyPort) });
    await check.connect();
    let lostMessages: number;
    let lostClaims: number;
    try {
      const found = await check.query<{ n: string }>(`SELECT count(DISTINCT body) AS n FROM messages WHERE body = ANY($1::text[])`, [
        messages,
      ]);
      lostMessages = messages.length - Number(found.rows[0].n);
      const claimed = await check.query<{ n: string }>(
        `SELECT count(DISTINCT serial_number) AS n FROM enrollment_claims WHERE serial_number = ANY($1::text[])`,
        [serials],
      );
      lostClaims = serials.length - Number(claimed.rows[0].n);
    } finally {
      await check.end();
    }
    process.stdout.write(
      `[postgres-failover] primary killed (pg_ctl stop -m immediate took ${killed} ms), standby promoted ${DECISION_MS} ms later (pg_ctl promote took ${promotedAt - promoteStarted} ms): ` +
        `(before it, p99 ${calmP99} ms over ${calm.length} requests): first success ${firstAfterLoss} ms after the primary was gone; every kind back after the promotion in ms ${JSON.stringify(firstSuccess)}; ` +
        `${during.length} requests during the switch, statuses ${JSON.stringify(statuses)}, ${refused.length} refused, slowest refusals ${slowest.join(', ')}; ` +
        `acknowledged writes lost: ${lostMessages + lostClaims} (${lostMessages} of ${messages.length} messages, ${lostClaims} of ${serials.length} claims; ` +
        `${before.messages} and ${before.claims} before the loss); no restart (one process throughout)\n`,
    );

    expect(Object.keys(firstSuccess).sort()).toEqual(Object.keys(kinds).sort());
    expect(Math.max(...Object.values(firstSuccess))).toBeLessThan(BACK_WITHIN_MS);
    for (const s of refused) {
      expect(s.status).toBe(503);
      expect(s.detail).toBe('database_unavailable');
      expect(s.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    }
    expect(refused.length).toBeGreaterThan(0); // the switch was real for the clients
    expect(slowestRefusal).toBeLessThan(ANSWER_WITHIN_MS);
    expect(lostMessages + lostClaims).toBe(0);
    expect(messages.length).toBeGreaterThan(before.messages); // writes were acknowledged after the switch too
  }, 60_000);

  it('closes the connections a server turned read-only refused (25006) and answers 503 until it takes writes again', async () => {
    const admin = new Client({ host: '127.0.0.1', port: pg.standbyPort, user: 'postgres', database: 'postgres' });
    await admin.connect();
    const pids = async () =>
      (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [APPLICATION_NAME])).rows.map(
        (r) => r.pid,
      );
    try {
      expect((await kinds['machine write']()).status).toBe(201);
      const before = await pids();
      await admin.query(`ALTER SYSTEM SET default_transaction_read_only = on`);
      await admin.query(`SELECT pg_reload_conf()`);
      await sleep(300);
      const refused = await Promise.all(Array.from({ length: 8 }, () => kinds['machine write']()));
      for (const s of refused) {
        expect(s.status).toBe(503);
        expect(s.detail).toBe('database_unavailable');
        expect(s.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      }
      // the connections that were refused are closed, not used again
      const closed = await eventually(
        async () => {
          const after = await pids();
          const gone = before.filter((pid) => !after.includes(pid));
          expect(gone.length).toBeGreaterThan(0);
          return gone.length;
        },
        { what: 'the refused connections to close' },
      );
      await admin.query(`ALTER SYSTEM RESET default_transaction_read_only`);
      await admin.query(`SELECT pg_reload_conf()`);
      const resetAt = Date.now();
      await eventually(async () => expect((await kinds['machine write']()).status).toBe(201), { what: 'writes to succeed again' });
      process.stdout.write(
        `[postgres-failover] server set read-only: ${refused.length} writes answered 503 database_unavailable, ${closed} of the service's ${before.length} connections closed; writes back ${Date.now() - resetAt} ms after it took writes again\n`,
      );
    } finally {
      await admin.end();
    }
  }, 30_000);
});
