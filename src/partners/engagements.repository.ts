import { Injectable } from '@nestjs/common';
import { type Tx, Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { ENGAGEMENT_EVENT_LIST, ENGAGEMENT_LIST } from './dto/engagement.dto';
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
const ENGAGEMENT_ROW = {
  id: t.uuid,
  partner_id: t.uuid,
  partner_name: t.text,
  workspace_id: t.uuid,
  workspace_name: t.text,
  status: t.text.of<EngagementStatus>(),
  scopes: t.textArray.of<EngagementScope[]>(),
  inserted_at: t.text,
  revoked_at: t.text.null,
};
const EVENT_COLUMNS = `v.id, v.engagement_id, v.kind, v.payload, ${isoColumn('v', 'inserted_at')}`;
const EVENT_ROW = { id: t.uuid, engagement_id: t.uuid, kind: t.text, payload: t.json.of<Record<string, unknown>>(), inserted_at: t.text };

/** A new active engagement; fails on engagements_active_key when one is active already. */
const INSERT_ENGAGEMENT = statement({
  label: 'insert_engagement',
  text: `INSERT INTO engagements (workspace_id, partner_id, scopes, granted_by) VALUES ($1, $2, $3, $4) RETURNING id`,
  params: [t.uuid, t.uuid, t.textArray.of<EngagementScope[]>(), t.uuid],
  row: { id: t.uuid },
});

const ENGAGEMENT_IN_WORKSPACE = statement({
  label: 'engagement_in_workspace',
  text: `SELECT ${ENGAGEMENT_COLUMNS} FROM ${ENGAGEMENT_FROM} WHERE e.id = $1 AND e.workspace_id = $2`,
  params: [t.uuid, t.uuid],
  row: ENGAGEMENT_ROW,
});

/** Revokes an active engagement of the workspace. */
const REVOKE_ENGAGEMENT = statement({
  label: 'revoke_engagement',
  text: `UPDATE engagements SET status = 'revoked', revoked_at = $3 WHERE id = $1 AND workspace_id = $2 AND status = 'active' RETURNING id`,
  params: [t.uuid, t.uuid, t.timestamptz],
  row: { id: t.uuid },
});

/** The workspace's engagements, every status, newest first. */
const WORKSPACE_ENGAGEMENTS = listStatements(ENGAGEMENT_LIST, {
  label: 'list_workspace_engagements',
  columns: ENGAGEMENT_COLUMNS,
  from: ENGAGEMENT_FROM,
  countFrom: 'engagements e',
  alias: 'e',
  scope: 'e.workspace_id = $1',
  params: [t.uuid],
  row: ENGAGEMENT_ROW,
});

/** The partner's active engagements, newest first. */
const PARTNER_ENGAGEMENTS = listStatements(ENGAGEMENT_LIST, {
  label: 'list_partner_engagements',
  columns: ENGAGEMENT_COLUMNS,
  from: ENGAGEMENT_FROM,
  countFrom: 'engagements e',
  alias: 'e',
  scope: `e.partner_id = $1 AND e.status = 'active'`,
  params: [t.uuid],
  row: ENGAGEMENT_ROW,
});

/** The partner's active engagement, with its workspace's state. */
const ACTIVE_ENGAGEMENT_FOR_PARTNER = statement({
  label: 'active_engagement_for_partner',
  text: `SELECT e.id, e.workspace_id, w.status AS workspace_status, e.scopes
         FROM engagements e JOIN workspaces w ON w.id = e.workspace_id
        WHERE e.id = $1 AND e.partner_id = $2 AND e.status = 'active'`,
  params: [t.uuid, t.uuid],
  row: { id: t.uuid, workspace_id: t.uuid, workspace_status: t.text.of<WorkspaceStatus>(), scopes: t.textArray.of<EngagementScope[]>() },
});

const PRUNE_ENGAGEMENT_TOKENS = statement({
  label: 'prune_engagement_tokens',
  text: `DELETE FROM engagement_tokens WHERE engagement_id = $1 AND expires_at < $2`,
  params: [t.uuid, t.timestamptz],
});

const INSERT_ENGAGEMENT_TOKEN = statement({
  label: 'insert_engagement_token',
  text: `INSERT INTO engagement_tokens (engagement_id, partner_key_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
  params: [t.uuid, t.uuid, t.bytea, t.textArray.of<EngagementScope[]>(), t.timestamptz],
  row: { id: t.uuid },
});

/** Engagement authentication's lookup: one indexed join by token hash. */
const ENGAGEMENT_TOKEN_BY_HASH = statement({
  label: 'engagement_token_by_hash',
  lane: 'read',
  text: `SELECT e.id AS engagement_id, e.partner_id, t.partner_key_id, e.workspace_id,
              t.scopes AS token_scopes, t.expires_at AS token_expires_at, e.status AS engagement_status,
              p.status AS partner_status, k.expires_at AS key_expires_at, w.status AS workspace_status
         FROM engagement_tokens t
         JOIN engagements e ON e.id = t.engagement_id
         JOIN partners p ON p.id = e.partner_id
         JOIN partner_keys k ON k.id = t.partner_key_id
         JOIN workspaces w ON w.id = e.workspace_id
        WHERE t.token_hash = $1`,
  params: [t.bytea],
  row: {
    engagement_id: t.uuid,
    partner_id: t.uuid,
    partner_key_id: t.uuid,
    workspace_id: t.uuid,
    token_scopes: t.textArray.of<EngagementScope[]>(),
    token_expires_at: t.timestamptz,
    engagement_status: t.text.of<EngagementStatus>(),
    partner_status: t.text.of<PartnerStatus>(),
    key_expires_at: t.timestamptz.null,
    workspace_status: t.text.of<WorkspaceStatus>(),
  },
});

const INSERT_ENGAGEMENT_EVENT = statement({
  label: 'insert_engagement_event',
  lane: 'committed',
  text: `INSERT INTO engagement_events AS v (engagement_id, workspace_id, kind, payload) VALUES ($1, $2, $3, $4) RETURNING ${EVENT_COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.json],
  row: EVENT_ROW,
});

/** The engagement's events, newest first; served by engagement_events_list_idx. */
const ENGAGEMENT_EVENTS = listStatements(ENGAGEMENT_EVENT_LIST, {
  label: 'list_engagement_events',
  columns: EVENT_COLUMNS,
  from: 'engagement_events',
  alias: 'v',
  scope: 'v.engagement_id = $1',
  params: [t.uuid],
  row: EVENT_ROW,
  lane: 'read',
});

/** SQL for engagements, the tokens minted under them and the events posted through them. */
@Injectable()
export class EngagementsRepository {
  constructor(private readonly db: Db) {}

  async insert(
    m: Tx,
    e: { workspaceId: string; partnerId: string; scopes: readonly EngagementScope[]; grantedBy: string },
  ): Promise<EngagementDto> {
    const tx = m;
    const { id } = await tx.one(INSERT_ENGAGEMENT, [e.workspaceId, e.partnerId, e.scopes as EngagementScope[], e.grantedBy]);
    return (await this.findInWorkspace(e.workspaceId, id, tx))!;
  }

  findInWorkspace(workspaceId: string, id: string, m?: Tx): Promise<EngagementDto | undefined> {
    const q: Queryable = m ? m : this.db;
    return q.maybe(ENGAGEMENT_IN_WORKSPACE, [id, workspaceId]);
  }

  /** Revokes an active engagement of the workspace; false when it was not active (or not there). */
  async revoke(m: Tx, workspaceId: string, id: string, at: Date): Promise<boolean> {
    return (await m.maybe(REVOKE_ENGAGEMENT, [id, workspaceId, at])) !== undefined;
  }

  /** The workspace's engagements, every status, newest first. */
  listForWorkspace(workspaceId: string, q: ListQuery): Promise<{ rows: EngagementDto[]; total: number }> {
    return this.db.list(WORKSPACE_ENGAGEMENTS, [workspaceId], q);
  }

  /** The partner's active engagements, newest first. */
  listActiveForPartner(partnerId: string, q: ListQuery): Promise<{ rows: EngagementDto[]; total: number }> {
    return this.db.list(PARTNER_ENGAGEMENTS, [partnerId], q);
  }

  /** The partner's active engagement `id`, with its workspace's state; undefined otherwise. */
  async findActiveForPartner(partnerId: string, id: string): Promise<EngagementForMint | undefined> {
    const row = await this.db.maybe(ACTIVE_ENGAGEMENT_FOR_PARTNER, [id, partnerId]);
    return row && { id: row.id, workspaceId: row.workspace_id, workspaceStatus: row.workspace_status, scopes: row.scopes };
  }

  /** Stores a minted token (its hash only) and prunes the engagement's long-expired tokens, in `m`'s transaction; the new token's id. */
  async insertToken(
    m: Tx,
    t: {
      engagementId: string;
      partnerKeyId: string;
      tokenHash: Buffer;
      scopes: readonly EngagementScope[];
      expiresAt: Date;
      pruneBefore: Date;
    },
  ): Promise<string> {
    await m.run(PRUNE_ENGAGEMENT_TOKENS, [t.engagementId, t.pruneBefore]);
    return (await m.one(INSERT_ENGAGEMENT_TOKEN, [t.engagementId, t.partnerKeyId, t.tokenHash, t.scopes as EngagementScope[], t.expiresAt]))
      .id;
  }

  /** Engagement authentication's lookup: one indexed join by token hash. */
  async findToken(tokenHash: Buffer): Promise<EngagementTokenRecord | undefined> {
    const row = await this.db.maybe(ENGAGEMENT_TOKEN_BY_HASH, [tokenHash]);
    if (!row) return undefined;
    return {
      engagementId: row.engagement_id,
      partnerId: row.partner_id,
      partnerKeyId: row.partner_key_id,
      workspaceId: row.workspace_id,
      tokenScopes: row.token_scopes,
      tokenExpiresAt: row.token_expires_at,
      engagementStatus: row.engagement_status,
      partnerStatus: row.partner_status,
      keyExpiresAt: row.key_expires_at,
      workspaceStatus: row.workspace_status,
    };
  }

  insertEvent(e: {
    engagementId: string;
    workspaceId: string;
    kind: string;
    payload: Record<string, unknown>;
  }): Promise<EngagementEventDto> {
    return this.db.one(INSERT_ENGAGEMENT_EVENT, [e.engagementId, e.workspaceId, e.kind, e.payload]);
  }

  /** The engagement's events, newest first; served by engagement_events_list_idx. */
  listEvents(engagementId: string, q: ListQuery): Promise<{ rows: EngagementEventDto[]; total: number }> {
    return this.db.list(ENGAGEMENT_EVENTS, [engagementId], q);
  }
}
