import { Client } from 'pg';
import './env';
import { AUDIT_SCAN_FROM, describeOffenders, scanAuditEvents } from './audit-secrets';

/**
 * Once per e2e run, after every suite: no audit event written during the run holds a secret, a
 * secret's hash or a test password (issue 53; test/support/audit-secrets.ts). Fails the run,
 * listing the offenders, when one does.
 */
export default async function globalTeardown(): Promise<void> {
  const afterTxid = (globalThis as Record<string, unknown>)[AUDIT_SCAN_FROM] as string | undefined;
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { scanned, offenders } = await scanAuditEvents(db, { afterTxid });
    if (offenders.length > 0) {
      throw new Error(
        `${offenders.length} value(s) of the ${scanned} audit events this run wrote look like secrets:\n${describeOffenders(offenders)}`,
      );
    }
    process.stderr.write(`[audit secrets scan] ${scanned} audit events written by this run: no secret, hash or test password in any\n`);
  } finally {
    await db.end();
  }
}
