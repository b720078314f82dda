import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { DOMAIN_EVENT_TYPES, notNamedWebhookOnlySql, type DomainEventType, type StoredDomainEvent } from './domain-event-types';
import { EVENT_LIST } from './dto/event.dto';
import type { ListQuery } from '../core/listing/list-query';

/**
 * The other way to record events (Outbox.record is the first): for a change written by a single
 * statement, two data-modifying CTEs of that statement (`WITH changed AS (INSERT ... RETURNING
 * ...), <these> SELECT ...`) that record one `type` event per row of `from`, with the workspace
 * and data given as SQL expressions over its rows, and mark them pending for the relay, as
 * insert does. `name` names the first CTE (the second is `<name>_pending`). The change and its
 * events then commit together, in the statement's own transaction when it runs outside one: one
 * round trip in all. Once the statement has answered, tell Outbox.relayAfter.
 */
export function recordEventsSql(type: DomainEventType, e: { name: string; from: string; workspaceId: string; data: string }): string {
  if (!DOMAIN_EVENT_TYPES.includes(type)) throw new Error(`unknown domain event type "${type}"`);
  return `${e.name} AS (
      INSERT INTO domain_events (workspace_id, type, data)
      SELECT ${e.workspaceId}, '${type}', ${e.data} FROM ${e.from}
      RETURNING id, inserted_at
    ), ${e.name}_pending AS (
      INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM ${e.name}
    )`;
}

const COLUMNS = `e.id, e.workspace_id, e.type, e.data, ${isoColumn('e', 'inserted_at')}`;
const EVENT_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  type: t.text.of<DomainEventType>(),
  data: t.json.of<Record<string, unknown>>(),
  inserted_at: t.text,
};

/**
 * A value of an event's data that Postgres replaces with its transaction's time (`now()`, ISO
 * 8601 with milliseconds, as Date.toISOString writes it): for an event that carries a row's
 * timestamp the database sets in the same transaction (`DEFAULT now()`), written in the same
 * write as that row, so before its answer is known (PipelinedTransaction). A string no client can
 * send (it holds NUL characters, refused in every request) and no jsonb can hold, so a value left
 * unreplaced fails the insert instead of being stored.
 */
export const TRANSACTION_TIME = '\u0000transaction_time\u0000';
const TRANSACTION_TIME_JSON = JSON.stringify(TRANSACTION_TIME);
const TRANSACTION_TIME_ISO = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An event, marked pending for the relay (domain_events_pending), which sees it when (and if) the
 * transaction commits. No NOTIFY: Postgres serializes the commits of notifying transactions
 * across the cluster (Outbox wakes the relay in process instead).
 */
const INSERT_EVENT = statement({
  label: 'insert_domain_event',
  text: `WITH e AS (
         INSERT INTO domain_events (workspace_id, type, data)
         VALUES ($1, $2, replace($3, $4, '"' || ${TRANSACTION_TIME_ISO} || '"')::jsonb)
         RETURNING id, workspace_id, type, data, inserted_at
       ), pending AS (
         INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM e
       )
       SELECT ${COLUMNS} FROM e`,
  params: [t.uuid, t.text.of<DomainEventType>(), t.text, t.text],
  row: EVENT_ROW,
});

/**
 * Up to `limit` pending events, oldest first, locked, skipping those another node's relay holds;
 * served by domain_events_pending_order_idx.
 */
const LOCK_UNPUBLISHED = statement({
  label: 'lock_unpublished_domain_events',
  text: `SELECT ${COLUMNS} FROM domain_events_pending p JOIN domain_events e ON e.id = p.event_id
        ORDER BY p.inserted_at, p.event_id LIMIT $1 FOR UPDATE OF p SKIP LOCKED`,
  params: [t.bigint],
  row: EVENT_ROW,
});

/** Published events are no longer pending (their rows are not written again). */
const MARK_PUBLISHED = statement({
  label: 'mark_domain_events_published',
  text: `DELETE FROM domain_events_pending WHERE event_id = ANY($1::uuid[])`,
  params: [t.uuidArray],
});

/** The workspace's events, newest first; served by domain_events_list_idx (and _type_idx with a type). */
const EVENTS = listStatements(EVENT_LIST, {
  label: 'list_domain_events',
  columns: COLUMNS,
  from: 'domain_events',
  alias: 'e',
  scope: `e.workspace_id = $1 AND ${notNamedWebhookOnlySql('e.type')}`,
  params: [t.uuid],
  row: EVENT_ROW,
});

/** The outbox table `domain_events`. Every write runs in the caller's transaction (or commits on its own). */
@Injectable()
export class DomainEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts an event and marks it pending for the relay, in `q`'s transaction (undefined: on its
   * own). The statement is issued at once (no `await` before it), so in a pipelined transaction
   * it leaves with the statements beside it.
   */
  insert(
    q: Queryable | undefined,
    e: { workspaceId: string; type: DomainEventType; data: Record<string, unknown> },
  ): Promise<StoredDomainEvent> {
    return (q ?? this.db).one(INSERT_EVENT, [e.workspaceId, e.type, JSON.stringify(e.data), TRANSACTION_TIME_JSON]);
  }

  /** Locks up to `limit` pending events, oldest first, skipping those another node's relay holds. */
  lockUnpublished(tx: Tx, limit: number): Promise<StoredDomainEvent[]> {
    return tx.rows(LOCK_UNPUBLISHED, [limit]);
  }

  /** The events are published: no longer pending. Issued at once, as insert is. */
  async markPublished(tx: Tx, ids: readonly string[]): Promise<void> {
    await tx.run(MARK_PUBLISHED, [ids]);
  }

  /** A page of the workspace's events, newest first. */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: StoredDomainEvent[]; total: number }> {
    return this.db.list(EVENTS, [workspaceId], q);
  }
}
