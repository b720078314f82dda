import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { ListQuery } from '../core/listing/list-query';
import type { WebhookDeliveryAttemptDto, WebhookDeliveryDto } from './dto/webhook-delivery.dto';

const COLUMNS = `d.id, d.subscription_id, d.event_id, d.event_type, d.status, d.attempts, d.response_status, d.last_error,
  ${isoColumn('d', 'next_attempt_at')}, ${isoColumn('d', 'last_attempt_at')}, ${isoColumn('d', 'inserted_at')}, ${isoColumn('d', 'updated_at')}`;

/** The BullMQ job id of a delivery's n-th scheduled attempt (dots: BullMQ keeps ':' for its keys). */
export const attemptJobId = (deliveryId: string, attempt: number) => `${deliveryId}.${attempt}`;

/** A delivery handed to the job that makes an attempt: everything the attempt needs. */
export interface ClaimedDelivery {
  id: string;
  workspaceId: string;
  subscriptionId: string;
  subscriptionActive: boolean;
  /** attempts made, this one included */
  attempts: number;
  createdAt: Date;
  url: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  event: { id: string; type: string; data: Record<string, unknown>; created: string };
}

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
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One pending delivery per event and active subscription of its workspace that selects its
   * type (or `*`) and existed when the event happened, due now. The unique (event, subscription)
   * pair makes a second fan-out of the same events (a relay retried) add nothing. Returns the
   * deliveries it created.
   */
  fanOut(m: SqlExecutor, eventIds: readonly string[], now: Date): Promise<FanOutRow[]> {
    return m.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, subscription_id, event_id, event_type, job_id, next_attempt_at, inserted_at, updated_at)
       SELECT x.id, x.workspace_id, x.subscription_id, x.event_id, x.type, x.id::text || '.1', $2::timestamptz, $2::timestamptz, $2::timestamptz
         FROM (SELECT gen_random_uuid() AS id, e.workspace_id, s.id AS subscription_id, e.id AS event_id, e.type
                 FROM domain_events e
                 JOIN webhook_subscriptions s ON s.workspace_id = e.workspace_id AND s.status = 'active'
                  AND s.inserted_at <= e.inserted_at AND (e.type = ANY (s.event_types) OR '*' = ANY (s.event_types))
                WHERE e.id = ANY ($1::uuid[])) x
       ON CONFLICT (event_id, subscription_id) DO NOTHING
       RETURNING id, job_id`,
      [eventIds, now],
    );
  }

  /**
   * Takes the next attempt of a delivery for one job: counts it and marks it in flight until
   * `leaseUntil` (after which the re-drive sweep presumes it lost). It is taken only while the
   * delivery is pending with exactly `expected` attempts made, so two jobs for the same attempt (a
   * re-drive, a duplicate) make it once; and, unless `manual`, only while its subscription is
   * active. Undefined when there is nothing to do.
   */
  async claim(
    deliveryId: string,
    expected: number,
    manual: boolean,
    jobId: string,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedDelivery | undefined> {
    const [rows] = await this.db.query(
      `UPDATE webhook_deliveries AS d SET attempts = d.attempts + 1, next_attempt_at = $5, job_id = $3, updated_at = $4
         FROM webhook_subscriptions s, domain_events e
        WHERE d.id = $1 AND s.id = d.subscription_id AND e.id = d.event_id
          AND d.attempts = $2 AND d.status = 'pending' AND (s.status = 'active' OR $6)
        RETURNING d.id, d.workspace_id AS "workspaceId", d.subscription_id AS "subscriptionId",
                  s.status = 'active' AS "subscriptionActive", d.attempts,
                  d.inserted_at AS "createdAt", s.url, s.secret_ciphertext AS "secretCiphertext",
                  s.previous_secret_ciphertext AS "previousSecretCiphertext",
                  s.previous_secret_expires_at AS "previousSecretExpiresAt",
                  json_build_object('id', e.id, 'type', e.type, 'data', e.data,
                    'created', to_char(e.inserted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS event`,
      [deliveryId, expected, jobId, now, leaseUntil, manual],
    );
    return (rows as ClaimedDelivery[])[0];
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
    const [{ recorded }]: { recorded: number }[] = await this.db.query(
      `WITH d AS (
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
      [
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
      ],
    );
    if (r.outcome.status === 'succeeded') return { recorded: recorded > 0, disabled: null };
    const rows: { status: string; disabled_reason: 'failing' | 'gone' | null }[] = await this.db.query(
      `WITH s AS (
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
      [r.subscriptionId, r.now, r.responseStatus === 410, disableIfFailingSince],
    );
    const after = rows[0];
    return { recorded: recorded > 0, disabled: after?.status === 'disabled' ? after.disabled_reason : null };
  }

  /** Every pending delivery of a subscription that stops delivering ends as failed, with the reason. */
  async failPending(m: EntityManager, subscriptionId: string, reason: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = $3
        WHERE subscription_id = $1 AND status = 'pending'`,
      [subscriptionId, reason, now],
    );
  }

  /** A page of one subscription's deliveries, newest first (the subscription is the caller's, checked before). */
  list(subscriptionId: string, q: ListQuery): Promise<{ rows: WebhookDeliveryDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'webhook_deliveries', alias: 'd', scope: 'd.subscription_id = $1', params: [subscriptionId] },
      q,
    );
  }

  async find(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryDto | undefined> {
    const rows: WebhookDeliveryDto[] = await this.db.query(
      `SELECT ${COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.subscription_id = $2 AND d.workspace_id = $3`,
      [deliveryId, subscriptionId, workspaceId],
    );
    return rows[0];
  }

  attempts(deliveryId: string): Promise<WebhookDeliveryAttemptDto[]> {
    return this.db.query(
      `SELECT a.number, a.manual, ${isoColumn('a', 'started_at')}, a.duration_ms, a.response_status, a.error
         FROM webhook_delivery_attempts a WHERE a.delivery_id = $1 ORDER BY a.number`,
      [deliveryId],
    );
  }

  /**
   * Makes a delivery of the caller's workspace due now for an operator's attempt by job `jobId`;
   * undefined when it is not the caller's. The row is locked so the attempt count it answers is
   * the one the job will expect.
   */
  async prepareManual(
    m: EntityManager,
    workspaceId: string,
    subscriptionId: string,
    deliveryId: string,
    jobId: string,
    now: Date,
  ): Promise<WebhookDeliveryDto | undefined> {
    const [rows] = await m.query(
      `UPDATE webhook_deliveries AS d SET status = 'pending', next_attempt_at = $4, job_id = $5, updated_at = $4
        WHERE d.id = $1 AND d.subscription_id = $2 AND d.workspace_id = $3 RETURNING ${COLUMNS}`,
      [deliveryId, subscriptionId, workspaceId, now, jobId],
    );
    return (rows as WebhookDeliveryDto[])[0];
  }

  /**
   * Pending deliveries overdue since before `cutoff` (their job was lost, or never added), locked
   * so nodes sweeping at once take different ones.
   */
  overdue(m: EntityManager, cutoff: Date, limit: number): Promise<{ id: string; attempts: number; job_id: string | null }[]> {
    return m.query(
      `SELECT id, attempts, job_id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= $1
        ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [cutoff, limit],
    );
  }

  /** Hands overdue deliveries to new jobs (`jobs`: delivery id to job id), due at `now`. */
  async reassign(m: EntityManager, jobs: ReadonlyMap<string, string>, now: Date): Promise<void> {
    await m.query(
      `UPDATE webhook_deliveries d SET job_id = j.job_id, next_attempt_at = $3, updated_at = $3
         FROM unnest($1::uuid[], $2::text[]) AS j (id, job_id) WHERE d.id = j.id AND d.status = 'pending'`,
      [[...jobs.keys()], [...jobs.values()], now],
    );
  }

  /** Marks deliveries still overdue as seen at `now`, so the next sweeps leave them for a while. */
  async touch(m: EntityManager, ids: readonly string[], now: Date): Promise<void> {
    await m.query(`UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id = ANY ($1::uuid[]) AND status = 'pending'`, [ids, now]);
  }
}
