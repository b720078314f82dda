import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage } from '../core/database/list-page';
import { type DataSubject, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { MachineScope } from '../auth';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { ServiceAgentStatus } from './service-agent-status';

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

const AGENT_COLUMNS = `id, workspace_id AS "workspaceId", name, slug, status, hidden, scopes,
  inserted_at AS "insertedAt", updated_at AS "updatedAt"`;

/** The unique index a slug taken by a concurrent insert trips (insertWithFreeSlug). */
export const AGENT_SLUG_UNIQUE_CONSTRAINT = 'service_agents_workspace_slug_key';

/** SQL for service agents. */
@Injectable()
export class ServiceAgentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Renames and/or sets the status (null keeps it) of a visible agent of the workspace; undefined when none. */
  async updateVisible(
    workspaceId: string,
    agentId: string,
    name: string | null,
    status: ServiceAgentStatus | null,
  ): Promise<ServiceAgentRow | undefined> {
    // UPDATE ... RETURNING answers [rows, count] through TypeORM's postgres driver
    const [rows]: [ServiceAgentRow[], number] = await this.db.query(
      `UPDATE service_agents SET name = COALESCE($3, name), status = COALESCE($4, status), updated_at = now()
        WHERE id = $1 AND workspace_id = $2 AND NOT hidden RETURNING ${AGENT_COLUMNS}`,
      [agentId, workspaceId, name, status],
    );
    return rows[0];
  }

  /** Deactivates the given visible agents of the workspace in `m`'s transaction; returns those it changed. */
  async deactivateVisible(m: SqlExecutor, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    const [rows] = await m.query(
      `UPDATE service_agents SET status = 'inactive', updated_at = now()
        WHERE id = ANY($2::uuid[]) AND workspace_id = $1 AND NOT hidden AND status <> 'inactive' RETURNING id`,
      [workspaceId, agentIds],
    );
    return (rows as { id: string }[]).map((r) => r.id);
  }

  /** An active, visible agent, or undefined when the slug is already taken in the workspace. */
  async insertUnlessSlugTaken(
    m: EntityManager,
    a: {
      workspaceId: string;
      name: string;
      slug: string;
      metadata: Record<string, unknown>;
      isDefault: boolean;
      scopes: readonly MachineScope[];
    },
  ): Promise<ServiceAgentRow | undefined> {
    const rows: ServiceAgentRow[] = await m.query(
      `INSERT INTO service_agents (workspace_id, name, slug, metadata, is_default, scopes) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (workspace_id, slug) DO NOTHING
         RETURNING ${AGENT_COLUMNS}`,
      [a.workspaceId, a.name, a.slug, a.metadata, a.isDefault, a.scopes],
    );
    return rows[0];
  }

  /**
   * An active, visible agent with the given id, in one statement that needs no answer before the
   * next (PipelinedTransaction): its slug is `slug`, or `fallbackSlug` when `slug` is taken in the
   * workspace. Fails with a unique violation (AGENT_SLUG_UNIQUE_CONSTRAINT) when a concurrent insert
   * took the slug it chose; the caller runs again with another fallback.
   */
  async insertWithFreeSlug(
    m: SqlExecutor,
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
    const rows: ServiceAgentRow[] = await m.query(
      `INSERT INTO service_agents (id, workspace_id, name, slug, metadata, scopes)
       SELECT $1, $2, $3, CASE WHEN EXISTS (SELECT 1 FROM service_agents WHERE workspace_id = $2 AND slug = $4) THEN $5 ELSE $4 END, $6, $7
       RETURNING ${AGENT_COLUMNS}`,
      [a.id, a.workspaceId, a.name, a.slug, a.fallbackSlug, a.metadata, a.scopes],
    );
    return rows[0];
  }

  /** Creates the workspace's hidden workspace-key agent unless it exists. */
  async insertHiddenIfMissing(m: EntityManager, workspaceId: string, slug: string, scopes: readonly MachineScope[]): Promise<void> {
    await m.query(
      `INSERT INTO service_agents (workspace_id, name, slug, hidden, scopes) VALUES ($1, 'Workspace key', $2, true, $3)
       ON CONFLICT DO NOTHING`,
      [workspaceId, slug, scopes],
    );
  }

  async findHidden(m: EntityManager, workspaceId: string): Promise<ServiceAgentRow> {
    const rows: ServiceAgentRow[] = await m.query(`SELECT ${AGENT_COLUMNS} FROM service_agents WHERE workspace_id = $1 AND hidden`, [
      workspaceId,
    ]);
    return rows[0];
  }

  // ---- data requests (issue 22) ----

  /** A page of a data subject's service agents (with their runtime metadata), by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return keysetPage(
      m,
      {
        columns: `id, name, slug, status, metadata, scopes, inserted_at, updated_at`,
        table: 'service_agents',
        alias: 'service_agents',
        scope: `workspace_id = $1 AND id = ANY($2::uuid[])`,
        params: [s.workspaceId, s.serviceAgentIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: the agents' names (and the slugs made from them) and runtime metadata; they are
   * deactivated. Returns the agents changed.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<string[]> {
    const [rows] = await m.query(
      `UPDATE service_agents SET name = 'Erased agent', slug = 'erased-' || id::text, metadata = '{}'::jsonb, status = 'inactive',
              updated_at = now()
        WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT hidden RETURNING id`,
      [s.workspaceId, s.serviceAgentIds],
    );
    return (rows as { id: string }[]).map((r) => r.id);
  }
}
