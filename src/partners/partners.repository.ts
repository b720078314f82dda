import { Injectable } from '@nestjs/common';
import { type Tx, Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { ACTIVE_PARTNER_LIST, PARTNER_LIST } from './dto/partner.dto';
import type { PartnerScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { PartnerDto, PartnerSummaryDto } from './dto/partner.dto';
import type { PartnerStatus } from './partner-scopes';

/** The PostgreSQL channel every marketplace change notifies, in its transaction (delivered at commit). */
export const MARKETPLACE_CHANGED_CHANNEL = 'marketplace_changed';

/** A partner key with what partner authentication checks of its partner, read in one query. */
export interface PartnerKeyRecord {
  keyId: string;
  partnerId: string;
  secretHash: Buffer;
  /** null while the key is the partner's current one; else when it stopped (or stops) working. */
  keyExpiresAt: Date | null;
  partnerStatus: PartnerStatus;
  partnerScopes: PartnerScope[];
}

const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** API.md's `partner`: the current key's prefix, and the last use of any of its keys. */
const PARTNER_COLUMNS = `p.id, p.name, p.status, p.scopes,
  (SELECT 'mpk_' || k.prefix FROM partner_keys k WHERE k.partner_id = p.id ORDER BY k.expires_at IS NULL DESC, k.inserted_at DESC, k.id DESC LIMIT 1) AS key_prefix,
  ${iso('SELECT max(k.last_used_at) FROM partner_keys k WHERE k.partner_id = p.id')} AS last_used_at,
  ${iso('p.inserted_at')} AS inserted_at`;

const PARTNER_ROW = {
  id: t.uuid,
  name: t.text,
  status: t.text.of<PartnerStatus>(),
  scopes: t.textArray.of<PartnerScope[]>(),
  key_prefix: t.text,
  last_used_at: t.text.null,
  inserted_at: t.text,
};

const INSERT_PARTNER = statement({
  label: 'insert_partner',
  text: `INSERT INTO partners (name, scopes) VALUES ($1, $2) RETURNING id`,
  params: [t.text, t.textArray.of<PartnerScope[]>()],
  row: { id: t.uuid },
});

const INSERT_PARTNER_KEY = statement({
  label: 'insert_partner_key',
  text: `INSERT INTO partner_keys (partner_id, prefix, secret_hash, inserted_at) VALUES ($1, $2, $3, $4)
       RETURNING id, ${iso('inserted_at')} AS inserted_at`,
  params: [t.uuid, t.text, t.bytea, t.timestamptz],
  row: { id: t.uuid, inserted_at: t.text },
});

/** Every key of the partner but one stops at a time at the latest (a shorter expiry is kept). */
const EXPIRE_OTHER_KEYS = statement({
  label: 'expire_other_partner_keys',
  text: `UPDATE partner_keys SET expires_at = LEAST(COALESCE(expires_at, 'infinity'::timestamptz), $3)
        WHERE partner_id = $1 AND id <> $2`,
  params: [t.uuid, t.uuid, t.timestamptz],
});

const LOCK_PARTNER = statement({
  label: 'lock_partner',
  text: `SELECT id FROM partners WHERE id = $1 FOR UPDATE`,
  params: [t.uuid],
  row: { id: t.uuid },
});

const UPDATE_PARTNER = statement({
  label: 'update_partner',
  text: `UPDATE partners SET name = COALESCE($2, name), scopes = COALESCE($3, scopes), updated_at = now()
        WHERE id = $1 RETURNING id`,
  params: [t.uuid, t.text.null, t.textArray.of<PartnerScope[]>().null],
  row: { id: t.uuid },
});

/** Suspends or reinstates; the first suspended_at of a suspension is kept. */
const SET_PARTNER_STATUS = statement({
  label: 'set_partner_status',
  text: `UPDATE partners SET status = $2, updated_at = now(),
              suspended_at = CASE WHEN $2 = 'active' THEN NULL ELSE COALESCE(suspended_at, $3) END
        WHERE id = $1 RETURNING id`,
  params: [t.uuid, t.text.of<PartnerStatus>(), t.timestamptz],
  row: { id: t.uuid },
});

/**
 * The workspaces with an active engagement of the partner: those a change of the partner reaches,
 * where its audit events go (ADR 0240).
 */
const ENGAGED_WORKSPACES = statement({
  label: 'partner_engaged_workspaces',
  text: `SELECT DISTINCT e.workspace_id FROM engagements e WHERE e.partner_id = $1 AND e.status = 'active' ORDER BY e.workspace_id`,
  params: [t.uuid],
  row: { workspace_id: t.uuid },
});

/** Wakes every node's marketplace caches when (and only if) the caller's transaction commits. */
const NOTIFY_MARKETPLACE_CHANGED = statement({
  label: 'notify_marketplace_changed',
  text: `SELECT pg_notify($1, '')`,
  params: [t.text],
  row: { pg_notify: t.void },
});

const PARTNER_BY_ID = statement({
  label: 'partner_by_id',
  text: `SELECT ${PARTNER_COLUMNS} FROM partners p WHERE p.id = $1`,
  params: [t.uuid],
  row: PARTNER_ROW,
});

/** Every partner, newest first. */
const PARTNERS = listStatements(PARTNER_LIST, {
  label: 'list_partners',
  columns: PARTNER_COLUMNS,
  from: 'partners',
  alias: 'p',
  params: [],
  row: PARTNER_ROW,
});

/** Active partners a workspace may engage (id and name), newest first. */
const ACTIVE_PARTNERS = listStatements(ACTIVE_PARTNER_LIST, {
  label: 'list_active_partners',
  columns: 'p.id, p.name',
  from: 'partners',
  alias: 'p',
  scope: `p.status = 'active'`,
  params: [],
  row: { id: t.uuid, name: t.text },
});

/** The partner's scopes when it is active (a grant's partner must be active). */
const ACTIVE_PARTNER_SCOPES = statement({
  label: 'active_partner_scopes',
  text: `SELECT scopes FROM partners WHERE id = $1 AND status = 'active' FOR SHARE`,
  params: [t.uuid],
  row: { scopes: t.textArray.of<PartnerScope[]>() },
});

/** Partner authentication's lookup: one indexed join by key prefix. */
const PARTNER_KEY_BY_PREFIX = statement({
  label: 'partner_key_by_prefix',
  lane: 'read',
  text: `SELECT k.id AS key_id, k.partner_id, k.secret_hash, k.expires_at AS key_expires_at,
              p.status AS partner_status, p.scopes AS partner_scopes
         FROM partner_keys k JOIN partners p ON p.id = k.partner_id
        WHERE k.prefix = $1`,
  params: [t.text],
  row: {
    key_id: t.uuid,
    partner_id: t.uuid,
    secret_hash: t.bytea,
    key_expires_at: t.timestamptz.null,
    partner_status: t.text.of<PartnerStatus>(),
    partner_scopes: t.textArray.of<PartnerScope[]>(),
  },
});

/** Sets last_used_at unless it was set less than `everyMs` before `at` (by any node). */
const TOUCH_PARTNER_KEY = statement({
  label: 'touch_partner_key',
  text: `UPDATE partner_keys SET last_used_at = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3::float8 / 1000))`,
  params: [t.uuid, t.timestamptz, t.float],
});

/** SQL for partners and their mpk_ keys. */
@Injectable()
export class PartnersRepository {
  constructor(private readonly db: Db) {}

  async insertPartner(m: Tx, name: string, scopes: readonly PartnerScope[]): Promise<string> {
    return (await m.one(INSERT_PARTNER, [name, scopes as PartnerScope[]])).id;
  }

  async insertKey(m: Tx, partnerId: string, prefix: string, secretHash: Buffer, at: Date): Promise<{ id: string; insertedAt: string }> {
    const row = await m.one(INSERT_PARTNER_KEY, [partnerId, prefix, secretHash, at]);
    return { id: row.id, insertedAt: row.inserted_at };
  }

  /** Every key of the partner but `keepKeyId` stops at `until` at the latest (a shorter expiry is kept). */
  async expireOtherKeys(m: Tx, partnerId: string, keepKeyId: string, until: Date): Promise<void> {
    await m.run(EXPIRE_OTHER_KEYS, [partnerId, keepKeyId, until]);
  }

  /** Locks the partner's row until the transaction ends; false when there is no such partner. */
  async lock(m: Tx, partnerId: string): Promise<boolean> {
    return (await m.maybe(LOCK_PARTNER, [partnerId])) !== undefined;
  }

  async update(m: Tx, partnerId: string, changes: { name?: string; scopes?: readonly PartnerScope[] }): Promise<boolean> {
    return (await m.maybe(UPDATE_PARTNER, [partnerId, changes.name ?? null, (changes.scopes as PartnerScope[]) ?? null])) !== undefined;
  }

  /** Suspends or reinstates; the first suspended_at of a suspension is kept. */
  async setStatus(m: Tx, partnerId: string, status: PartnerStatus, at: Date): Promise<boolean> {
    return (await m.maybe(SET_PARTNER_STATUS, [partnerId, status, at])) !== undefined;
  }

  /** See ENGAGED_WORKSPACES. */
  async engagedWorkspaces(m: Tx, partnerId: string): Promise<string[]> {
    return (await m.rows(ENGAGED_WORKSPACES, [partnerId])).map((r) => r.workspace_id);
  }

  /** Wakes every node's marketplace caches when (and only if) the caller's transaction commits. */
  async notifyChanged(m: Tx): Promise<void> {
    await m.rows(NOTIFY_MARKETPLACE_CHANGED, [MARKETPLACE_CHANGED_CHANNEL]);
  }

  find(partnerId: string, m?: Tx): Promise<PartnerDto | undefined> {
    const q: Queryable = m ? m : this.db;
    return q.maybe(PARTNER_BY_ID, [partnerId]);
  }

  /** Every partner, newest first. */
  list(q: ListQuery): Promise<{ rows: PartnerDto[]; total: number }> {
    return this.db.list(PARTNERS, [], q);
  }

  /** Active partners a workspace may engage (id and name), newest first. */
  listActive(q: ListQuery): Promise<{ rows: PartnerSummaryDto[]; total: number }> {
    return this.db.list(ACTIVE_PARTNERS, [], q);
  }

  /** The partner's scopes when it is active, else undefined (a grant's partner must be active). */
  async activeScopes(m: Tx, partnerId: string): Promise<PartnerScope[] | undefined> {
    return (await m.maybe(ACTIVE_PARTNER_SCOPES, [partnerId]))?.scopes;
  }

  /** Partner authentication's lookup: one indexed join by key prefix. */
  async findKeyByPrefix(prefix: string): Promise<PartnerKeyRecord | undefined> {
    const row = await this.db.maybe(PARTNER_KEY_BY_PREFIX, [prefix]);
    if (!row) return undefined;
    return {
      keyId: row.key_id,
      partnerId: row.partner_id,
      secretHash: row.secret_hash,
      keyExpiresAt: row.key_expires_at,
      partnerStatus: row.partner_status,
      partnerScopes: row.partner_scopes,
    };
  }

  /** Sets last_used_at unless it was set less than `everyMs` before `at` (by any node). */
  async touchKeyLastUsed(keyId: string, at: Date, everyMs: number): Promise<void> {
    await this.db.run(TOUCH_PARTNER_KEY, [keyId, at, everyMs]);
  }
}
