import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which domain events the relay has still to hand to the `events` queue moves out of the events
 * table into a table of its own (ADR 0068). Marking
 * an event published used to UPDATE its row: since `published_at` is in the predicate of the
 * relay's partial index, the update could never be HOT, so each event was written twice, its
 * five indexes (the GIN search index among them) got a second entry, and the stored generated
 * `search` column was computed again (18 ms per batch of 58 under enrollment claims, a fifth of
 * Postgres' time per claim; bench/README.md finding 17). Now an event row is written once, a
 * narrow row in `domain_events_pending` says it is waiting, and publishing deletes that row.
 */
export class DomainEventsPending1763700043000 implements MigrationInterface {
  name = 'DomainEventsPending1763700043000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_events_pending (
        event_id uuid PRIMARY KEY REFERENCES domain_events (id) ON DELETE CASCADE,
        inserted_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX domain_events_pending_order_idx ON domain_events_pending (inserted_at, event_id)`);
    await q.query(
      `INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM domain_events WHERE published_at IS NULL`,
    );
    await q.query(`DROP INDEX domain_events_unpublished_idx`);
    await q.query(`ALTER TABLE domain_events DROP COLUMN published_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events ADD COLUMN published_at timestamptz`);
    await q.query(`UPDATE domain_events SET published_at = now() WHERE id NOT IN (SELECT event_id FROM domain_events_pending)`);
    await q.query(`CREATE INDEX domain_events_unpublished_idx ON domain_events (inserted_at, id) WHERE published_at IS NULL`);
    await q.query(`DROP TABLE domain_events_pending`);
  }
}
