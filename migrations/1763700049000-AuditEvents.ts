import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (API.md Part 3 "Audit log"; ADR 0238). One row per audited change, written in the
 * change's transaction; `txid` (the writing transaction's id) and `id` order each workspace's
 * events. An event is listed, exported and sealed only once its transaction and every older one
 * have ended (`txid` below the snapshot's xmin), so no event can arrive behind one already read:
 * pages never skip or repeat, and the chain is only ever appended to. `hash` and `prev_hash` are
 * set by the sealing job (null until then); `audit_chains` holds each workspace's chain head.
 *
 * No foreign key to workspaces: an insert would take a KEY SHARE lock on the workspace row, which
 * claims lock for update, and audited writes must never wait on each other.
 */
export class AuditEvents1763700049000 implements MigrationInterface {
  name = 'AuditEvents1763700049000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL,
        txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        occurred_at timestamptz NOT NULL DEFAULT now(),
        action text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_type text NOT NULL,
        actor_id text,
        actor_label text,
        target_type text,
        target_id text,
        target_label text,
        ip text,
        user_agent text,
        request_id text,
        changes jsonb,
        hash text,
        prev_hash text
      )`);
    await q.query(`CREATE INDEX audit_events_order_idx ON audit_events (workspace_id, txid, id)`);
    await q.query(`CREATE INDEX audit_events_unsealed_idx ON audit_events (txid, id) WHERE hash IS NULL`);
    await q.query(`
      CREATE TABLE audit_chains (
        workspace_id uuid PRIMARY KEY,
        head_hash text,
        head_txid xid8,
        head_id uuid,
        sealed bigint NOT NULL DEFAULT 0,
        pruned_hash text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_chains`);
    await q.query(`DROP TABLE audit_events`);
  }
}
