import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API.md (Events and webhooks): domain events are written in the same transaction as the change
 * they describe, in an outbox table `{ id, type, data, inserted_at }`. `published_at` is set once
 * the relay has handed the event to the `events` queue; the partial index keeps the relay's scan
 * to what is still unpublished, and the workspace index serves the events list.
 */
export class DomainEventsOutbox1763700008000 implements MigrationInterface {
  name = 'DomainEventsOutbox1763700008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        type text NOT NULL,
        data jsonb NOT NULL,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX domain_events_unpublished_idx ON domain_events (inserted_at, id) WHERE published_at IS NULL`);
    await q.query(`CREATE INDEX domain_events_list_idx ON domain_events (workspace_id, inserted_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS domain_events`);
  }
}
