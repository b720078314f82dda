import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dropScratchDatabase } from './support/scratch-database';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp } from './support/test-app';

const databaseUrl = new URL(process.env.DATABASE_URL!);

describe('GET /ready when a required dependency is unhealthy', () => {
  it('answers 503 with the check map when Postgres becomes unreachable', async () => {
    const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port));
    await proxy.start();
    const viaProxy = proxy.urlFor(databaseUrl);
    const t = await createTestApp({ env: { DATABASE_URL: viaProxy, READY_TIMEOUT_MS: '1000' } });
    try {
      await t.http().get('/ready').expect(200);
      await proxy.cut();
      const res = await t.http().get('/ready');
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
      expect(res.body.status).toBe('error');
      expect(res.body.checks.repo).toEqual({ status: 'error', error: 'database_unreachable' });
      // Unknown is not "every migration pending".
      expect(res.body.checks.migrations).toEqual({ status: 'error', pending: null, error: 'migrations_unknown' });
      expect(res.body.checks.oban.status).toBe('ok');
      // liveness does not depend on the database
      await t.http().get('/health').expect(200);
    } finally {
      await t.close().catch(() => undefined);
      await proxy.cut();
    }
  });

  it('answers 503 and counts the pending migrations when the schema is behind', async () => {
    const name = `agentnet_pending_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: databaseUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(databaseUrl);
    fresh.pathname = `/${name}`;
    const t = await createTestApp({ env: { DATABASE_URL: fresh.toString() } });
    try {
      const res = await t.http().get('/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.repo.status).toMatch(/^(ok|degraded)$/);
      expect(res.body.checks.migrations.status).toBe('error');
      expect(res.body.checks.migrations.pending).toBe(t.app.get(DataSource).migrations.length);
      expect(res.body.checks.migrations.pending).toBeGreaterThan(0);
    } finally {
      await t.close();
      await dropScratchDatabase(admin, name);
      await admin.end();
    }
  });

  it('answers 503 when a configured queue has no running worker (concurrency 0)', async () => {
    const t = await createTestApp({ env: { QUEUE_WEBHOOKS_CONCURRENCY: '0' } });
    try {
      const res = await t.http().get('/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.oban.status).toBe('error');
      expect(res.body.checks.oban.queues.webhooks).toEqual({ status: 'error', concurrency: 0 });
      expect(res.body.checks.oban.queues.mailer.status).toBe('ok');
    } finally {
      await t.close();
    }
  });
});
