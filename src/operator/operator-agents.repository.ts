import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/**
 * SQL for the operator's agents and keys. The list reads (agents, keys) still sit in
 * OperatorAgentsService while the list toolkit is being changed (see sql-placement.spec.ts).
 */
@Injectable()
export class OperatorAgentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The scopes a visible agent of the workspace allows; undefined for hidden or foreign agents. */
  async findVisibleAgentScopes(m: EntityManager, agentId: string, workspaceId: string): Promise<string[] | undefined> {
    const rows: { scopes: string[] }[] = await m.query(
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
}
