import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An enrollment token's claims are counted in up to 8 slots instead of one column on its row
 * (ADR 0075; bench/README.md finding 21). Every claim of a fleet
 * token used to update the token's one row, so claims of one token passed its row lock one
 * commit at a time (and walked an ever longer chain of dead versions of that row). A token's
 * max_claims is now split over min(max_claims, 8) slots (capacities differing by one at most,
 * summing to max_claims); a claim counts itself in the first slot with room, starting from a
 * random one, so up to 8 claims of one token commit side by side. Exactness holds per slot
 * (claims_count <= capacity, a CHECK) and so for their sum. A revoke closes the slots (capacity
 * down to claims_count) in its transaction, so no claim counts after it.
 *
 * The backfill keeps each token's count, filling slots in order; a revoked token's slots are
 * closed. The slot layout is repeated in EnrollmentTokensRepository.insert (8 there is
 * ENROLLMENT_TOKEN_SLOTS); this migration keeps its own copy, as history.
 */
export class EnrollmentTokenSlots1763700044000 implements MigrationInterface {
  name = 'EnrollmentTokenSlots1763700044000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enrollment_token_slots (
        token_id uuid NOT NULL REFERENCES enrollment_tokens (id) ON DELETE CASCADE,
        slot smallint NOT NULL,
        capacity integer NOT NULL,
        claims_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (token_id, slot),
        CONSTRAINT enrollment_token_slots_slot_range CHECK (slot BETWEEN 0 AND 7),
        CONSTRAINT enrollment_token_slots_claims_count_range CHECK (claims_count BETWEEN 0 AND capacity)
      ) WITH (fillfactor = 50)`);
    await q.query(`
      INSERT INTO enrollment_token_slots (token_id, slot, capacity, claims_count)
      SELECT id, slot, CASE WHEN revoked_at IS NULL THEN capacity ELSE counted END, counted
        FROM (
          SELECT t.id, t.revoked_at, s.slot, s.capacity, LEAST(s.capacity, GREATEST(0, t.claims_count - s.before)) AS counted
            FROM enrollment_tokens t,
                 LATERAL (SELECT LEAST(t.max_claims, 8) AS k) k,
                 LATERAL (
                   SELECT g AS slot,
                          t.max_claims / k.k + (g < t.max_claims % k.k)::int AS capacity,
                          g * (t.max_claims / k.k) + LEAST(g, t.max_claims % k.k) AS before
                     FROM generate_series(0, k.k - 1) g
                 ) s
        ) slots`);
    await q.query(`ALTER TABLE enrollment_tokens DROP CONSTRAINT enrollment_tokens_claims_count_range`);
    await q.query(`ALTER TABLE enrollment_tokens DROP COLUMN claims_count`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enrollment_tokens ADD COLUMN claims_count integer NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE enrollment_tokens t SET claims_count = s.n
        FROM (SELECT token_id, sum(claims_count)::int AS n FROM enrollment_token_slots GROUP BY token_id) s
       WHERE s.token_id = t.id`);
    await q.query(
      `ALTER TABLE enrollment_tokens ADD CONSTRAINT enrollment_tokens_claims_count_range CHECK (claims_count BETWEEN 0 AND max_claims)`,
    );
    await q.query(`DROP TABLE enrollment_token_slots`);
  }
}
