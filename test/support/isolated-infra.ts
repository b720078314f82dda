import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { runMigrations } from '../../src/core/database/migrate';
import { OwnPostgres, OwnRedis } from './own-infra';
import { dropScratchDatabase } from './scratch-database';
import { createTestApp, TestApp } from './test-app';

/**
 * A database and a Redis server of a suite's own. Every test app shares the e2e Postgres and Redis
 * db, so any app's worker may take a job another app queued, with its own settings and clock;
 * suites that tune delivery timing (or kill Redis) run here, where only their apps work.
 */
export class IsolatedInfra {
  readonly redis = new OwnRedis();
  /** With `ownPostgres`, a PostgreSQL server of its own too, which a test can stop and start. */
  readonly postgres?: OwnPostgres;
  private readonly admin = new Client({ connectionString: process.env.DATABASE_URL });
  private readonly dbName = `agentnet_iso_${randomBytes(4).toString('hex')}`;
  private readonly apps: TestApp[] = [];
  databaseUrl = '';

  constructor(options: { ownPostgres?: boolean } = {}) {
    if (options.ownPostgres) this.postgres = new OwnPostgres();
  }

  async start(): Promise<void> {
    if (this.postgres) {
      await Promise.all([this.postgres.create(), this.redis.start()]);
      this.databaseUrl = this.postgres.url;
      return;
    }
    await this.admin.connect();
    await this.admin.query(`CREATE DATABASE ${this.dbName}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${this.dbName}`;
    this.databaseUrl = url.toString();
    await runMigrations(this.databaseUrl);
    await this.redis.start();
  }

  /**
   * A test app on this database and Redis (closed by stop() unless closed before). Its clock runs
   * with real time: retries and windows are timed on real timers.
   */
  async app(env: Record<string, string | undefined> = {}): Promise<TestApp> {
    const t = await createTestApp({ env: { DATABASE_URL: this.databaseUrl, REDIS_URL: this.redis.url, ...env } });
    t.clock.tick();
    this.apps.push(t);
    return t;
  }

  async closeApp(t: TestApp): Promise<void> {
    this.apps.splice(this.apps.indexOf(t), 1);
    await t.close();
  }

  /** Closes the apps (each given 20 s), then always removes the Redis server and the database. */
  async stop(): Promise<void> {
    try {
      for (const t of this.apps.splice(0)) {
        await Promise.race([t.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
      }
    } finally {
      await this.redis.kill();
      if (this.postgres) {
        await this.postgres.destroy();
      } else {
        await dropScratchDatabase(this.admin, this.dbName).catch(() => undefined);
        await this.admin.end();
      }
    }
  }
}
