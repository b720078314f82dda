import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement, type StatementRow } from '../core/database/statement';
import { notNamedWebhookOnlySql } from '../events';
import {
  WEBHOOK_DELIVERY_LIST,
  type WebhookDeliveryAttemptDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
} from './dto/webhook-delivery.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { WebhookSubscriptionStatus } from './dto/webhook-subscription.dto';

const COLUMNS = `d.id, d.subscription_id, d.event_id, d.event_type, d.status, d.attempts, d.response_status, d.last_error,
  ${isoColumn('d', 'next_attempt_at')}, ${isoColumn('d', 'last_attempt_at')}, ${isoColumn('d', 'inserted_at')}, ${isoColumn('d', 'updated_at')}`;
const DELIVERY_ROW = {
  id: t.uuid,
  subscription_id: t.uuid,
  event_id: t.uuid,
  event_type: t.text.of<WebhookDeliveryDto['event_type']>(),
  status: t.text.of<WebhookDeliveryStatus>(),
  attempts: t.int,
  response_status: t.int.null,
  last_error: t.text.null,
  next_attempt_at: t.text.null,
  last_attempt_at: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};

/** The BullMQ job id of a delivery's n-th scheduled attempt (dots: BullMQ keeps ':' for its keys). */
export const attemptJobId = (deliveryId: string, attempt: number) => `${deliveryId}.${attempt}`;

/** What a delivery POSTs: the event as it was recorded (webhook-delivery.dto.ts, WebhookPayloadDto). */
interface DeliveredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created: string;
}

/**
 * One pending delivery per event and active subscription of its workspace that selects its type
 * (or `*`) and existed when the event happened, due now. The unique (event, subscription) pair
 * makes a second fan-out of the same events (a relay retried) add nothing. Returns the
 * deliveries it created.
 */
const FAN_OUT = statement({
  label: 'fan_out_webhook_deliveries',
  text: `INSERT INTO webhook_deliveries (id, workspace_id, subscription_id, event_id, event_type, job_id, next_attempt_at, inserted_at, updated_at)
       SELECT x.id, x.workspace_id, x.subscription_id, x.event_id, x.type, x.id::text || '.1', $2::timestamptz, $2::timestamptz, $2::timestamptz
         FROM (SELECT gen_random_uuid() AS id, e.workspace_id, s.id AS subscription_id, e.id AS event_id, e.type
                 FROM domain_events e
                 JOIN webhook_subscriptions s ON s.workspace_id = e.workspace_id AND s.status = 'active'
                  AND s.inserted_at <= e.inserted_at AND (e.type = ANY (s.event_types) OR ('*' = ANY (s.event_types) AND ${notNamedWebhookOnlySql('e.type')}))
                WHERE e.id = ANY ($1::uuid[])) x
       ON CONFLICT (event_id, subscription_id) DO NOTHING
       RETURNING id, job_id`,
  params: [t.uuidArray, t.timestamptz],
  // job_id is set by this insert
  row: { id: t.uuid, job_id: t.text },
});

/**
 * Takes the next attempt of a delivery for one job ($3): counts it and marks it in flight until
 * $5 (after which the re-drive sweep presumes it lost). It is taken only while the delivery is
 * pending with exactly $2 attempts made, so two jobs for the same attempt (a re-drive, a
 * duplicate) make it once; and, unless manual ($6), only while its subscription is active.
 */
const CLAIM = statement({
  label: 'claim_webhook_delivery',
  text: `UPDATE webhook_deliveries AS d SET attempts = d.attempts + 1, next_attempt_at = $5, job_id = $3, updated_at = $4
         FROM webhook_subscriptions s, domain_events e
        WHERE d.id = $1 AND s.id = d.subscription_id AND e.id = d.event_id
          AND d.attempts = $2 AND d.status = 'pending' AND (s.status = 'active' OR $6)
        RETURNING d.id, d.workspace_id, d.subscription_id, s.status = 'active' AS subscription_active, d.attempts, d.inserted_at,
                  s.url, s.secret_ciphertext, s.previous_secret_ciphertext, s.previous_secret_expires_at,
                  json_build_object('id', e.id, 'type', e.type, 'data', e.data,
                    'created', to_char(e.inserted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS event`,
  params: [t.uuid, t.int, t.text, t.timestamptz, t.timestamptz, t.bool],
  row: {
    id: t.uuid,
    workspace_id: t.uuid,
    subscription_id: t.uuid,
    subscription_active: t.bool,
    /** attempts made, this one included */
    attempts: t.int,
    inserted_at: t.timestamptz,
    url: t.text,
    secret_ciphertext: t.text,
    previous_secret_ciphertext: t.text.null,
    previous_secret_expires_at: t.timestamptz.null,
    event: t.json.of<DeliveredEvent>(),
  },
});

/** A delivery handed to the job that makes an attempt: everything the attempt needs. */
export type ClaimedDelivery = StatementRow<typeof CLAIM>;

/**
 * Records an attempt on the delivery (unless a later attempt already recorded itself) and, for a
 * success, on its subscription: the failure streak ends. `recorded`: whether the delivery took it.
 */
const RECORD_ATTEMPT = statement({
  label: 'record_webhook_delivery_attempt',
  text: `WITH d AS (
         UPDATE webhook_deliveries SET status = $3, response_status = $4, last_error = $5, next_attempt_at = $6,
                job_id = COALESCE($7, job_id), last_attempt_at = $8, updated_at = $9
          WHERE id = $1 AND attempts = $2 RETURNING id
       ), a AS (
         INSERT INTO webhook_delivery_attempts (delivery_id, number, manual, started_at, duration_ms, response_status, error)
         VALUES ($1, $2, $10, $8, $11, $4, $5) ON CONFLICT (delivery_id, number) DO NOTHING
       ), s AS (
         UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = $12 AND failing_since IS NOT NULL AND $3 = 'succeeded'
       )
       SELECT (SELECT count(*) FROM d)::int AS recorded`,
  params: [
    t.uuid,
    t.int,
    t.text.of<WebhookDeliveryStatus>(),
    t.int.null,
    t.text.null,
    t.timestamptz.null,
    t.text.null,
    t.timestamptz,
    t.timestamptz,
    t.bool,
    t.int,
    t.uuid,
  ],
  row: { recorded: t.int },
});

/**
 * A failed attempt on its subscription: it starts a failure streak (or continues it), and a
 * streak that began at or before $4, or a 410 ($3), disables the subscription and fails its
 * pending deliveries.
 */
const RECORD_FAILURE = statement({
  label: 'record_webhook_subscription_failure',
  text: `WITH s AS (
         UPDATE webhook_subscriptions SET failing_since = COALESCE(failing_since, $2),
                status = CASE WHEN $3 OR COALESCE(failing_since, $2) <= $4 THEN 'disabled' ELSE status END,
                disabled_reason = CASE WHEN $3 THEN 'gone' WHEN COALESCE(failing_since, $2) <= $4 THEN 'failing' ELSE disabled_reason END,
                updated_at = $2
          WHERE id = $1 AND status = 'active'
          RETURNING status, disabled_reason
       ), f AS (
         UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'subscription disabled', updated_at = $2
          WHERE subscription_id = $1 AND status = 'pending' AND EXISTS (SELECT 1 FROM s WHERE s.status = 'disabled')
       )
       SELECT status, disabled_reason FROM s`,
  params: [t.uuid, t.timestamptz, t.bool, t.timestamptz],
  row: { status: t.text.of<WebhookSubscriptionStatus>(), disabled_reason: t.text.of<'failing' | 'gone'>().null },
});

/** Every pending delivery of a subscription that stops delivering ends as failed, with the reason. */
const FAIL_PENDING = statement({
  label: 'fail_pending_webhook_deliveries',
  text: `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = $3
        WHERE subscription_id = $1 AND status = 'pending'`,
  params: [t.uuid, t.text, t.timestamptz],
});

/** One subscription's deliveries, newest first (the subscription is the caller's, checked before). */
const DELIVERIES = listStatements(WEBHOOK_DELIVERY_LIST, {
  label: 'list_webhook_deliveries',
  columns: COLUMNS,
  from: 'webhook_deliveries',
  alias: 'd',
  scope: 'd.subscription_id = $1',
  params: [t.uuid],
  row: DELIVERY_ROW,
});

const FIND = statement({
  label: 'find_webhook_delivery',
  text: `SELECT ${COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.subscription_id = $2 AND d.workspace_id = $3`,
  params: [t.uuid, t.uuid, t.uuid],
  row: DELIVERY_ROW,
});

const ATTEMPTS = statement({
  label: 'webhook_delivery_attempts',
  text: `SELECT a.number, a.manual, ${isoColumn('a', 'started_at')}, a.duration_ms, a.response_status, a.error
         FROM webhook_delivery_attempts a WHERE a.delivery_id = $1 ORDER BY a.number`,
  params: [t.uuid],
  row: { number: t.int, manual: t.bool, started_at: t.text, duration_ms: t.int, response_status: t.int.null, error: t.text.null },
});

/** A delivery of the workspace made due now ($4) for an operator's attempt by job $5. */
const PREPARE_MANUAL = statement({
  label: 'prepare_manual_webhook_delivery',
  text: `UPDATE webhook_deliveries AS d SET status = 'pending', next_attempt_at = $4, job_id = $5, updated_at = $4
        WHERE d.id = $1 AND d.subscription_id = $2 AND d.workspace_id = $3 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.uuid, t.timestamptz, t.text],
  row: DELIVERY_ROW,
});

/**
 * Pending deliveries overdue since before $1 (their job was lost, or never added), locked so
 * nodes sweeping at once take different ones.
 */
const OVERDUE = statement({
  label: 'overdue_webhook_deliveries',
  text: `SELECT id, attempts, job_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= $1
        ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
  params: [t.timestamptz, t.bigint],
  row: { id: t.uuid, attempts: t.int, job_id: t.text.null },
});

/** Overdue deliveries handed to new jobs ($1 delivery ids, $2 their job ids), due at $3. */
const REASSIGN = statement({
  label: 'reassign_webhook_deliveries',
  text: `UPDATE webhook_deliveries d SET job_id = j.job_id, next_attempt_at = $3, updated_at = $3
         FROM unnest($1::uuid[], $2::text[]) AS j (id, job_id) WHERE d.id = j.id AND d.status = 'pending'`,
  params: [t.uuidArray, t.textArray, t.timestamptz],
});

/** Deliveries still overdue seen at $2, so the next sweeps leave them for a while. */
const TOUCH = statement({
  label: 'touch_webhook_deliveries',
  text: `UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id = ANY ($1::uuid[]) AND status = 'pending'`,
  params: [t.uuidArray, t.timestamptz],
});

/** What an attempt came to, as the delivery and its subscription record it. */
export interface AttemptRecord {
  deliveryId: string;
  subscriptionId: string;
  number: number;
  manual: boolean;
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  /** succeeded, or pending with the next attempt's time and job, or failed */
  outcome: { status: 'succeeded' } | { status: 'pending'; nextAttemptAt: Date; jobId: string } | { status: 'failed' };
  now: Date;
}

export interface FanOutRow {
  id: string;
  job_id: string;
}

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Db) {}

  /**
   * The deliveries of the events, in the relay's transaction (FAN_OUT). Issued at once (no
   * `await` before it), so it leaves with the relay's COMMIT.
   */
  fanOut(tx: Tx, eventIds: readonly string[], now: Date): Promise<FanOutRow[]> {
    return tx.rows(FAN_OUT, [eventIds, now]);
  }

  /**
   * Takes the next attempt of a delivery for one job: counts it and marks it in flight until
   * `leaseUntil` (CLAIM). Undefined when there is nothing to do.
   */
  claim(
    deliveryId: string,
    expected: number,
    manual: boolean,
    jobId: string,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedDelivery | undefined> {
    return this.db.maybe(CLAIM, [deliveryId, expected, jobId, now, leaseUntil, manual]);
  }

  /**
   * Records an attempt on the delivery (unless a later attempt already recorded itself) and on
   * its subscription: a success ends its failure streak; a failure starts one (or continues it),
   * and a streak that began at or before `disableIfFailingSince`, or a 410, disables the
   * subscription and fails its pending deliveries. Returns whether the delivery took the record,
   * and how the subscription came out. One statement for a success (the common case), two for a
   * failure; each statement is atomic on its own.
   */
  async recordAttempt(r: AttemptRecord, disableIfFailingSince: Date): Promise<{ recorded: boolean; disabled: 'failing' | 'gone' | null }> {
    const nextAt = r.outcome.status === 'pending' ? r.outcome.nextAttemptAt : null;
    const jobId = r.outcome.status === 'pending' ? r.outcome.jobId : null;
    const { recorded } = await this.db.one(RECORD_ATTEMPT, [
      r.deliveryId,
      r.number,
      r.outcome.status,
      r.responseStatus,
      r.error,
      nextAt,
      jobId,
      r.startedAt,
      r.now,
      r.manual,
      r.durationMs,
      r.subscriptionId,
    ]);
    if (r.outcome.status === 'succeeded') return { recorded: recorded > 0, disabled: null };
    const after = await this.db.maybe(RECORD_FAILURE, [r.subscriptionId, r.now, r.responseStatus === 410, disableIfFailingSince]);
    return { recorded: recorded > 0, disabled: after?.status === 'disabled' ? after.disabled_reason : null };
  }

  /** Every pending delivery of a subscription that stops delivering ends as failed, with the reason. */
  async failPending(tx: Tx, subscriptionId: string, reason: string, now: Date): Promise<void> {
    await tx.run(FAIL_PENDING, [subscriptionId, reason, now]);
  }

  /** A page of one subscription's deliveries, newest first (the subscription is the caller's, checked before). */
  list(subscriptionId: string, q: ListQuery): Promise<{ rows: WebhookDeliveryDto[]; total: number }> {
    return this.db.list(DELIVERIES, [subscriptionId], q);
  }

  find(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryDto | undefined> {
    return this.db.maybe(FIND, [deliveryId, subscriptionId, workspaceId]);
  }

  attempts(deliveryId: string): Promise<WebhookDeliveryAttemptDto[]> {
    return this.db.rows(ATTEMPTS, [deliveryId]);
  }

  /**
   * Makes a delivery of the caller's workspace due now for an operator's attempt by job `jobId`;
   * undefined when it is not the caller's. The row is locked so the attempt count it answers is
   * the one the job will expect.
   */
  prepareManual(
    tx: Tx,
    workspaceId: string,
    subscriptionId: string,
    deliveryId: string,
    jobId: string,
    now: Date,
  ): Promise<WebhookDeliveryDto | undefined> {
    return tx.maybe(PREPARE_MANUAL, [deliveryId, subscriptionId, workspaceId, now, jobId]);
  }

  /**
   * Pending deliveries overdue since before `cutoff` (their job was lost, or never added), locked
   * so nodes sweeping at once take different ones.
   */
  overdue(tx: Tx, cutoff: Date, limit: number): Promise<{ id: string; attempts: number; job_id: string | null }[]> {
    return tx.rows(OVERDUE, [cutoff, limit]);
  }

  /** Hands overdue deliveries to new jobs (`jobs`: delivery id to job id), due at `now`. */
  async reassign(tx: Tx, jobs: ReadonlyMap<string, string>, now: Date): Promise<void> {
    await tx.run(REASSIGN, [[...jobs.keys()], [...jobs.values()], now]);
  }

  /** Marks deliveries still overdue as seen at `now`, so the next sweeps leave them for a while. */
  async touch(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
    await tx.run(TOUCH, [ids, now]);
  }
}
