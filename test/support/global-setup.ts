import Redis from 'ioredis';
import { Client } from 'pg';
import './env';
import { runMigrations } from '../../src/core/database/migrate';
import { AUDIT_SCAN_FROM } from './audit-secrets';

/** Once per e2e run: apply migrations to the test database and start from an empty Redis db. */
export default async function globalSetup(): Promise<void> {
  await runMigrations(process.env.DATABASE_URL!);
  const redis = new Redis(process.env.REDIS_URL!);
  await redis.flushdb();
  await redis.quit();
  // every audit event of this run is written by a transaction after this one
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ txid: string }>(`SELECT pg_current_xact_id()::text AS txid`);
    (globalThis as Record<string, unknown>)[AUDIT_SCAN_FROM] = rows[0].txid;
  } finally {
    await db.end();
  }
}
