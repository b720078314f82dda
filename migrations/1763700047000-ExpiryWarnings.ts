import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warnings before things run out (API.md Part 3, "Fleets in the field"; ADR 0235):
 * `api_key.expiring`, `enrollment_token.expiring` and `enrollment_token.exhausted`, each recorded
 * once by the expiry-warnings job (src/expiry-warnings/). Each warning has a marker column, set in
 * the transaction that records its event, and an index the job reads a small part of, never a
 * whole table; the two expiry warnings a partial index on `expires_at` over the rows still to be
 * warned:
 *
 * - keys: usable, with an expiry, not rotated (`api_key.rotated` announced that end: ADR 0233), not
 *   yet warned;
 * - tokens to warn of their expiry: not revoked, not yet warned, and issued for longer than the
 *   24-hour notice (86460 s: the notice and a minute for the clocks of node and database); a
 *   token issued for less is issued inside its last 24 hours and never warned;
 * - for running out, the claims recorded lately: the tokens they used up are the candidates, so the
 *   job's cost follows the claims made since its last run, not the number of live tokens. A BRIN
 *   index on claimed_at (claims are appended in about claimed_at order), kept summarized as the
 *   table grows (autosummarize), so that a claim pays next to nothing for it.
 *
 * The figures are the job's (expiry-warnings.repository.ts states the same predicates, which the
 * planner must find implied); this migration keeps its own copy, as history. Tokens that ran out
 * before the event existed are marked as announced: they are not announced late.
 */
export class ExpiryWarnings1763700047000 implements MigrationInterface {
  name = 'ExpiryWarnings1763700047000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_credentials ADD COLUMN expiring_notified_at timestamptz`);
    await q.query(
      `ALTER TABLE enrollment_tokens ADD COLUMN expiring_notified_at timestamptz, ADD COLUMN exhausted_notified_at timestamptz`,
    );
    await q.query(`
      UPDATE enrollment_tokens t SET exhausted_notified_at = now()
       WHERE (SELECT COALESCE(sum(s.claims_count), 0) FROM enrollment_token_slots s WHERE s.token_id = t.id) >= t.max_claims`);
    await q.query(`
      CREATE INDEX api_credentials_expiring_idx ON api_credentials (expires_at)
       WHERE expires_at IS NOT NULL AND expiring_notified_at IS NULL AND status = 'usable' AND rotated_at IS NULL`);
    await q.query(`
      CREATE INDEX enrollment_tokens_expiring_idx ON enrollment_tokens (expires_at)
       WHERE expiring_notified_at IS NULL AND revoked_at IS NULL AND expires_at - inserted_at > interval '86460 seconds'`);
    await q.query(`CREATE INDEX enrollment_claims_claimed_at_brin ON enrollment_claims USING brin (claimed_at) WITH (autosummarize = on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enrollment_claims_claimed_at_brin`);
    await q.query(`DROP INDEX enrollment_tokens_expiring_idx`);
    await q.query(`DROP INDEX api_credentials_expiring_idx`);
    await q.query(`ALTER TABLE enrollment_tokens DROP COLUMN exhausted_notified_at, DROP COLUMN expiring_notified_at`);
    await q.query(`ALTER TABLE api_credentials DROP COLUMN expiring_notified_at`);
  }
}
