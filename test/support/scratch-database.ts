import type { Client } from 'pg';

/**
 * Drops a suite's own database (`WITH (FORCE)`: whatever is still connected is cut off).
 * Postgres refuses FORCE to a role that may not signal every backend on the database, and an
 * autovacuum worker that has just started on it is the superuser's (insufficient_privilege,
 * 42501): a plain DROP DATABASE cancels that worker, so try again shortly.
 */
export async function dropScratchDatabase(admin: Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt === 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
