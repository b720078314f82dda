import { sleep } from './operator';
import type { Client } from 'pg';

/**
 * Drops a suite's own database (`WITH (FORCE)`: whatever is still connected is cut off).
 * Postgres refuses FORCE to a role that may not signal every backend on the database, and an
 * autovacuum worker that has just started on it is not ours to signal (insufficient_privilege,
 * 42501). The refusal changes nothing and such a worker is short-lived here, so try again shortly.
 */
export async function dropScratchDatabase(admin: Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt === 50) throw err;
      await sleep(100);
    }
  }
}
