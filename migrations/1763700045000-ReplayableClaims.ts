import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replayable claims (API.md Part 3, "Fleets in the field"; ADR 0232). A claim made with a
 * `claim_id` keeps it on its record, with the credential of its newest answer, so that a retry
 * with the same token, `claim_id` and serial within 24 hours answers the same agent and robot
 * with fresh credentials. One `claim_id` per token names one claim (the unique index), which is
 * what makes concurrent claims with one `claim_id` create exactly one agent.
 *
 * A replay is allowed only while no credential of the earlier answer has been used: a key
 * issued by such a claim carries `replay_until` (24 hours after the claim), and its first use
 * within that window is written at once as `first_used_at`, under the key row's lock that the
 * replay also takes. Keys issued any other way keep both columns null and are never written on use.
 */
export class ReplayableClaims1763700045000 implements MigrationInterface {
  name = 'ReplayableClaims1763700045000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enrollment_claims ADD COLUMN claim_id text, ADD COLUMN credential_id uuid`);
    await q.query(
      `CREATE UNIQUE INDEX enrollment_claims_claim_id_key ON enrollment_claims (enrollment_token_id, claim_id) WHERE claim_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE api_credentials ADD COLUMN replay_until timestamptz, ADD COLUMN first_used_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_credentials DROP COLUMN first_used_at, DROP COLUMN replay_until`);
    await q.query(`DROP INDEX enrollment_claims_claim_id_key`);
    await q.query(`ALTER TABLE enrollment_claims DROP COLUMN credential_id, DROP COLUMN claim_id`);
  }
}
