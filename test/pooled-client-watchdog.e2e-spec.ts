import { Pool, type PoolConfig } from 'pg';
import { ConnectGate, PooledClient } from '../src/core/database/data-source-options';

const ANSWER_TIMEOUT_MS = 300;

/** A pool of one PooledClient with the answer watchdog (ADR 0231) at ANSWER_TIMEOUT_MS. */
function watchedPool(): Pool {
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    max: 1,
    Client: PooledClient,
    answerTimeoutMs: ANSWER_TIMEOUT_MS,
    gate: new ConnectGate(),
  } as PoolConfig);
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The answer watchdog of pooled connections (ADR 0231) bounds each statement, not a connection's
 * busy spell: pg-pool hands a connection from one pool.query's answer straight to the next waiting
 * one, so a saturated pool can keep a connection busy for seconds without pg ever reporting it
 * drained, and the watchdog armed by the first statement gave it up mid-statement (503s under
 * load, 5 in 3 s at a 500 ms bound before the fix).
 */
describe('PooledClient answer watchdog', () => {
  it('never gives up a connection that answers, however long the pool keeps it busy', async () => {
    const pool = watchedPool();
    const until = Date.now() + 5 * ANSWER_TIMEOUT_MS;
    let answered = 0;
    const errors: string[] = [];
    // two callers, one connection: each answer hands it to the other's waiting statement
    const caller = async () => {
      while (Date.now() < until) {
        await pool.query('SELECT 1').then(
          () => answered++,
          (err: Error) => errors.push(err.message),
        );
      }
    };
    try {
      await Promise.all([caller(), caller()]);
    } finally {
      await pool.end();
    }
    expect(errors).toEqual([]);
    // the connection went from answer to statement for 5 bounds: hundreds of answers on a quiet
    // host, 65 on a loaded one (a full run beside another suite); dozens prove the chain ran
    expect(answered).toBeGreaterThan(30);
  });

  it('does not give up a connection whose answer came while this process itself was blocked past the bound', async () => {
    const client = new PooledClient({
      connectionString: process.env.DATABASE_URL,
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      gate: new ConnectGate(),
    });
    await client.connect();
    try {
      const answer = client.query('SELECT 1 AS one'); // sent now, the watchdog armed
      // the event loop stalls (as a long garbage collection does) well past the bound; Postgres
      // answers within a millisecond, and the answer waits unread in the socket
      const until = Date.now() + 3 * ANSWER_TIMEOUT_MS;
      while (Date.now() < until) {
        /* blocked */
      }
      await expect(answer).resolves.toMatchObject({ rows: [{ one: 1 }] });
      // and the connection is still usable
      await expect(client.query('SELECT 2 AS two')).resolves.toMatchObject({ rows: [{ two: 2 }] });
    } finally {
      await client.end().catch(() => undefined);
    }
  });

  it('still gives up a connection whose statement goes unanswered, also when it came straight after an answer', async () => {
    const pool = watchedPool();
    try {
      const first = pool.query('SELECT 1');
      // queued behind the first: sent on its answer, without a 'drain' in between
      const slow = pool.query('SELECT pg_sleep(2)');
      await first;
      const started = Date.now();
      await expect(slow).rejects.toThrow(`PostgreSQL did not answer within ${ANSWER_TIMEOUT_MS} ms`);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await pool.end();
    }
  });
});
