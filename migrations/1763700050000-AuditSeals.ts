import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Seals move out of the event rows (ADR 0238). Setting `hash` and `prev_hash` on an event
 * rewrote the whole row and its index entries (a column in the partial index's predicate blocks
 * HOT): 1,129 bytes of WAL per event measured, on top of the insert's 654. A seal is now a narrow
 * row of its own (306 bytes), the event row is written once, and the sealer finds what to seal
 * by its position in the global order (`audit_seal_state`), served by (txid, id); nothing looks
 * an event up by id alone, so the primary key on it goes too.
 */
export class AuditSeals1763700050000 implements MigrationInterface {
  name = 'AuditSeals1763700050000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_seals (
        event_id uuid PRIMARY KEY,
        hash text NOT NULL,
        prev_hash text NOT NULL
      )`);
    await q.query(
      `INSERT INTO audit_seals (event_id, hash, prev_hash) SELECT id, hash, prev_hash FROM audit_events WHERE hash IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE audit_seal_state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        sealed_txid xid8 NOT NULL,
        sealed_id uuid NOT NULL
      )`);
    await q.query(`
      INSERT INTO audit_seal_state (sealed_txid, sealed_id)
      SELECT txid, id FROM audit_events WHERE hash IS NOT NULL ORDER BY txid DESC, id DESC LIMIT 1`);
    await q.query(`DROP INDEX audit_events_unsealed_idx`);
    await q.query(`ALTER TABLE audit_events DROP CONSTRAINT audit_events_pkey`);
    await q.query(`ALTER TABLE audit_events DROP COLUMN hash, DROP COLUMN prev_hash`);
    await q.query(`CREATE INDEX audit_events_global_order_idx ON audit_events (txid, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_events_global_order_idx`);
    await q.query(`ALTER TABLE audit_events ADD COLUMN hash text, ADD COLUMN prev_hash text`);
    await q.query(`UPDATE audit_events a SET hash = s.hash, prev_hash = s.prev_hash FROM audit_seals s WHERE s.event_id = a.id`);
    await q.query(`ALTER TABLE audit_events ADD PRIMARY KEY (id)`);
    await q.query(`CREATE INDEX audit_events_unsealed_idx ON audit_events (txid, id) WHERE hash IS NULL`);
    await q.query(`DROP TABLE audit_seal_state`);
    await q.query(`DROP TABLE audit_seals`);
  }
}
