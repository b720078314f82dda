import { Injectable } from '@nestjs/common';
import { type Tx, Db } from '../core/database/db.service';
import { keysetStatement } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { type RowOf, statement } from '../core/database/statement';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { MachineScope } from '../auth';
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

/** The unique index a slug taken by a concurrent insert trips (insertWithFreeSlug). */
export const AGENT_SLUG_UNIQUE_CONSTRAINT = 'service_agents_workspace_slug_key';

/** The workspace's visible agents, newest first (the operator's list). */
const VISIBLE_AGENTS = statement({
  label: 'visible_service_agents',
  text: `SELECT ${AGENT_COLUMNS} FROM service_agents WHERE workspace_id = $1 AND NOT hidden ORDER BY inserted_at DESC, id DESC`,
  params: [t.uuid],
  row: AGENT_ROW,
});

const UPDATE_VISIBLE = statement({
  label: 'update_visible_service_agent',
  text: `UPDATE service_agents SET name = COALESCE($3, name), status = COALESCE($4, status), updated_at = now()
        WHERE id = $1 AND workspace_id = $2 AND NOT hidden RETURNING ${AGENT_COLUMNS}`,
  params: [t.uuid, t.uuid, t.text.null, t.text.null],
  row: AGENT_ROW,
});

const DEACTIVATE_VISIBLE = statement({
  label: 'deactivate_visible_service_agents',
  text: `UPDATE service_agents SET status = 'inactive', updated_at = now()
        WHERE id = ANY($2::uuid[]) AND workspace_id = $1 AND NOT hidden AND status <> 'inactive' RETURNING id`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid },
});

const INSERT_UNLESS_SLUG_TAKEN = statement({
  label: 'insert_service_agent_unless_slug_taken',
  text: `INSERT INTO service_agents (workspace_id, name, slug, metadata, is_default, scopes) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (workspace_id, slug) DO NOTHING
         RETURNING ${AGENT_COLUMNS}`,
  params: [t.uuid, t.text, t.text, t.json, t.bool, t.textArray],
  row: AGENT_ROW,
});

/**
 * An active, visible agent with the given id, in one statement that needs no answer before the
 * next (PipelinedTransaction): its slug is $4, or $5 when $4 is taken in the workspace.
 */
const INSERT_WITH_FREE_SLUG = statement({
  label: 'insert_service_agent_with_free_slug',
  text: `INSERT INTO service_agents (id, workspace_id, name, slug, metadata, scopes)
       SELECT $1, $2, $3, CASE WHEN EXISTS (SELECT 1 FROM service_agents WHERE workspace_id = $2 AND slug = $4) THEN $5 ELSE $4 END, $6, $7
       RETURNING ${AGENT_COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text, t.text, t.json, t.textArray],
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
 * deactivated. Returns the agents changed.
 */
const ERASE_AGENTS = statement({
  label: 'erase_service_agents',
  text: `UPDATE service_agents SET name = 'Erased agent', slug = 'erased-' || id::text, metadata = '{}'::jsonb, status = 'inactive',
              updated_at = now()
        WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT hidden RETURNING id`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid },
});

/** SQL for service agents. */
@Injectable()
export class ServiceAgentsRepository {
  constructor(private readonly db: Db) {}

  /** The workspace's visible agents, newest first. */
  async listVisible(workspaceId: string): Promise<ServiceAgentRow[]> {
    return (await this.db.rows(VISIBLE_AGENTS, [workspaceId])).map(serviceAgent);
  }

  /** Renames and/or sets the status (null keeps it) of a visible agent of the workspace; undefined when none. */
  async updateVisible(
    workspaceId: string,
    agentId: string,
    name: string | null,
    status: ServiceAgentStatus | null,
  ): Promise<ServiceAgentRow | undefined> {
    const row = await this.db.maybe(UPDATE_VISIBLE, [agentId, workspaceId, name, status]);
    return row && serviceAgent(row);
  }

  /** Deactivates the given visible agents of the workspace in `m`'s transaction; returns those it changed. */
  async deactivateVisible(m: Tx, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    const rows = await m.rows(DEACTIVATE_VISIBLE, [workspaceId, agentIds]);
    return rows.map((r) => r.id);
  }

  /** An active, visible agent, or undefined when the slug is already taken in the workspace. */
  async insertUnlessSlugTaken(
    m: Tx,
    a: {
      workspaceId: string;
      name: string;
      slug: string;
      metadata: Record<string, unknown>;
      isDefault: boolean;
      scopes: readonly MachineScope[];
    },
  ): Promise<ServiceAgentRow | undefined> {
    const row = await m.maybe(INSERT_UNLESS_SLUG_TAKEN, [a.workspaceId, a.name, a.slug, a.metadata, a.isDefault, a.scopes]);
    return row && serviceAgent(row);
  }

  /**
   * An active, visible agent with the given id, in one statement that needs no answer before the
   * next (PipelinedTransaction): its slug is `slug`, or `fallbackSlug` when `slug` is taken in the
   * workspace. Fails with a unique violation (AGENT_SLUG_UNIQUE_CONSTRAINT) when a concurrent insert
   * took the slug it chose; the caller runs again with another fallback.
   */
  async insertWithFreeSlug(
    m: Tx,
    a: {
      id: string;
      workspaceId: string;
      name: string;
      slug: string;
      fallbackSlug: string;
      metadata: Record<string, unknown>;
      scopes: readonly MachineScope[];
    },
  ): Promise<ServiceAgentRow> {
    // issued at the call (before the first await): a pipelined transaction sends it at once
    const row = await m.one(INSERT_WITH_FREE_SLUG, [a.id, a.workspaceId, a.name, a.slug, a.fallbackSlug, a.metadata, a.scopes]);
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
