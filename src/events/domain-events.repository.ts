import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import { isoColumn } from '../core/database/sql';
import type { ListQuery } from '../core/listing/list-query';
import { DOMAIN_EVENT_TYPES, type DomainEventType, type StoredDomainEvent } from './domain-event-types';

/** The channel a committed event notifies (core/database/database-notifications.service.ts). */
export const DOMAIN_EVENTS_CHANNEL = 'domain_events';

/**
 * The other way to record events (Outbox.record is the first): for a change written by a single
 * statement, a data-modifying CTE of that statement (`WITH changed AS (INSERT ... RETURNING ...),
 * events AS (<this>) ...`) that records one `type` event per row of `from`, with the workspace
 * and data given as SQL expressions over its rows, and notifies the relays as insert does. The
 * change and its events then commit together, in the statement's own transaction when it runs
 * outside one: one round trip in all.
 */
export function recordEventsSql(type: DomainEventType, e: { from: string; workspaceId: string; data: string }): string {
  if (!DOMAIN_EVENT_TYPES.includes(type)) throw new Error(`unknown domain event type "${type}"`);
  return `INSERT INTO domain_events (workspace_id, type, data)
       SELECT ${e.workspaceId}, '${type}', ${e.data} FROM ${e.from}
       RETURNING pg_notify('${DOMAIN_EVENTS_CHANNEL}', '') AS notified`;
}

const COLUMNS = `e.id, e.workspace_id, e.type, e.data, ${isoColumn('e', 'inserted_at')}`;

/** The outbox table `domain_events`. Every statement runs in the caller's transaction. */
@Injectable()
export class DomainEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts an event and notifies the relays, which see it when (and if) the transaction commits. */
  async insert(
    m: EntityManager,
    e: { workspaceId: string; type: DomainEventType; data: Record<string, unknown> },
  ): Promise<StoredDomainEvent> {
    const rows: (StoredDomainEvent & { notified: unknown })[] = await m.query(
      `WITH e AS (
         INSERT INTO domain_events (workspace_id, type, data) VALUES ($1, $2, $3::jsonb)
         RETURNING id, workspace_id, type, data, inserted_at
       )
       SELECT ${COLUMNS}, pg_notify('${DOMAIN_EVENTS_CHANNEL}', '') AS notified FROM e`,
      [e.workspaceId, e.type, JSON.stringify(e.data)],
    );
    const { notified: _, ...event } = rows[0];
    return event;
  }

  /**
   * Locks up to `limit` unpublished events, oldest first, skipping those another node's relay
   * holds; served by domain_events_unpublished_idx.
   */
  lockUnpublished(m: EntityManager, limit: number): Promise<StoredDomainEvent[]> {
    return m.query(
      `SELECT ${COLUMNS} FROM domain_events e WHERE e.published_at IS NULL
        ORDER BY e.inserted_at, e.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markPublished(m: EntityManager, ids: readonly string[]): Promise<void> {
    await m.query(`UPDATE domain_events SET published_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** A page of the workspace's events, newest first; served by domain_events_list_idx (and _type_idx with a type). */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: StoredDomainEvent[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'domain_events', alias: 'e', scope: 'e.workspace_id = $1', params: [workspaceId] }, q);
  }
}
