import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API.md "Events and webhooks" (issue 20):
 * - the events list filters by type: an index for `GET /api/v1/events?type=`;
 * - webhook subscriptions, their deliveries (one per event and subscription: the unique pair is
 *   what makes the fan-out idempotent) and every attempt of a delivery;
 * - inbound payment events, recorded by the provider's event id so a repeated event changes
 *   nothing; the order in which each workspace's plan and pause were last set by the provider;
 *   and whether a workspace's pause came from a failed payment (only such a pause is lifted by
 *   `invoice.paid`).
 */
export class WebhooksAndPayments1763700020000 implements MigrationInterface {
  name = 'WebhooksAndPayments1763700020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX domain_events_type_idx ON domain_events (workspace_id, type, inserted_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        url text NOT NULL,
        description text,
        event_types text[] NOT NULL CHECK (cardinality(event_types) > 0),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        disabled_reason text CHECK (disabled_reason IN ('operator', 'failing', 'gone')),
        -- AES-256-GCM under SECRETS_ENCRYPTION_KEY (core/common/crypto/secret-box.ts), never the secret itself
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text,
        previous_secret_expires_at timestamptz,
        -- the first failed attempt since the last success; 3 days of it disables the subscription
        failing_since timestamptz,
        inserted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_subscriptions_disabled_reason CHECK ((status = 'disabled') = (disabled_reason IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX webhook_subscriptions_list_idx ON webhook_subscriptions (workspace_id, inserted_at DESC, id DESC)`);
    // the relay's fan-out looks up a workspace's active subscriptions
    await q.query(`CREATE INDEX webhook_subscriptions_active_idx ON webhook_subscriptions (workspace_id) WHERE status = 'active'`);

    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
        event_id uuid NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
        event_type text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        response_status integer,
        last_error text,
        -- pending: when the next attempt is due (or, while one runs, when it is presumed lost)
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        -- the BullMQ job that makes (or will make) the next attempt, checked by the re-drive sweep
        job_id text,
        inserted_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT webhook_deliveries_pending_due CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_event_subscription_key ON webhook_deliveries (event_id, subscription_id)`);
    await q.query(`CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (subscription_id, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_status_idx ON webhook_deliveries (subscription_id, status, inserted_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);

    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number > 0),
        manual boolean NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        response_status integer,
        error text,
        CONSTRAINT webhook_delivery_attempts_number_key UNIQUE (delivery_id, number)
      )`);

    await q.query(`ALTER TABLE workspaces ADD COLUMN paused_by_payment boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE payment_events (
        id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 255),
        type text NOT NULL,
        workspace_id uuid,
        outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored')),
        detail text,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE payment_workspace_state (
        workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
        plan_event_at timestamptz,
        invoice_event_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS payment_workspace_state`);
    await q.query(`DROP TABLE IF EXISTS payment_events`);
    await q.query(`ALTER TABLE workspaces DROP COLUMN IF EXISTS paused_by_payment`);
    await q.query(`DROP TABLE IF EXISTS webhook_delivery_attempts`);
    await q.query(`DROP TABLE IF EXISTS webhook_deliveries`);
    await q.query(`DROP TABLE IF EXISTS webhook_subscriptions`);
    await q.query(`DROP INDEX IF EXISTS domain_events_type_idx`);
  }
}
