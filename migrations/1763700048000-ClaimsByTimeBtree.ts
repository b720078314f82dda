import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The expiry-warnings job finds the tokens a claim used up through the claims recorded since its
 * last run (ADR 0235). It read them through a BRIN index on claimed_at, which the planner passes
 * over once the table holds claims whose ranges are not summarized yet (autosummarize runs later,
 * with autovacuum): on the test database, with 13,358 claims, it chose a full scan of
 * enrollment_claims_token_idx instead (cost 182 against 5 for a btree), a read that grows with the
 * table. A btree on claimed_at is read by range whatever the summaries; a claim pays one more
 * small index entry for it (measured in the claims bench: bench/README.md, issue 52).
 */
export class ClaimsByTimeBtree1763700048000 implements MigrationInterface {
  name = 'ClaimsByTimeBtree1763700048000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS enrollment_claims_claimed_at_brin`);
    await q.query(`CREATE INDEX enrollment_claims_claimed_at_idx ON enrollment_claims (claimed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enrollment_claims_claimed_at_idx`);
    await q.query(`CREATE INDEX enrollment_claims_claimed_at_brin ON enrollment_claims USING brin (claimed_at) WITH (autosummarize = on)`);
  }
}
