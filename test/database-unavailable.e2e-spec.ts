import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/core/common/problem/dependency-unavailable';
import { isDatabaseUnavailable } from '../src/core/common/problem/pg-errors';
import { ANSWER_GRACE_MS, CONNECT_TIMEOUT_MS } from '../src/core/database/data-source-options';
import { makeWorkspace } from './support/builders';
import { eventually } from './support/eventually';
import { expectProblem } from './support/problem';
import { makeScimTenant, oktaUser, scim } from './support/scim';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

const databaseUrl = new URL(process.env.DATABASE_URL!);

/** Postgres saturated or gone: the API says so with a 503 the client can retry, not a 500. */
describe('requests while Postgres is unavailable', () => {
  it('answers 503 database_unavailable with Retry-After when no pooled connection frees up in time, and serves the retry', async () => {
    // the busy statement outlasts the checkout timeout: Postgres's own statement timeout must not cancel it first
    const t = await createTestApp({ env: { DB_POOL_SIZE: '1', DB_PIPELINE_CONNECTIONS: '0', DB_STATEMENT_TIMEOUT_MS: '10000' } });
    try {
      const w = await makeWorkspace(t);
      // The pool's only connection is busy for longer than the checkout timeout.
      const busy = t.app.get(DataSource).query(`SELECT pg_sleep(${(CONNECT_TIMEOUT_MS + 1500) / 1000})`);
      const started = Date.now();
      const refused = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`).send({ body: 'queued?' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expectProblem(refused, 503, 'service-unavailable', { detail: 'database_unavailable' });
      expect(refused.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      await busy;

      const retried = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`).send({ body: 'queued?' });
      expect(retried.status).toBe(201);
      const list = await t.http().get('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`);
      // the refused request wrote nothing: one message, from the retry
      expect(list.body.messages.map((m: { body: string }) => m.body)).toEqual(['queued?']);
    } finally {
      await t.close();
    }
  }, 20_000);

  it('a write waiting on a row lock past DB_STATEMENT_TIMEOUT_MS is cancelled by Postgres: 503 database_unavailable in time, nothing written, the retry succeeds', async () => {
    const t = await createTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '1000' } });
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      const w = await makeWorkspace(t);
      // the message's foreign key to its workspace needs a KEY SHARE lock, which this blocks
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [w.workspaceId]);
      const started = Date.now();
      const refused = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`).send({ body: 'locked out' });
      const waited = Date.now() - started;
      expectProblem(refused, 503, 'service-unavailable', { detail: 'database_unavailable' });
      expect(refused.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(waited).toBeGreaterThanOrEqual(950);
      expect(waited).toBeLessThan(1000 + 1000);
      await holder.query('ROLLBACK');

      const retried = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`).send({ body: 'after the lock' });
      expect(retried.status).toBe(201);
      const list = await t.http().get('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`);
      expect(list.body.messages.map((m: { body: string }) => m.body)).toEqual(['after the lock']);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await t.close();
    }
  }, 20_000);

  it.each<[string, { DB_PIPELINE_CONNECTIONS?: string }]>([
    ['a pooled connection', { DB_PIPELINE_CONNECTIONS: '0' }],
    ['a pipelined lane', {}],
  ])(
    '%s whose statement gets no answer is destroyed within DB_STATEMENT_TIMEOUT_MS + grace: 503 in time, never reused, fresh connections once Postgres answers',
    async (_what, env) => {
      const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port));
      await proxy.start();
      const t = await createTestApp({ env: { ...env, DATABASE_URL: proxy.urlFor(databaseUrl), DB_STATEMENT_TIMEOUT_MS: '500' } });
      try {
        const w = await makeWorkspace(t);
        const read = () => t.http().get('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`);
        expect((await read()).status).toBe(200);
        const pool = (t.app.get(DataSource).driver as PostgresDriver).master as Pool & { _clients: Client[] };
        const before = [...pool._clients];

        proxy.stall();
        const started = Date.now();
        const refused = await read();
        const waited = Date.now() - started;
        expectProblem(refused, 503, 'service-unavailable', { detail: 'database_unavailable' });
        expect(refused.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(waited).toBeGreaterThanOrEqual(500 + ANSWER_GRACE_MS - 50);
        expect(waited).toBeLessThan(500 + ANSWER_GRACE_MS + 600);
        const streamOf = (c: Client) => (c as unknown as { connection: { stream: { destroyed: boolean } } }).connection.stream;
        if (env.DB_PIPELINE_CONNECTIONS === '0') {
          // the connection it waited on left the pool with its socket destroyed
          const gone = before.filter((c) => !pool._clients.includes(c));
          expect(gone.length).toBeGreaterThanOrEqual(1);
          for (const c of gone) expect(streamOf(c).destroyed).toBe(true);
        }
        for (const c of pool._clients) expect(streamOf(c).destroyed).toBe(false);

        proxy.unstall();
        await eventually(async () => expect((await read()).status).toBe(200), { timeoutMs: 2000 });
        for (const c of pool._clients) expect(streamOf(c).destroyed).toBe(false);
      } finally {
        proxy.unstall();
        await t.close();
        await proxy.cut();
      }
    },
    20_000,
  );

  it('a pooled connection that fails while nobody holds it ends nothing: its next statement is database_unavailable, and the pool replaces it', async () => {
    const t = await createTestApp();
    try {
      const db = t.app.get(DataSource);
      const pool = (db.driver as PostgresDriver).master as Pool;
      // Checked out of the pool by hand: the pool no longer listens to it, and no query runner
      // does yet (TypeORM adds its listener a promise callback later) -- the gap a Postgres
      // shutdown fell into in test/faults.e2e-spec.ts.
      const client = await pool.connect();
      let failed: unknown;
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await db.query('SELECT pg_terminate_backend($1)', [rows[0].pid]); // FATAL 57P01 on an idle connection: an 'error' event
        await eventually(async () => expect((client as unknown as { _queryable: boolean })._queryable).toBe(false));
        failed = await client.query('SELECT 1').then(
          () => undefined,
          (err: unknown) => err,
        );
      } finally {
        client.release(true); // dropped by the pool (a held connection would keep the app from closing)
      }
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      const w = await makeWorkspace(t);
      expect((await t.http().get('/api/v1/messages').set('authorization', `Bearer ${w.apiKey}`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  /** An app whose only way to Postgres is a TCP proxy the test can cut and restore. */
  async function behindProxy(run: (t: TestApp, proxy: TcpProxy) => Promise<void>): Promise<void> {
    const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port));
    await proxy.start();
    const viaProxy = proxy.urlFor(databaseUrl);
    const t = await createTestApp({ env: { DATABASE_URL: viaProxy } });
    try {
      await run(t, proxy);
    } finally {
      await t.close().catch(() => undefined);
      await proxy.cut();
    }
  }

  it(
    'answers 503 database_unavailable when Postgres cannot be reached at all',
    () =>
      behindProxy(async (t, proxy) => {
        const w = await makeWorkspace(t);
        await proxy.cut();
        // a key this process has not verified yet, so it has to be looked up
        const res = await t.http().get('/api/v1/messages').set('x-agent-api-key', w.apiKey);
        expectProblem(res, 503, 'service-unavailable', { detail: 'database_unavailable' });
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      }),
    20_000,
  );

  it(
    'SCIM answers 503 in the SCIM error schema when Postgres cannot be reached, and writes nothing',
    () =>
      behindProxy(async (t, proxy) => {
        const tenant = await makeScimTenant(t);
        await proxy.cut();
        for (const res of [await scim(t, tenant.token, 'get', '/Users'), await scim(t, tenant.token, 'post', '/Users', oktaUser())]) {
          expect(res.status).toBe(503);
          expect(res.headers['content-type']).toBe('application/scim+json; charset=utf-8');
          expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
          expect(res.body).toEqual({
            schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
            status: '503',
            detail: 'database_unavailable',
          });
        }
        await proxy.start();
        await eventually(async () => expect((await scim(t, tenant.token, 'get', '/Users')).status).toBe(200), { timeoutMs: 5000 });
        expect((await scim(t, tenant.token, 'get', '/Users')).body.totalResults).toBe(0);
      }),
    20_000,
  );
});
