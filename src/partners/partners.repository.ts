import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { listSql } from '../core/listing/list-sql';
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

/** SQL for partners and their mpk_ keys. */
@Injectable()
export class PartnersRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  async insertPartner(m: EntityManager, name: string, scopes: readonly PartnerScope[]): Promise<string> {
    const [row] = await m.query(`INSERT INTO partners (name, scopes) VALUES ($1, $2) RETURNING id`, [name, scopes]);
    return row.id;
  }

  async insertKey(
    m: EntityManager,
    partnerId: string,
    prefix: string,
    secretHash: Buffer,
    at: Date,
  ): Promise<{ id: string; insertedAt: string }> {
    const [row] = await m.query(
      `INSERT INTO partner_keys (partner_id, prefix, secret_hash, inserted_at) VALUES ($1, $2, $3, $4)
       RETURNING id, ${iso('inserted_at')} AS "insertedAt"`,
      [partnerId, prefix, secretHash, at],
    );
    return row;
  }

  /** Every key of the partner but `keepKeyId` stops at `until` at the latest (a shorter expiry is kept). */
  async expireOtherKeys(m: EntityManager, partnerId: string, keepKeyId: string, until: Date): Promise<void> {
    await m.query(
      `UPDATE partner_keys SET expires_at = LEAST(COALESCE(expires_at, 'infinity'::timestamptz), $3)
        WHERE partner_id = $1 AND id <> $2`,
      [partnerId, keepKeyId, until],
    );
  }

  /** Locks the partner's row until the transaction ends; false when there is no such partner. */
  async lock(m: EntityManager, partnerId: string): Promise<boolean> {
    const rows = await m.query(`SELECT id FROM partners WHERE id = $1 FOR UPDATE`, [partnerId]);
    return rows.length > 0;
  }

  async update(m: EntityManager, partnerId: string, changes: { name?: string; scopes?: readonly PartnerScope[] }): Promise<boolean> {
    const [rows] = await m.query(
      `UPDATE partners SET name = COALESCE($2, name), scopes = COALESCE($3, scopes), updated_at = now()
        WHERE id = $1 RETURNING id`,
      [partnerId, changes.name ?? null, changes.scopes ?? null],
    );
    return rows.length > 0;
  }

  /** Suspends or reinstates; the first suspended_at of a suspension is kept. */
  async setStatus(m: EntityManager, partnerId: string, status: PartnerStatus, at: Date): Promise<boolean> {
    const [rows] = await m.query(
      `UPDATE partners SET status = $2, updated_at = now(),
              suspended_at = CASE WHEN $2 = 'active' THEN NULL ELSE COALESCE(suspended_at, $3) END
        WHERE id = $1 RETURNING id`,
      [partnerId, status, at],
    );
    return rows.length > 0;
  }

  /** Wakes every node's marketplace caches when (and only if) the caller's transaction commits. */
  async notifyChanged(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_notify($1, '')`, [MARKETPLACE_CHANGED_CHANNEL]);
  }

  async find(partnerId: string, m: EntityManager | DataSource = this.db): Promise<PartnerDto | undefined> {
    const rows = await m.query(`SELECT ${PARTNER_COLUMNS} FROM partners p WHERE p.id = $1`, [partnerId]);
    return rows[0];
  }

  /** Every partner, newest first. */
  async list(q: ListQuery): Promise<{ rows: PartnerDto[]; total: number }> {
    const s = listSql(q, { alias: 'p' });
    const [rows, counted] = await Promise.all([
      this.db.query(`SELECT ${PARTNER_COLUMNS} FROM partners p ${s.where} ${s.orderBy} ${s.limit}`, s.params),
      this.db.query(`SELECT count(*)::int AS total FROM partners p ${s.where}`, s.countParams),
    ]);
    return { rows, total: counted[0].total };
  }

  /** Active partners a workspace may engage (id and name), newest first. */
  async listActive(q: ListQuery): Promise<{ rows: PartnerSummaryDto[]; total: number }> {
    const s = listSql(q, { sql: `p.status = 'active'`, alias: 'p' });
    const [rows, counted] = await Promise.all([
      this.db.query(`SELECT p.id, p.name FROM partners p ${s.where} ${s.orderBy} ${s.limit}`, s.params),
      this.db.query(`SELECT count(*)::int AS total FROM partners p ${s.where}`, s.countParams),
    ]);
    return { rows, total: counted[0].total };
  }

  /** The partner's scopes when it is active, else undefined (a grant's partner must be active). */
  async activeScopes(m: EntityManager, partnerId: string): Promise<PartnerScope[] | undefined> {
    const rows = await m.query(`SELECT scopes FROM partners WHERE id = $1 AND status = 'active' FOR SHARE`, [partnerId]);
    return rows[0]?.scopes;
  }

  /** Partner authentication's lookup: one indexed join by key prefix. */
  async findKeyByPrefix(prefix: string): Promise<PartnerKeyRecord | undefined> {
    const rows = await this.sql.rows<PartnerKeyRecord>(
      'partner_key_by_prefix',
      `SELECT k.id AS "keyId", k.partner_id AS "partnerId", k.secret_hash AS "secretHash", k.expires_at AS "keyExpiresAt",
              p.status AS "partnerStatus", p.scopes AS "partnerScopes"
         FROM partner_keys k JOIN partners p ON p.id = k.partner_id
        WHERE k.prefix = $1`,
      [prefix],
    );
    return rows[0];
  }

  /** Sets last_used_at unless it was set less than `everyMs` before `at` (by any node). */
  async touchKeyLastUsed(keyId: string, at: Date, everyMs: number): Promise<void> {
    await this.sql.pooledRows(
      'touch_partner_key',
      `UPDATE partner_keys SET last_used_at = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3::float8 / 1000))`,
      [keyId, at, everyMs],
    );
  }
}
