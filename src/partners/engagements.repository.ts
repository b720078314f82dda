import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import { listSql } from '../core/listing/list-sql';
import type { EngagementScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { WorkspaceStatus } from '../identity';
import type { EngagementDto, EngagementEventDto } from './dto/engagement.dto';
import type { EngagementStatus, PartnerStatus } from './partner-scopes';

/** An engagement token with the state of everything it depends on, read in one query. */
export interface EngagementTokenRecord {
  engagementId: string;
  partnerId: string;
  partnerKeyId: string;
  workspaceId: string;
  tokenScopes: EngagementScope[];
  tokenExpiresAt: Date;
  engagementStatus: EngagementStatus;
  partnerStatus: PartnerStatus;
  keyExpiresAt: Date | null;
  workspaceStatus: WorkspaceStatus;
}

/** An engagement as minting needs it: its workspace's state and its scopes. */
export interface EngagementForMint {
  id: string;
  workspaceId: string;
  workspaceStatus: WorkspaceStatus;
  scopes: EngagementScope[];
}

const ENGAGEMENT_COLUMNS = `e.id, e.partner_id, p.name AS partner_name, e.workspace_id, w.name AS workspace_name, e.status, e.scopes,
  ${isoColumn('e', 'inserted_at')}, ${isoColumn('e', 'revoked_at')}`;
const ENGAGEMENT_FROM = `engagements e JOIN partners p ON p.id = e.partner_id JOIN workspaces w ON w.id = e.workspace_id`;
const EVENT_COLUMNS = `v.id, v.engagement_id, v.kind, v.payload, ${isoColumn('v', 'inserted_at')}`;

/** SQL for engagements, the tokens minted under them and the events posted through them. */
@Injectable()
export class EngagementsRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /** A new active engagement; fails on engagements_active_key when one is active already. */
  async insert(
    m: EntityManager,
    e: { workspaceId: string; partnerId: string; scopes: readonly EngagementScope[]; grantedBy: string },
  ): Promise<EngagementDto> {
    const [{ id }] = await m.query(
      `INSERT INTO engagements (workspace_id, partner_id, scopes, granted_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [e.workspaceId, e.partnerId, e.scopes, e.grantedBy],
    );
    return (await this.findInWorkspace(e.workspaceId, id, m))!;
  }

  async findInWorkspace(workspaceId: string, id: string, m: EntityManager | DataSource = this.db): Promise<EngagementDto | undefined> {
    const rows = await m.query(`SELECT ${ENGAGEMENT_COLUMNS} FROM ${ENGAGEMENT_FROM} WHERE e.id = $1 AND e.workspace_id = $2`, [
      id,
      workspaceId,
    ]);
    return rows[0];
  }

  /** Revokes an active engagement of the workspace; false when it was not active (or not there). */
  async revoke(m: EntityManager, workspaceId: string, id: string, at: Date): Promise<boolean> {
    const [rows] = await m.query(
      `UPDATE engagements SET status = 'revoked', revoked_at = $3 WHERE id = $1 AND workspace_id = $2 AND status = 'active' RETURNING id`,
      [id, workspaceId, at],
    );
    return rows.length > 0;
  }

  /** The workspace's engagements, every status, newest first. */
  listForWorkspace(workspaceId: string, q: ListQuery): Promise<{ rows: EngagementDto[]; total: number }> {
    return this.page(q, 'e.workspace_id = $1', [workspaceId]);
  }

  /** The partner's active engagements, newest first. */
  listActiveForPartner(partnerId: string, q: ListQuery): Promise<{ rows: EngagementDto[]; total: number }> {
    return this.page(q, `e.partner_id = $1 AND e.status = 'active'`, [partnerId]);
  }

  private async page(q: ListQuery, scope: string, params: unknown[]): Promise<{ rows: EngagementDto[]; total: number }> {
    const s = listSql(q, { sql: scope, params, alias: 'e' });
    const [rows, counted] = await Promise.all([
      this.db.query(`SELECT ${ENGAGEMENT_COLUMNS} FROM ${ENGAGEMENT_FROM} ${s.where} ${s.orderBy} ${s.limit}`, s.params),
      this.db.query(`SELECT count(*)::int AS total FROM engagements e ${s.where}`, s.countParams),
    ]);
    return { rows, total: counted[0].total };
  }

  /** The partner's active engagement `id`, with its workspace's state; undefined otherwise. */
  async findActiveForPartner(partnerId: string, id: string): Promise<EngagementForMint | undefined> {
    const rows = await this.db.query(
      `SELECT e.id, e.workspace_id AS "workspaceId", w.status AS "workspaceStatus", e.scopes
         FROM engagements e JOIN workspaces w ON w.id = e.workspace_id
        WHERE e.id = $1 AND e.partner_id = $2 AND e.status = 'active'`,
      [id, partnerId],
    );
    return rows[0];
  }

  /** Stores a minted token (its hash only) and prunes the engagement's long-expired tokens. */
  async insertToken(t: {
    engagementId: string;
    partnerKeyId: string;
    tokenHash: Buffer;
    scopes: readonly EngagementScope[];
    expiresAt: Date;
    pruneBefore: Date;
  }): Promise<void> {
    await this.db.query(`DELETE FROM engagement_tokens WHERE engagement_id = $1 AND expires_at < $2`, [t.engagementId, t.pruneBefore]);
    await this.db.query(
      `INSERT INTO engagement_tokens (engagement_id, partner_key_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [t.engagementId, t.partnerKeyId, t.tokenHash, t.scopes, t.expiresAt],
    );
  }

  /** Engagement authentication's lookup: one indexed join by token hash. */
  async findToken(tokenHash: Buffer): Promise<EngagementTokenRecord | undefined> {
    const rows = await this.sql.rows<EngagementTokenRecord>(
      'engagement_token_by_hash',
      `SELECT e.id AS "engagementId", e.partner_id AS "partnerId", t.partner_key_id AS "partnerKeyId", e.workspace_id AS "workspaceId",
              t.scopes AS "tokenScopes", t.expires_at AS "tokenExpiresAt", e.status AS "engagementStatus",
              p.status AS "partnerStatus", k.expires_at AS "keyExpiresAt", w.status AS "workspaceStatus"
         FROM engagement_tokens t
         JOIN engagements e ON e.id = t.engagement_id
         JOIN partners p ON p.id = e.partner_id
         JOIN partner_keys k ON k.id = t.partner_key_id
         JOIN workspaces w ON w.id = e.workspace_id
        WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0];
  }

  async insertEvent(e: {
    engagementId: string;
    workspaceId: string;
    kind: string;
    payload: Record<string, unknown>;
  }): Promise<EngagementEventDto> {
    const rows = await this.sql.committedRows<EngagementEventDto>(
      'insert_engagement_event',
      `INSERT INTO engagement_events AS v (engagement_id, workspace_id, kind, payload) VALUES ($1, $2, $3, $4) RETURNING ${EVENT_COLUMNS}`,
      [e.engagementId, e.workspaceId, e.kind, e.payload],
    );
    return rows[0];
  }

  /** The engagement's events, newest first; served by engagement_events_list_idx. */
  async listEvents(engagementId: string, q: ListQuery): Promise<{ rows: EngagementEventDto[]; total: number }> {
    const s = listSql(q, { sql: 'v.engagement_id = $1', params: [engagementId], alias: 'v' });
    const [rows, counted] = await Promise.all([
      this.sql.pageRows<EngagementEventDto>(
        `list_engagement_events${s.variant}`,
        `SELECT ${EVENT_COLUMNS} FROM engagement_events v ${s.where} ${s.orderBy} ${s.limit}`,
        s.params,
        q.page.offset,
      ),
      this.sql.pooledRows<{ total: number }>(
        'count_engagement_events',
        `SELECT count(*)::int AS total FROM engagement_events v ${s.where}`,
        s.countParams,
      ),
    ]);
    return { rows, total: counted[0].total };
  }
}
