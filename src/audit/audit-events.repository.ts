import { Injectable } from '@nestjs/common';
import { Db, type Queryable, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { recordEventsSql } from '../events';
import type { AuditActorType } from '../auth';
import type { AuditAction, AuditOutcome } from './audit-actions';

/** What an insert writes (everything else is the database's: id, txid, occurred_at). */
export interface AuditEventInsert {
  workspaceId: string;
  action: AuditAction;
  outcome: AuditOutcome;
  actorType: AuditActorType;
  actorId: string | null;
  actorLabel: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: string | null;
}

/**
 * Where an event stands in its workspace's chain: the writing transaction's id (xid8, as text)
 * and the event id. The list, the export, verify and the sealer read events in this order, and
 * only those whose transaction, and every older one, has ended (HORIZON): nothing can arrive
 * behind an event once read (ADR 0238).
 */
export interface ChainPosition {
  txid: string;
  id: string;
}

/**
 * Transactions below this id have all ended: their events will never change order. Per-workspace
 * reads order by (workspace_id, txid, id), which only audit_events_order_idx serves: ordered by
 * (txid, id) alone, the planner may walk the global index and filter by workspace, which for a
 * large workspace whose events are not spread evenly reads most of the table (4 s measured).
 */
const HORIZON = `pg_snapshot_xmin(pg_current_snapshot())`;

/** An event's columns and its seal's (null until sealed); FROM ${FROM}. */
const COLUMNS = `a.id, ${isoColumn('a', 'occurred_at')}, a.workspace_id, a.action, a.outcome, a.actor_type, a.actor_id,
  a.actor_label, a.target_type, a.target_id, a.target_label, a.ip, a.user_agent, a.request_id, a.changes, s.hash,
  s.prev_hash, a.txid::text AS txid`;
const FROM = `audit_events a LEFT JOIN audit_seals s ON s.event_id = a.id`;

export const AUDIT_ROW = {
  id: t.uuid,
  occurred_at: t.text,
  workspace_id: t.uuid,
  action: t.text.of<AuditAction>(),
  outcome: t.text.of<AuditOutcome>(),
  actor_type: t.text.of<AuditActorType>(),
  actor_id: t.text.null,
  actor_label: t.text.null,
  target_type: t.text.null,
  target_id: t.text.null,
  target_label: t.text.null,
  ip: t.text.null,
  user_agent: t.text.null,
  request_id: t.text.null,
  changes: t.json.of<Record<string, [unknown, unknown]>>().null,
  hash: t.text.null,
  prev_hash: t.text.null,
  txid: t.text,
};

const INSERT = statement({
  label: 'insert_audit_event',
  text: `INSERT INTO audit_events (workspace_id, action, outcome, actor_type, actor_id, actor_label, target_type, target_id,
           target_label, ip, user_agent, request_id, changes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text::jsonb)`,
  params: [
    t.uuid,
    t.text.of<AuditAction>(),
    t.text.of<AuditOutcome>(),
    t.text.of<AuditActorType>(),
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
    t.text.null,
  ],
});

/** The filters of the list (each null when not given). */
const FILTERS = `($2::text IS NULL OR a.action = $2::text)
      AND ($3::text IS NULL OR starts_with(a.action, $3::text))
      AND ($4::text IS NULL OR a.actor_id = $4::text)
      AND ($5::text IS NULL OR a.target_id = $5::text)
      AND ($6::timestamptz IS NULL OR a.occurred_at >= $6::timestamptz)
      AND ($7::timestamptz IS NULL OR a.occurred_at <= $7::timestamptz)`;
const FILTER_PARAMS = [t.text.null, t.text.null, t.text.null, t.text.null, t.timestamptz.null, t.timestamptz.null] as const;

/** A page, newest first, after the cursor's position (null: from the newest); served by audit_events_order_idx. */
const PAGE = statement({
  label: 'list_audit_events',
  text: `SELECT ${COLUMNS} FROM ${FROM}
         WHERE a.workspace_id = $1 AND a.txid < ${HORIZON} AND ${FILTERS}
           AND ($8::text IS NULL OR (a.txid, a.id) < ($8::text::xid8, $9::uuid))
         ORDER BY a.workspace_id DESC, a.txid DESC, a.id DESC LIMIT $10`,
  params: [t.uuid, ...FILTER_PARAMS, t.text.null, t.uuid.null, t.bigint],
  row: AUDIT_ROW,
});

const COUNT = statement({
  label: 'count_audit_events',
  text: `SELECT count(*)::int AS count FROM audit_events a WHERE a.workspace_id = $1 AND a.txid < ${HORIZON} AND ${FILTERS}`,
  params: [t.uuid, ...FILTER_PARAMS],
  row: { count: t.int },
});

/** Oldest first after a position: the export (with its range) and verify (the whole chain). */
const ASCENDING = statement({
  label: 'audit_events_ascending',
  text: `SELECT ${COLUMNS} FROM ${FROM}
         WHERE a.workspace_id = $1 AND a.txid < ${HORIZON}
           AND ($2::timestamptz IS NULL OR a.occurred_at >= $2::timestamptz)
           AND ($3::timestamptz IS NULL OR a.occurred_at <= $3::timestamptz)
           AND ($4::text IS NULL OR (a.txid, a.id) > ($4::text::xid8, $5::uuid))
         ORDER BY a.workspace_id, a.txid, a.id LIMIT $6`,
  params: [t.uuid, t.timestamptz.null, t.timestamptz.null, t.text.null, t.uuid.null, t.bigint],
  row: AUDIT_ROW,
});

const CHAIN_ROW = {
  workspace_id: t.uuid,
  head_hash: t.text.null,
  head_id: t.uuid.null,
  sealed: t.bigint,
  pruned_hash: t.text.null,
};

const CHAIN = statement({
  label: 'audit_chain',
  text: `SELECT c.workspace_id, c.head_hash, c.head_id, c.sealed, c.pruned_hash FROM audit_chains c WHERE c.workspace_id = $1`,
  params: [t.uuid],
  row: CHAIN_ROW,
});

/** One sealer (or pruner) at a time, whatever the node: the chain is a sequence. Held until commit. */
const TRY_SEAL_LOCK = statement({
  label: 'audit_seal_lock',
  text: `SELECT pg_try_advisory_xact_lock(hashtext('audit_events_seal')::bigint) AS locked`,
  params: [],
  row: { locked: t.bool },
});

/**
 * The events after the sealed position, of settled transactions, in chain order (everything up to
 * the position is sealed: the sealer goes in this order, and nothing settles behind it); served by
 * audit_events_global_order_idx.
 */
const UNSEALED = statement({
  label: 'unsealed_audit_events',
  text: `SELECT ${COLUMNS} FROM ${FROM}
         WHERE (a.txid, a.id) > ($1::text::xid8, $2::uuid) AND a.txid < ${HORIZON}
         ORDER BY a.txid, a.id LIMIT $3`,
  params: [t.text, t.uuid, t.bigint],
  row: AUDIT_ROW,
});

/** Where sealing stands: everything up to this position is sealed (none yet: the start). */
const SEALED_POSITION = statement({
  label: 'audit_sealed_position',
  text: `SELECT st.sealed_txid::text AS txid, st.sealed_id AS id FROM audit_seal_state st`,
  params: [],
  row: { txid: t.text, id: t.uuid },
});

const CHAINS = statement({
  label: 'audit_chains_of',
  text: `SELECT c.workspace_id, c.head_hash, c.head_id, c.sealed, c.pruned_hash FROM audit_chains c WHERE c.workspace_id = ANY($1::uuid[])`,
  params: [t.uuidArray],
  row: CHAIN_ROW,
});

const SIEM_SUBSCRIBED = `SELECT 1 FROM webhook_subscriptions ws WHERE ws.workspace_id = sealed.workspace_id AND ws.status = 'active'
    AND 'audit_event.created' = ANY (ws.event_types)`;

/**
 * Seals events (a row of audit_seals each, the event row is never rewritten), moves the sealed
 * position to the last, and records an `audit_event.created` domain event carrying each sealed
 * event, in one statement. The domain event is recorded only in a workspace with an active
 * webhook subscription naming the type: it reaches webhooks only (ADR 0238), and the fan-out
 * serves only subscriptions that existed when the event happened, so one recorded without such a
 * subscription would be written for nobody (the table is the webhooks feature's; read here only
 * for that).
 */
const SEAL = statement({
  label: 'seal_audit_events',
  text: `WITH sealed AS (
           INSERT INTO audit_seals (event_id, hash, prev_hash)
           SELECT u.id, u.hash, u.prev_hash FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(id, hash, prev_hash)
           RETURNING event_id
         ), position AS (
           INSERT INTO audit_seal_state AS st (singleton, sealed_txid, sealed_id) VALUES (true, $5::text::xid8, $6)
           ON CONFLICT (singleton) DO UPDATE SET sealed_txid = excluded.sealed_txid, sealed_id = excluded.sealed_id
         ), events AS (
           SELECT d.workspace_id, d.data FROM unnest($4::uuid[], $7::text[]) AS d(workspace_id, data)
         ), ${recordEventsSql('audit_event.created', {
           name: 'created',
           from: `events sealed WHERE EXISTS (${SIEM_SUBSCRIBED})`,
           workspaceId: 'sealed.workspace_id',
           data: 'sealed.data::jsonb',
         })}
         SELECT count(*)::int AS sealed FROM sealed`,
  params: [t.uuidArray, t.textArray, t.textArray, t.uuidArray, t.text, t.uuid, t.textArray],
  row: { sealed: t.int },
});

const MOVE_HEADS = statement({
  label: 'move_audit_chain_heads',
  text: `INSERT INTO audit_chains AS c (workspace_id, head_hash, head_txid, head_id, sealed)
         SELECT u.workspace_id, u.head_hash, u.head_txid::xid8, u.head_id, u.sealed
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::int[]) AS u(workspace_id, head_hash, head_txid, head_id, sealed)
         ON CONFLICT (workspace_id) DO UPDATE
           SET head_hash = excluded.head_hash, head_txid = excluded.head_txid, head_id = excluded.head_id,
               sealed = c.sealed + excluded.sealed, updated_at = now()`,
  params: [t.uuidArray, t.textArray, t.textArray, t.uuidArray, t.intArray],
});

/** The chains whose first kept event is older than the cutoff: the pruner's work (one index probe a chain). */
const EXPIRED_CHAINS = statement({
  label: 'audit_chains_expired',
  text: `SELECT c.workspace_id, c.head_hash, c.head_id, c.sealed, c.pruned_hash FROM audit_chains c
         WHERE (SELECT a.occurred_at FROM audit_events a WHERE a.workspace_id = c.workspace_id
                ORDER BY a.workspace_id, a.txid, a.id LIMIT 1) < $1::timestamptz
         ORDER BY c.workspace_id`,
  params: [t.timestamptz],
  row: CHAIN_ROW,
});

/** The oldest events of a chain, sealed or not, in order: the pruner keeps from the first it must keep. */
const OLDEST = statement({
  label: 'oldest_audit_events',
  text: `SELECT a.id, a.txid::text AS txid, s.hash, (a.occurred_at < $2::timestamptz) AS expired FROM ${FROM}
         WHERE a.workspace_id = $1 ORDER BY a.workspace_id, a.txid, a.id LIMIT $3`,
  params: [t.uuid, t.timestamptz, t.bigint],
  row: { id: t.uuid, txid: t.text, hash: t.text.null, expired: t.bool },
});

const PRUNE = statement({
  label: 'prune_audit_events',
  text: `WITH gone AS (
           DELETE FROM audit_events a WHERE a.workspace_id = $1 AND (a.txid, a.id) <= ($2::text::xid8, $3::uuid) RETURNING a.id
         )
         DELETE FROM audit_seals s USING gone WHERE s.event_id = gone.id`,
  params: [t.uuid, t.text, t.uuid],
});

const SET_PRUNED = statement({
  label: 'set_audit_chain_pruned',
  text: `UPDATE audit_chains SET pruned_hash = $2, updated_at = now() WHERE workspace_id = $1`,
  params: [t.uuid, t.text],
});

export type AuditRow = Awaited<ReturnType<AuditEventsRepository['page']>>[number];
export type AuditChain = Awaited<ReturnType<AuditEventsRepository['chain']>>;

export interface AuditFilters {
  action: string | null;
  actionPrefix: string | null;
  actorId: string | null;
  targetId: string | null;
  since: Date | null;
  until: Date | null;
}

/** The audit log's tables: audit_events and audit_chains. */
@Injectable()
export class AuditEventsRepository {
  constructor(private readonly db: Db) {}

  /** Writes an event in `q`'s transaction (or on its own); issued at once, so it pipelines with its neighbours. */
  async insert(q: Queryable, e: AuditEventInsert): Promise<void> {
    await q.run(INSERT, [
      e.workspaceId,
      e.action,
      e.outcome,
      e.actorType,
      e.actorId,
      e.actorLabel,
      e.targetType,
      e.targetId,
      e.targetLabel,
      e.ip,
      e.userAgent,
      e.requestId,
      e.changes,
    ]);
  }

  page(workspaceId: string, f: AuditFilters, after: ChainPosition | null, limit: number) {
    return this.db.rows(PAGE, [workspaceId, ...this.filterParams(f), after?.txid ?? null, after?.id ?? null, limit]);
  }

  async count(workspaceId: string, f: AuditFilters): Promise<number> {
    return (await this.db.one(COUNT, [workspaceId, ...this.filterParams(f)])).count;
  }

  /** Up to `limit` events oldest first after `after`, within the range. */
  ascending(workspaceId: string, range: { since: Date | null; until: Date | null }, after: ChainPosition | null, limit: number) {
    return this.db.rows(ASCENDING, [workspaceId, range.since, range.until, after?.txid ?? null, after?.id ?? null, limit]);
  }

  chain(workspaceId: string) {
    return this.db.maybe(CHAIN, [workspaceId]);
  }

  async trySealLock(tx: Tx): Promise<boolean> {
    return (await tx.one(TRY_SEAL_LOCK, [])).locked;
  }

  /** Up to `limit` events after the sealed position, of settled transactions, in chain order. */
  async unsealed(tx: Tx, limit: number) {
    const at = (await tx.maybe(SEALED_POSITION, [])) ?? { txid: '0', id: '00000000-0000-0000-0000-000000000000' };
    return tx.rows(UNSEALED, [at.txid, at.id, limit]);
  }

  chains(tx: Tx, workspaceIds: readonly string[]) {
    return tx.rows(CHAINS, [workspaceIds]);
  }

  /** Seals events, in chain order up to `through` (the last), each with its `audit_event.created` data. */
  async seal(
    tx: Tx,
    s: { ids: string[]; hashes: string[]; prevHashes: string[]; workspaceIds: string[]; data: string[]; through: ChainPosition },
  ): Promise<number> {
    return (await tx.one(SEAL, [s.ids, s.hashes, s.prevHashes, s.workspaceIds, s.through.txid, s.through.id, s.data])).sealed;
  }

  async moveHeads(tx: Tx, heads: { workspaceId: string; hash: string; txid: string; id: string; sealed: number }[]): Promise<void> {
    await tx.run(MOVE_HEADS, [
      heads.map((h) => h.workspaceId),
      heads.map((h) => h.hash),
      heads.map((h) => h.txid),
      heads.map((h) => h.id),
      heads.map((h) => h.sealed),
    ]);
  }

  expiredChains(tx: Tx, cutoff: Date) {
    return tx.rows(EXPIRED_CHAINS, [cutoff]);
  }

  oldest(tx: Tx, workspaceId: string, cutoff: Date, limit: number) {
    return tx.rows(OLDEST, [workspaceId, cutoff, limit]);
  }

  /** Deletes the chain's events up to and including `through` (and their seals). */
  async prune(tx: Tx, workspaceId: string, through: ChainPosition, prunedHash: string): Promise<void> {
    await tx.run(PRUNE, [workspaceId, through.txid, through.id]);
    await tx.run(SET_PRUNED, [workspaceId, prunedHash]);
  }

  private filterParams(f: AuditFilters) {
    return [f.action, f.actionPrefix, f.actorId, f.targetId, f.since, f.until] as const;
  }
}
