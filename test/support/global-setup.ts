import Redis from 'ioredis';
import './env';
import { runMigrations } from '../../src/core/database/migrate';

/** Once per e2e run: apply migrations to the test database and start from an empty Redis db. */
export default async function globalSetup(): Promise<void> {
  await runMigrations(process.env.DATABASE_URL!);
  const redis = new Redis(process.env.REDIS_URL!);
  await redis.flushdb();
  await redis.quit();
}
