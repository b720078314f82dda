import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import {
  WEBHOOK_SUBSCRIPTION_LIST,
  type WebhookDisabledReason,
  type WebhookEventSelection,
  type WebhookSubscriptionDto,
  type WebhookSubscriptionStatus,
} from './dto/webhook-subscription.dto';
import type { ListQuery } from '../core/listing/list-query';

/** The response shape, straight from SQL; the sealed secrets are never selected here. */
const COLUMNS = `s.id, s.url, s.description, s.event_types, s.status, s.disabled_reason,
  ${isoColumn('s', 'failing_since')}, ${isoColumn('s', 'previous_secret_expires_at')},
  ${isoColumn('s', 'inserted_at')}, ${isoColumn('s', 'updated_at')}`;
const SUBSCRIPTION_ROW = {
  id: t.uuid,
  url: t.text,
  description: t.text.null,
  event_types: t.textArray.of<WebhookSubscriptionDto['event_types']>(),
  status: t.text.of<WebhookSubscriptionStatus>(),
  disabled_reason: t.text.of<WebhookDisabledReason>().null,
  failing_since: t.text.null,
  previous_secret_expires_at: t.text.null,
  inserted_at: t.text,
  updated_at: t.text,
};

/** A lock class of our own for pg_advisory_xact_lock(class, key): creations in one workspace queue on it. */
const CREATE_LOCK_CLASS = 20_001;

/** No other creation in the workspace can run before this transaction ends (a transaction-scoped advisory lock per workspace). */
const LOCK_CREATIONS = statement({
  label: 'lock_webhook_subscription_creations',
  text: `SELECT pg_advisory_xact_lock($1, hashtext($2))`,
  params: [t.int, t.text],
  row: { pg_advisory_xact_lock: t.void },
});

const COUNT = statement({
  label: 'count_workspace_webhook_subscriptions',
  text: `SELECT count(*)::int AS n FROM webhook_subscriptions WHERE workspace_id = $1`,
  params: [t.uuid],
  row: { n: t.int },
});

const INSERT = statement({
  label: 'insert_webhook_subscription',
  text: `INSERT INTO webhook_subscriptions AS s (id, workspace_id, url, description, event_types, secret_ciphertext)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text.null, t.textArray, t.text],
  row: SUBSCRIPTION_ROW,
});

const SUBSCRIPTIONS = listStatements(WEBHOOK_SUBSCRIPTION_LIST, {
  label: 'list_webhook_subscriptions',
  columns: COLUMNS,
  from: 'webhook_subscriptions',
  alias: 's',
  scope: 's.workspace_id = $1',
  params: [t.uuid],
  row: SUBSCRIPTION_ROW,
});

const FIND = statement({
  label: 'find_webhook_subscription',
  text: `SELECT ${COLUMNS} FROM webhook_subscriptions s WHERE s.id = $1 AND s.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: SUBSCRIPTION_ROW,
});

/**
 * The changes given (NULL keeps a column; $5 says whether $6 is a new description). Disabling
 * records the operator as the reason; enabling a disabled one clears the reason and the failure
 * streak, and so does a new URL (the failures were another receiver's).
 */
const UPDATE = statement({
  label: 'update_webhook_subscription',
  text: `UPDATE webhook_subscriptions AS s SET
         url = COALESCE($3, s.url),
         event_types = COALESCE($4, s.event_types),
         description = CASE WHEN $5 THEN $6 ELSE s.description END,
         status = COALESCE($7, s.status),
         disabled_reason = CASE WHEN $7 = 'active' THEN NULL
                                WHEN $7 = 'disabled' AND s.status = 'active' THEN 'operator'
                                ELSE s.disabled_reason END,
         failing_since = CASE WHEN ($7 = 'active' AND s.status = 'disabled') OR $3 <> s.url THEN NULL ELSE s.failing_since END,
         updated_at = now()
       WHERE s.id = $1 AND s.workspace_id = $2 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text.null, t.textArray.null, t.bool, t.text.null, t.text.of<WebhookSubscriptionStatus>().null],
  row: SUBSCRIPTION_ROW,
});

const DELETE = statement({
  label: 'delete_webhook_subscription',
  text: `DELETE FROM webhook_subscriptions WHERE id = $1 AND workspace_id = $2 RETURNING url`,
  params: [t.uuid, t.uuid],
  row: { url: t.text },
});

/** The subscription, row-locked until the transaction ends (an update reads what it changes). */
const LOCK = statement({
  label: 'lock_webhook_subscription',
  text: `SELECT ${COLUMNS} FROM webhook_subscriptions s WHERE s.id = $1 AND s.workspace_id = $2 FOR UPDATE`,
  params: [t.uuid, t.uuid],
  row: SUBSCRIPTION_ROW,
});

/** The current secret becomes the previous one (valid until $4), the new one ($3) current. */
const ROTATE_SECRET = statement({
  label: 'rotate_webhook_subscription_secret',
  text: `UPDATE webhook_subscriptions AS s SET previous_secret_ciphertext = s.secret_ciphertext,
              previous_secret_expires_at = $4, secret_ciphertext = $3, updated_at = now()
        WHERE s.id = $1 AND s.workspace_id = $2 RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.timestamptz],
  row: SUBSCRIPTION_ROW,
});

/** Where notices about the workspace's webhooks go: its active owners and admins. */
const ADMIN_EMAILS = statement({
  label: 'webhook_admin_emails',
  text: `SELECT u.email FROM memberships ms JOIN users u ON u.id = ms.user_id
        WHERE ms.workspace_id = $1 AND ms.role IN ('owner', 'admin') AND u.status = 'active' ORDER BY u.email`,
  params: [t.uuid],
  row: { email: t.text },
});

export interface NewSubscription {
  id: string;
  workspaceId: string;
  url: string;
  description: string | null;
  eventTypes: readonly WebhookEventSelection[];
  secretCiphertext: string;
}

export interface SubscriptionChanges {
  url?: string;
  description?: string | null;
  eventTypes?: readonly WebhookEventSelection[];
  status?: 'active' | 'disabled';
}

@Injectable()
export class WebhookSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * How many subscriptions the workspace has, once no other creation in it can run before this
   * transaction ends (a transaction-scoped advisory lock per workspace): the cap cannot be raced.
   */
  async lockAndCount(tx: Tx, workspaceId: string): Promise<number> {
    await tx.run(LOCK_CREATIONS, [CREATE_LOCK_CLASS, workspaceId]);
    return (await tx.one(COUNT, [workspaceId])).n;
  }

  insert(tx: Tx, s: NewSubscription): Promise<WebhookSubscriptionDto> {
    return tx.one(INSERT, [s.id, s.workspaceId, s.url, s.description, s.eventTypes, s.secretCiphertext]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: WebhookSubscriptionDto[]; total: number }> {
    return this.db.list(SUBSCRIPTIONS, [workspaceId], q);
  }

  find(workspaceId: string, id: string): Promise<WebhookSubscriptionDto | undefined> {
    return this.db.maybe(FIND, [id, workspaceId]);
  }

  /** Applies the changes given (absent ones kept, UPDATE); undefined when not in the workspace. */
  update(tx: Tx, workspaceId: string, id: string, c: SubscriptionChanges): Promise<WebhookSubscriptionDto | undefined> {
    return tx.maybe(UPDATE, [
      id,
      workspaceId,
      c.url ?? null,
      c.eventTypes ?? null,
      c.description !== undefined,
      c.description ?? null,
      c.status ?? null,
    ]);
  }

  /** See LOCK; undefined when not in the workspace. */
  lock(tx: Tx, workspaceId: string, id: string): Promise<WebhookSubscriptionDto | undefined> {
    return tx.maybe(LOCK, [id, workspaceId]);
  }

  /** Deletes it (its deliveries go with it); its URL, or undefined when it was not in the workspace. */
  async delete(tx: Tx, workspaceId: string, id: string): Promise<string | undefined> {
    return (await tx.maybe(DELETE, [id, workspaceId]))?.url;
  }

  /** The current secret becomes the previous one (valid until `previousExpiresAt`), the new one current. */
  rotateSecret(
    tx: Tx,
    workspaceId: string,
    id: string,
    secretCiphertext: string,
    previousExpiresAt: Date,
  ): Promise<WebhookSubscriptionDto | undefined> {
    return tx.maybe(ROTATE_SECRET, [id, workspaceId, secretCiphertext, previousExpiresAt]);
  }

  /** Where notices about the workspace's webhooks go: its active owners and admins. */
  async adminEmails(workspaceId: string): Promise<string[]> {
    return (await this.db.rows(ADMIN_EMAILS, [workspaceId])).map((r) => r.email);
  }
}
