import { Injectable } from '@nestjs/common';
import { type Queryable, type Tx, Db } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { utcIso, utcTextColumn } from '../core/database/sql';
import { type RowOf, statement } from '../core/database/statement';
import { notifyCredentialEventSql } from '../core/redis/credential-events';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import { SERVICE_AGENT_LIST } from './service-agent-list';
import type { MachineScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { ServiceAgentStatus } from './service-agent-status';

/** A service agent as the service uses it (mapped from its snake_case row by serviceAgent). */
export interface ServiceAgentRow {
  id: string;
  workspaceId: string;
  name: string;
  slug: string;
  status: ServiceAgentStatus;
  hidden: boolean;
  scopes: MachineScope[];
  insertedAt: Date;
  updatedAt: Date;
}

const AGENT_COLUMNS = `id, workspace_id, name, slug, status, hidden, scopes,
  inserted_at, updated_at`;
const AGENT_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  name: t.text,
  slug: t.text,
  status: t.text.of<ServiceAgentStatus>(),
  hidden: t.bool,
  scopes: t.textArray.of<MachineScope[]>(),
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
} as const;

function serviceAgent(r: RowOf<typeof AGENT_ROW>): ServiceAgentRow {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    name: r.name,
    slug: r.slug,
    status: r.status,
    hidden: r.hidden,
    scopes: r.scopes,
    insertedAt: r.inserted_at,
    updatedAt: r.updated_at,
  };
}

/** The unique index a slug taken by a concurrent insert would trip (insertWithFreeSlug takes another). */
export const AGENT_SLUG_UNIQUE_CONSTRAINT = 'service_agents_workspace_slug_key';

/** A visible agent as the operator's list answers it: its times as ISO 8601 strings. */
export interface ServiceAgentListing {
  id: string;
  name: string;
  slug: string;
  status: ServiceAgentStatus;
  scopes: MachineScope[];
  inserted_at: string;
  updated_at: string;
}

const LISTING_COLUMNS = `a.id, a.name, a.slug, a.status, a.scopes, ${utcTextColumn('a', 'inserted_at')}, ${utcTextColumn('a', 'updated_at')}`;
const LISTING_ROW = {
  id: t.uuid,
  name: t.text,
  slug: t.text,
  status: t.text.of<ServiceAgentStatus>(),
  scopes: t.textArray.of<MachineScope[]>(),
  inserted_at: t.text,
  updated_at: t.text,
} as const;

/**
 * A page of the workspace's visible agents, newest first (served by service_agents_list_idx). On
 * the read lane while the offset is shallow (Db.page); the times as Postgres's UTC text,
 * formatted in Node (utcIso), as the message list reads them (ADR 0263).
 */
const VISIBLE_AGENTS = listStatements(SERVICE_AGENT_LIST, {
  label: 'list_service_agents',
  columns: LISTING_COLUMNS,
  from: 'service_agents',
  alias: 'a',
  scope: 'a.workspace_id = $1 AND NOT a.hidden',
  params: [t.uuid],
  row: LISTING_ROW,
  lane: 'read',
});

/** One visible agent of the workspace, as the list shows it (a console page's agent). */
const VISIBLE_AGENT = statement({
  label: 'visible_service_agent',
  text: `SELECT ${LISTING_COLUMNS} FROM service_agents a WHERE a.workspace_id = $1 AND a.id = $2 AND NOT a.hidden`,
  params: [t.uuid, t.uuid],
  row: LISTING_ROW,
});

/** The names of the given visible agents of the workspace (pages name agents before their ids). */
const VISIBLE_AGENT_NAMES = statement({
  label: 'visible_service_agent_names',
  text: `SELECT a.id, a.name FROM service_agents a WHERE a.workspace_id = $1 AND a.id = ANY($2::uuid[]) AND NOT a.hidden`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, name: t.text },
});

/**
 * Renames and/or sets the status; a status set is notified to every node with the commit (the
 * agent's cached credentials are dropped everywhere, whatever Redis does: ADR 0230).
 */
const UPDATE_VISIBLE = statement({
  label: 'update_visible_service_agent',
  text: `WITH before AS (
           SELECT id AS agent_id, name AS previous_name, status AS previous_status FROM service_agents
           WHERE id = $1 AND workspace_id = $2 AND NOT hidden FOR NO KEY UPDATE),
         a AS (
           UPDATE service_agents SET name = COALESCE($3, name), status = COALESCE($4, status), updated_at = now()
           FROM before WHERE service_agents.id = before.agent_id RETURNING ${AGENT_COLUMNS}, before.previous_name, before.previous_status)
         SELECT a.*, CASE WHEN $4::text IS NOT NULL THEN ${notifyCredentialEventSql.agentChanged('a.id')} END AS notified FROM a`,
  params: [t.uuid, t.uuid, t.text.null, t.text.null],
  row: { ...AGENT_ROW, previous_name: t.text, previous_status: t.text.of<ServiceAgentStatus>(), notified: t.void },
});

/** Deactivates, notifying each agent deactivated to every node with the commit (as UPDATE_VISIBLE). */
const DEACTIVATE_VISIBLE = statement({
  label: 'deactivate_visible_service_agents',
  text: `WITH a AS (
           UPDATE service_agents SET status = 'inactive', updated_at = now()
           WHERE id = ANY($2::uuid[]) AND workspace_id = $1 AND NOT hidden AND status <> 'inactive' RETURNING id)
         SELECT a.id, ${notifyCredentialEventSql.agentChanged('a.id')} AS notified FROM a`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, notified: t.void },
});

/**
 * An active, visible agent with the given id and the first of three slugs ($4, $5, $6) free in the
 * workspace, in one statement that needs no answer before the next (PipelinedTransaction). Each
 * candidate waits for a concurrent insert of the same slug and is skipped if that commits; the
 * last is the one with the agent's id (slugCandidatesFor), taken by no other agent.
 */
const INSERT_WITH_FIRST_FREE_SLUG = statement({
  label: 'insert_service_agent_with_free_slug',
  text: `WITH first AS (
           INSERT INTO service_agents (id, workspace_id, name, slug, metadata, is_default, scopes)
           VALUES ($1, $2, $3, $4, $7, $8, $9)
           ON CONFLICT (workspace_id, slug) DO NOTHING RETURNING ${AGENT_COLUMNS}),
         second AS (
           INSERT INTO service_agents (id, workspace_id, name, slug, metadata, is_default, scopes)
           SELECT $1, $2, $3, $5, $7, $8, $9 WHERE NOT EXISTS (SELECT FROM first)
           ON CONFLICT (workspace_id, slug) DO NOTHING RETURNING ${AGENT_COLUMNS}),
         last AS (
           INSERT INTO service_agents (id, workspace_id, name, slug, metadata, is_default, scopes)
           SELECT $1, $2, $3, $6, $7, $8, $9 WHERE NOT EXISTS (SELECT FROM first) AND NOT EXISTS (SELECT FROM second)
           RETURNING ${AGENT_COLUMNS})
       SELECT * FROM first UNION ALL SELECT * FROM second UNION ALL SELECT * FROM last`,
  params: [t.uuid, t.uuid, t.text, t.text, t.text, t.text, t.json, t.bool, t.textArray],
  row: AGENT_ROW,
});

const INSERT_HIDDEN_IF_MISSING = statement({
  label: 'insert_hidden_service_agent_if_missing',
  text: `INSERT INTO service_agents (workspace_id, name, slug, hidden, scopes) VALUES ($1, 'Workspace key', $2, true, $3)
       ON CONFLICT DO NOTHING`,
  params: [t.uuid, t.text, t.textArray],
});

const FIND_HIDDEN = statement({
  label: 'hidden_service_agent',
  text: `SELECT ${AGENT_COLUMNS} FROM service_agents WHERE workspace_id = $1 AND hidden`,
  params: [t.uuid],
  row: AGENT_ROW,
});

/** A page of a data subject's service agents (with their runtime metadata), by id. */
const EXPORT_AGENTS = keysetStatement({
  label: 'export_service_agents',
  columns: `id, name, slug, status, metadata, scopes, inserted_at, updated_at`,
  from: 'service_agents',
  alias: 'service_agents',
  scope: `workspace_id = $1 AND id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: {
    id: t.uuid,
    name: t.text,
    slug: t.text,
    status: t.text,
    metadata: t.json,
    scopes: t.textArray,
    inserted_at: t.timestamptz,
    updated_at: t.timestamptz,
  },
  limit: EXPORT_PAGE_SIZE,
});

/**
 * Erasure: the agents' names (and the slugs made from them) and runtime metadata; they are
 * deactivated (notified to every node with the commit, as UPDATE_VISIBLE). Returns the agents changed.
 */
const ERASE_AGENTS = statement({
  label: 'erase_service_agents',
  text: `WITH a AS (
           UPDATE service_agents SET name = 'Erased agent', slug = 'erased-' || id::text, metadata = '{}'::jsonb, status = 'inactive',
                  updated_at = now()
           WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT hidden RETURNING id)
         SELECT a.id, ${notifyCredentialEventSql.agentChanged('a.id')} AS notified FROM a`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, notified: t.void },
});

/** A listing row's times from Postgres's UTC text to ISO 8601 (ADR 0263). */
function listingTimes(row: ServiceAgentListing): ServiceAgentListing {
  row.inserted_at = utcIso(row.inserted_at);
  row.updated_at = utcIso(row.updated_at);
  return row;
}

/** SQL for service agents. */
@Injectable()
export class ServiceAgentsRepository {
  constructor(private readonly db: Db) {}

  /** A page of the workspace's visible agents, newest first. */
  async listVisible(workspaceId: string, q: ListQuery): Promise<ServiceAgentListing[]> {
    const rows = await this.db.listRows(VISIBLE_AGENTS, [workspaceId], q);
    for (const row of rows) listingTimes(row);
    return rows;
  }

  /** A visible agent of the workspace as the list shows it; undefined for hidden, foreign and unknown ids. */
  async findVisible(workspaceId: string, agentId: string): Promise<ServiceAgentListing | undefined> {
    const row = await this.db.maybe(VISIBLE_AGENT, [workspaceId, agentId]);
    return row && listingTimes(row);
  }

  /** Names of visible agents of the workspace by id (other ids are left out). */
  async namesOf(workspaceId: string, agentIds: readonly string[]): Promise<Map<string, string>> {
    if (agentIds.length === 0) return new Map();
    const rows = await this.db.rows(VISIBLE_AGENT_NAMES, [workspaceId, [...new Set(agentIds)]]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * Renames and/or sets the status (null keeps it) of a visible agent of the workspace, in `q`'s
   * transaction when given; the agent as it is now and its name and status before (read under the
   * row's lock); undefined when none.
   */
  async updateVisible(
    q: Queryable | undefined,
    workspaceId: string,
    agentId: string,
    name: string | null,
    status: ServiceAgentStatus | null,
  ): Promise<{ agent: ServiceAgentRow; before: Pick<ServiceAgentRow, 'name' | 'status'> } | undefined> {
    const row = await (q ?? this.db).maybe(UPDATE_VISIBLE, [agentId, workspaceId, name, status]);
    return row && { agent: serviceAgent(row), before: { name: row.previous_name, status: row.previous_status } };
  }

  /** Deactivates the given visible agents of the workspace in `m`'s transaction; returns those it changed. */
  async deactivateVisible(m: Tx, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    const rows = await m.rows(DEACTIVATE_VISIBLE, [workspaceId, agentIds]);
    return rows.map((r) => r.id);
  }

  /**
   * An active, visible agent with the given id and the first of `slugs` free in the workspace, in
   * one statement that needs no answer before the next (PipelinedTransaction). The last slug must
   * be unique by construction (slugCandidatesFor); an insert that races it anyway fails with a
   * unique violation (AGENT_SLUG_UNIQUE_CONSTRAINT).
   */
  async insertWithFreeSlug(
    m: Tx,
    a: {
      id: string;
      workspaceId: string;
      name: string;
      slugs: readonly [string, string, string];
      metadata: Record<string, unknown>;
      isDefault: boolean;
      scopes: readonly MachineScope[];
    },
  ): Promise<ServiceAgentRow> {
    // issued at the call (before the first await): a pipelined transaction sends it at once
    const [slug, shorter, unique] = a.slugs;
    const row = await m.one(INSERT_WITH_FIRST_FREE_SLUG, [
      a.id,
      a.workspaceId,
      a.name,
      slug,
      shorter,
      unique,
      a.metadata,
      a.isDefault,
      a.scopes,
    ]);
    return serviceAgent(row);
  }

  /** Creates the workspace's hidden workspace-key agent unless it exists. */
  async insertHiddenIfMissing(m: Tx, workspaceId: string, slug: string, scopes: readonly MachineScope[]): Promise<void> {
    await m.run(INSERT_HIDDEN_IF_MISSING, [workspaceId, slug, scopes]);
  }

  async findHidden(m: Tx, workspaceId: string): Promise<ServiceAgentRow> {
    return serviceAgent(await m.one(FIND_HIDDEN, [workspaceId]));
  }

  // ---- data requests (issue 22) ----

  /** A page of a data subject's service agents (with their runtime metadata), by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_AGENTS, [s.workspaceId, s.serviceAgentIds, after ?? null]);
  }

  /**
   * Erasure: the agents' names (and the slugs made from them) and runtime metadata; they are
   * deactivated. Returns the agents changed.
   */
  async erase(m: Tx, s: DataSubject): Promise<string[]> {
    const rows = await m.rows(ERASE_AGENTS, [s.workspaceId, s.serviceAgentIds]);
    return rows.map((r) => r.id);
  }
}
