import { createHash, randomUUID } from 'node:crypto';
import * as bcrypt from 'bcrypt';
import { Client } from 'pg';
import { mintPrefixedSecret, randomToken } from '../src/core/common/crypto/secrets';
import { mintWebhookSecret } from '../src/webhooks/standard-webhooks';
import { findSecrets, scanAuditEvents, testPasswords } from './support/audit-secrets';
import { PASSWORD } from './support/builders';

/**
 * The scan that the e2e project's global teardown runs over every audit event of the suite
 * (test/support/global-teardown.ts) must be able to fail: each secret shape the service issues,
 * planted in an audit_events row, is flagged, and what an event legitimately holds is not.
 */
describe('the audit log secrets scan', () => {
  const passwords = testPasswords();
  const sha256 = (s: string) => createHash('sha256').update(s).digest();
  const shapesIn = (text: string) => findSecrets(text, passwords).map((f) => f.shape);
  /** 43 base64url characters with both cases and digits, as a random 32-byte token has them (but for 0.07 % of tokens, without a digit). */
  const TOKEN = 'q7Vd0Xk2LmPz9RtB4wYs1NcH8uJe6GaF3oIi5KbD0Zr';

  it('knows the suites’ password literals, those of test/support and of the suites alike', () => {
    expect(passwords).toEqual(expect.arrayContaining([PASSWORD, 'a brand new password 42', 'wrong password, long enough']));
    expect(passwords).not.toContain('0'); // QUEUE_PASSWORD_RESETS_CONCURRENCY: '0'
  });

  it('finds every shape of issued secret, hash and password, wherever it is in a text', async () => {
    const key = mintPrefixedSecret('agk').value;
    const cases: [string, string][] = [
      [`key ${key} here`, 'prefixed key or token (agk_/age_/mpk_/aot_)'],
      [mintPrefixedSecret('age').value, 'prefixed key or token (agk_/age_/mpk_/aot_)'],
      [mintPrefixedSecret('mpk').value, 'prefixed key or token (agk_/age_/mpk_/aot_)'],
      [`aot_${randomToken(8)}.${randomToken(32)}`, 'prefixed key or token (agk_/age_/mpk_/aot_)'],
      [`agk_ab-_cdefghi.${randomToken(32)}`, 'prefixed key or token (agk_/age_/mpk_/aot_)'], // a prefix with - and _
      [`Bearer scim_${randomToken(32)}`, 'SCIM token (scim_)'],
      [mintWebhookSecret(), 'webhook signing secret (whsec_)'],
      [await bcrypt.hash('correct horse', 4), 'bcrypt hash'],
      [sha256('s').toString('hex'), 'SHA-256 hex'],
      [sha256('s').toString('hex').toUpperCase(), 'SHA-256 hex'],
      [sha256('s').toString('base64'), 'SHA-256 base64'],
      [`token=${TOKEN}`, '32-byte base64url token'],
      [`${TOKEN.slice(0, 20)}-_${TOKEN.slice(22)}`, '32-byte base64url token'],
      ['codes: ABCD-EF23-GH45', 'recovery code'],
      ['seed=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&', 'TOTP seed (base32)'],
      [`the password is ${PASSWORD}!`, 'test password'],
      ['Pw-0123456789abcdef01234567', 'test password'],
    ];
    for (const [text, shape] of cases) expect({ text, shapes: shapesIn(text) }).toEqual({ text, shapes: expect.arrayContaining([shape]) });
  });

  it('leaves alone what events hold: ids, prefixes, addresses, times, slugs, user agents', () => {
    const innocent = [
      randomUUID(),
      `agk_${randomToken(8)}`, // a key's public prefix, as its events' labels show it
      'age_Xy3kq0VbT1c',
      'owner-0123456789ab@example.com',
      '2026-12-02T06:23:13.297Z',
      'warehouse-bot-3f9a1c',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      '127.0.0.1',
      'a'.repeat(43), // 43 characters, but nothing random about them
      'req-audit-1',
    ];
    for (const text of innocent) expect({ text, shapes: shapesIn(text) }).toEqual({ text, shapes: [] });
  });

  describe('over audit_events rows (planted in a transaction that is rolled back)', () => {
    let db: Client;
    beforeAll(async () => {
      db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
    });
    afterAll(() => db.end());

    /** Plants rows in a workspace of its own, scans it inside the transaction, and rolls back. */
    async function scanPlanted(rows: Record<string, unknown>[]) {
      const ws = randomUUID();
      await db.query('BEGIN');
      try {
        for (const r of rows) {
          const row: Record<string, unknown> = { action: 'robot.update', outcome: 'success', actor_type: 'user', ...r };
          const cols = Object.keys(row);
          await db.query(
            `INSERT INTO audit_events (workspace_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((c, i) => (c === 'changes' ? `$${i + 2}::jsonb` : `$${i + 2}`)).join(', ')})`,
            [ws, ...cols.map((c) => (c === 'changes' ? JSON.stringify(row[c]) : row[c]))],
          );
        }
        return await scanAuditEvents(db, { workspaceId: ws, passwords });
      } finally {
        await db.query('ROLLBACK');
      }
    }

    it('flags a planted key, token, hash or password in any column or change, naming the event and where', async () => {
      const key = mintPrefixedSecret('agk').value;
      const bcryptHash = await bcrypt.hash(PASSWORD, 4);
      const { scanned, offenders } = await scanPlanted([
        { target_type: 'api_key', target_id: randomUUID(), target_label: key },
        { actor_label: `someone ${PASSWORD}` },
        { user_agent: `curl/8.5 scim_${randomToken(32)}` },
        { request_id: sha256('a secret').toString('hex') },
        { action: 'api_key.create', changes: { secret_hash: [null, sha256('x').toString('base64')], name: ['a', 'b'] } },
        { action: 'member.password_reset', changes: { password_hash: [bcryptHash, null] } },
        { action: 'webhook_subscription.rotate_secret', changes: { nested: [{ secret: mintWebhookSecret() }, null] } },
        { action: 'robot.update', changes: { [TOKEN]: [1, 2] } }, // even as a key
      ]);
      expect(scanned).toBe(8);
      const found = offenders.map((o) => `${o.action} ${o.field}: ${o.shape}`);
      expect(found).toEqual(
        expect.arrayContaining([
          'robot.update target_label: prefixed key or token (agk_/age_/mpk_/aot_)',
          'robot.update actor_label: test password',
          'robot.update user_agent: SCIM token (scim_)',
          'robot.update request_id: SHA-256 hex',
          'api_key.create changes.secret_hash[1]: SHA-256 base64',
          'member.password_reset changes.password_hash[0]: bcrypt hash',
          'webhook_subscription.rotate_secret changes.nested[0].secret: webhook signing secret (whsec_)',
          'robot.update changes (key): 32-byte base64url token',
        ]),
      );
      // every planted event is named, and no offender carries the whole secret
      expect(new Set(offenders.map((o) => o.id)).size).toBe(8);
      for (const o of offenders) expect(o.sample.length).toBeLessThanOrEqual(9);
    });

    it('passes events as the service writes them, and an OTA artifact checksum (a published SHA-256)', async () => {
      const { scanned, offenders } = await scanPlanted([
        {
          action: 'api_key.create',
          actor_id: randomUUID(),
          actor_label: 'owner@example.com',
          target_type: 'api_key',
          target_id: randomUUID(),
          target_label: `agk_${randomToken(8)}`,
          ip: '203.0.113.7',
          user_agent: 'node-fetch',
          request_id: randomUUID(),
          changes: { scopes: [null, ['messages:read']], expires_at: [null, '2027-01-01T00:00:00.000Z'] },
        },
        { action: 'ota_update.create', changes: { sha256: [null, sha256('firmware').toString('hex')], version: [null, '1.2.3'] } },
      ]);
      expect({ scanned, offenders }).toEqual({ scanned: 2, offenders: [] });
      // the same checksum anywhere else is flagged
      const elsewhere = await scanPlanted([{ action: 'robot.update', changes: { sha256: [null, sha256('firmware').toString('hex')] } }]);
      expect(elsewhere.offenders.map((o) => o.shape)).toEqual(['SHA-256 hex']);
    });
  });
});
