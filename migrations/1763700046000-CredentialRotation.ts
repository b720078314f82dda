import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-rotation of keys and re-provisioning of robots (API.md Part 3, "Fleets in the field").
 *
 * - A key rotated by `POST /api/v1/credentials/rotate` keeps its row, with `rotated_at` (when)
 *   and `replaced_by` (its successor). A key with `rotated_at` set is never rotated again (409
 *   `credential_rotated`); its end is its `expires_at`, which the rotation set (ADR 0233).
 * - A robot reset by `POST /api/v1/operator/robots/:id/reset` releases the claim that bound it:
 *   the claim record stays, for history, with `released_at` set, and the unique index that holds
 *   a serial to one claim per workspace now counts only claims not released, so the serial can be
 *   claimed again (ADR 0234). The index keeps its name: the claim path recognises its violation by
 *   it (SERIAL_UNIQUE_CONSTRAINTS).
 */
export class CredentialRotation1763700046000 implements MigrationInterface {
  name = 'CredentialRotation1763700046000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE api_credentials ADD COLUMN rotated_at timestamptz,
         ADD COLUMN replaced_by uuid REFERENCES api_credentials (id) ON DELETE SET NULL`,
    );
    await q.query(`ALTER TABLE enrollment_claims ADD COLUMN released_at timestamptz`);
    await q.query(`DROP INDEX enrollment_claims_serial_key`);
    await q.query(
      `CREATE UNIQUE INDEX enrollment_claims_serial_key ON enrollment_claims (workspace_id, serial_number)
        WHERE serial_number IS NOT NULL AND released_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // A serial claimed again after a reset has two claim records: the released ones lose their serial.
    await q.query(`UPDATE enrollment_claims SET serial_number = NULL WHERE released_at IS NOT NULL`);
    await q.query(`DROP INDEX enrollment_claims_serial_key`);
    await q.query(
      `CREATE UNIQUE INDEX enrollment_claims_serial_key ON enrollment_claims (workspace_id, serial_number) WHERE serial_number IS NOT NULL`,
    );
    await q.query(`ALTER TABLE enrollment_claims DROP COLUMN released_at`);
    await q.query(`ALTER TABLE api_credentials DROP COLUMN replaced_by, DROP COLUMN rotated_at`);
  }
}
