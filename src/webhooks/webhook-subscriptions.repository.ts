import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import type { ListQuery } from '../core/listing/list-query';
import type { WebhookSubscriptionDto } from './dto/webhook-subscription.dto';

/** The response shape, straight from SQL; the sealed secrets are never selected here. */
const COLUMNS = `s.id, s.url, s.description, s.event_types, s.status, s.disabled_reason,
  ${isoColumn('s', 'failing_since')}, ${isoColumn('s', 'previous_secret_expires_at')},
  ${isoColumn('s', 'inserted_at')}, ${isoColumn('s', 'updated_at')}`;

/** A lock class of our own for pg_advisory_xact_lock(class, key): creations in one workspace queue on it. */
const CREATE_LOCK_CLASS = 20_001;

export interface NewSubscription {
  id: string;
  workspaceId: string;
  url: string;
  description: string | null;
  eventTypes: readonly string[];
  secretCiphertext: string;
}

export interface SubscriptionChanges {
  url?: string;
  description?: string | null;
  eventTypes?: readonly string[];
  status?: 'active' | 'disabled';
}

@Injectable()
export class WebhookSubscriptionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * How many subscriptions the workspace has, once no other creation in it can run before this
   * transaction ends (a transaction-scoped advisory lock per workspace): the cap cannot be raced.
   */
  async lockAndCount(m: EntityManager, workspaceId: string): Promise<number> {
    await m.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [CREATE_LOCK_CLASS, workspaceId]);
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE workspace_id = $1`, [workspaceId]);
    return n;
  }

  async insert(m: EntityManager, s: NewSubscription): Promise<WebhookSubscriptionDto> {
    const rows: WebhookSubscriptionDto[] = await m.query(
      `INSERT INTO webhook_subscriptions AS s (id, workspace_id, url, description, event_types, secret_ciphertext)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [s.id, s.workspaceId, s.url, s.description, s.eventTypes, s.secretCiphertext],
    );
    return rows[0];
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: WebhookSubscriptionDto[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'webhook_subscriptions', alias: 's', scope: 's.workspace_id = $1', params: [workspaceId] },
      q,
    );
  }

  async find(workspaceId: string, id: string): Promise<WebhookSubscriptionDto | undefined> {
    const rows: WebhookSubscriptionDto[] = await this.db.query(
      `SELECT ${COLUMNS} FROM webhook_subscriptions s WHERE s.id = $1 AND s.workspace_id = $2`,
      [id, workspaceId],
    );
    return rows[0];
  }

  /**
   * Applies the changes given (absent ones kept); undefined when not in the workspace. Disabling
   * records the operator as the reason; enabling a disabled one clears the reason and the failure
   * streak, and so does a new URL (the failures were another receiver's).
   */
  async update(m: EntityManager, workspaceId: string, id: string, c: SubscriptionChanges): Promise<WebhookSubscriptionDto | undefined> {
    const [rows] = await m.query(
      `UPDATE webhook_subscriptions AS s SET
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
      [id, workspaceId, c.url ?? null, c.eventTypes ?? null, c.description !== undefined, c.description ?? null, c.status ?? null],
    );
    return (rows as WebhookSubscriptionDto[])[0];
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const [, count] = await this.db.query(`DELETE FROM webhook_subscriptions WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
    return count > 0;
  }

  /** The current secret becomes the previous one (valid until `previousExpiresAt`), the new one current. */
  async rotateSecret(
    m: EntityManager,
    workspaceId: string,
    id: string,
    secretCiphertext: string,
    previousExpiresAt: Date,
  ): Promise<WebhookSubscriptionDto | undefined> {
    const [rows] = await m.query(
      `UPDATE webhook_subscriptions AS s SET previous_secret_ciphertext = s.secret_ciphertext,
              previous_secret_expires_at = $4, secret_ciphertext = $3, updated_at = now()
        WHERE s.id = $1 AND s.workspace_id = $2 RETURNING ${COLUMNS}`,
      [id, workspaceId, secretCiphertext, previousExpiresAt],
    );
    return (rows as WebhookSubscriptionDto[])[0];
  }

  /** Where notices about the workspace's webhooks go: its active owners and admins. */
  async adminEmails(workspaceId: string): Promise<string[]> {
    const rows: { email: string }[] = await this.db.query(
      `SELECT u.email FROM memberships ms JOIN users u ON u.id = ms.user_id
        WHERE ms.workspace_id = $1 AND ms.role IN ('owner', 'admin') AND u.status = 'active' ORDER BY u.email`,
      [workspaceId],
    );
    return rows.map((r) => r.email);
  }
}
