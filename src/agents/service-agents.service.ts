import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { slugCandidate, slugify } from '../core/common/slug';
import { MACHINE_SCOPES, PRIMARY_KEY_SCOPES } from '../auth/scopes';
import type { ServiceAgentStatus } from './service-agent-status';

export interface ServiceAgentRow {
  id: string;
  workspaceId: string;
  name: string;
  slug: string;
  status: ServiceAgentStatus;
  hidden: boolean;
  scopes: string[];
  insertedAt: Date;
  updatedAt: Date;
}

/** The hidden agent's slug cannot collide with a slugified name (slugify never emits "_"). */
export const WORKSPACE_KEY_AGENT_SLUG = '_workspace-key';
const SLUG_ATTEMPTS = 8;

const AGENT_COLUMNS = `id, workspace_id AS "workspaceId", name, slug, status, hidden, scopes,
  inserted_at AS "insertedAt", updated_at AS "updatedAt"`;

@Injectable()
export class ServiceAgentsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  /**
   * Activates or deactivates a visible agent of the workspace. Deactivation refuses the agent's
   * credentials (service_agent_inactive) at once on every node. Hidden and foreign agents: 404.
   */
  async update(
    workspaceId: string,
    agentId: string,
    changes: { name?: string; status?: ServiceAgentStatus },
  ): Promise<ServiceAgentRow> {
    // UPDATE ... RETURNING answers [rows, count] through TypeORM's postgres driver
    const [rows]: [ServiceAgentRow[], number] = await this.db.query(
      `UPDATE service_agents SET name = COALESCE($3, name), status = COALESCE($4, status), updated_at = now()
        WHERE id = $1 AND workspace_id = $2 AND NOT hidden RETURNING ${AGENT_COLUMNS}`,
      [agentId, workspaceId, changes.name ?? null, changes.status ?? null],
    );
    if (rows.length === 0) throw new NotFoundProblem();
    if (changes.status !== undefined) {
      await this.events.publish({ type: CredentialEvents.agentChanged, serviceAgentId: agentId });
    }
    return rows[0];
  }

  /** Creates an active, visible agent with a slug unique in its workspace. */
  async create(
    m: EntityManager,
    workspaceId: string,
    name: string,
    metadata: Record<string, unknown> = {},
    options: { isDefault?: boolean; scopes?: readonly string[] } = {},
  ): Promise<ServiceAgentRow> {
    const base = slugify(name, 'agent');
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const rows: ServiceAgentRow[] = await m.query(
        `INSERT INTO service_agents (workspace_id, name, slug, metadata, is_default, scopes) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (workspace_id, slug) DO NOTHING
         RETURNING ${AGENT_COLUMNS}`,
        [workspaceId, name, slugCandidate(base, attempt), metadata, options.isDefault ?? false, options.scopes ?? MACHINE_SCOPES],
      );
      if (rows.length > 0) return rows[0];
    }
    throw new Error(`could not find a free agent slug for "${base}"`);
  }

  /** The workspace's hidden workspace-key agent, created on first use (one per workspace). */
  async ensureWorkspaceKeyAgent(m: EntityManager, workspaceId: string): Promise<ServiceAgentRow> {
    await m.query(
      `INSERT INTO service_agents (workspace_id, name, slug, hidden, scopes) VALUES ($1, 'Workspace key', $2, true, $3)
       ON CONFLICT DO NOTHING`,
      [workspaceId, WORKSPACE_KEY_AGENT_SLUG, PRIMARY_KEY_SCOPES],
    );
    const rows: ServiceAgentRow[] = await m.query(
      `SELECT ${AGENT_COLUMNS} FROM service_agents WHERE workspace_id = $1 AND hidden`,
      [workspaceId],
    );
    return rows[0];
  }
}
