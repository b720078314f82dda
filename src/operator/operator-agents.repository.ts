import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ServiceAgentRow } from '../agents';
import type { MachineScope } from '../auth';
import type { StoredCredentialStatus } from '../credentials';

/** A key of a visible agent, as the operator's lists show it. */
export interface VisibleKeyRow {
  id: string;
  prefix: string;
  scopes: MachineScope[];
  status: StoredCredentialStatus;
  service_agent_id: string;
  expires_at: Date | null;
  last_used_at: Date | null;
  inserted_at: Date;
}

/** SQL for the operator's agents and keys (the hidden workspace-key agent is never shown). */
@Injectable()
export class OperatorAgentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The scopes a visible agent of the workspace allows; undefined for hidden or foreign agents. */
  async findVisibleAgentScopes(m: EntityManager, agentId: string, workspaceId: string): Promise<MachineScope[] | undefined> {
    const rows: { scopes: MachineScope[] }[] = await m.query(
      `SELECT scopes FROM service_agents WHERE id = $1 AND workspace_id = $2 AND NOT hidden`,
      [agentId, workspaceId],
    );
    return rows[0]?.scopes;
  }

  /** Whether the credential belongs to a visible agent of the workspace. */
  async isVisibleKey(workspaceId: string, credentialId: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE c.id = $1 AND c.workspace_id = $2 AND NOT a.hidden`,
      [credentialId, workspaceId],
    );
    return rows.length > 0;
  }

  /** The workspace's visible agents, newest first. */
  listVisibleAgents(workspaceId: string): Promise<ServiceAgentRow[]> {
    return this.db.query(
      `SELECT id, workspace_id AS "workspaceId", name, slug, status, hidden, scopes,
              inserted_at AS "insertedAt", updated_at AS "updatedAt"
         FROM service_agents WHERE workspace_id = $1 AND NOT hidden
        ORDER BY inserted_at DESC, id DESC`,
      [workspaceId],
    );
  }

  /** The keys of the workspace's visible agents (or the one given), newest first. */
  listVisibleKeys(workspaceId: string, credentialId?: string): Promise<VisibleKeyRow[]> {
    return this.db.query(
      `SELECT c.id, c.prefix, c.scopes, c.status, c.service_agent_id, c.expires_at, c.last_used_at, c.inserted_at
         FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE c.workspace_id = $1 AND NOT a.hidden AND ($2::uuid IS NULL OR c.id = $2)
        ORDER BY c.inserted_at DESC, c.id DESC`,
      [workspaceId, credentialId ?? null],
    );
  }
}
