import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ServiceAgentsService } from '../agents/service-agents.service';
import { Clock } from '../core/common/clock/clock';
import { toIso } from '../core/common/iso';
import { IssuedAccessToken, IssuedApiKey, MachineCredentialsService } from './machine-credentials.service';
import { PRIMARY_KEY_SCOPES } from '../auth/scopes';

export interface GeneratedKey {
  apiKey: IssuedApiKey;
  accessToken: IssuedAccessToken;
  revoked: string[];
}

export interface WorkspaceKeySummary {
  credential_id: string;
  prefix: string;
  scopes: string[];
  status: string;
  last_used_at: string | null;
  inserted_at: string;
}

/**
 * The workspace primary key: an agk_ credential on the workspace's hidden agent, carrying every
 * machine scope except credentials:write. Generating or rotating replaces it (the old credential
 * is revoked, and with it every token minted from it); deleting revokes it.
 */
@Injectable()
export class WorkspaceKeyService {
  constructor(
    private readonly agents: ServiceAgentsService,
    private readonly credentials: MachineCredentialsService,
    private readonly clock: Clock,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Generate or rotate inside the caller's transaction. Returns the new key (shown once), a token,
   * and the ids of the credentials it revoked: the caller publishes those after commit.
   */
  async generateIn(m: EntityManager, workspaceId: string): Promise<GeneratedKey> {
    const agent = await this.agents.ensureWorkspaceKeyAgent(m, workspaceId);
    // Lock the hidden agent row: two concurrent rotations must not both leave a usable key.
    await m.query(`SELECT id FROM service_agents WHERE id = $1 FOR UPDATE`, [agent.id]);
    const revoked = await this.revokeUsable(m, agent.id);
    const apiKey = await this.credentials.issueApiKey(m, { workspaceId, serviceAgentId: agent.id }, PRIMARY_KEY_SCOPES);
    const accessToken = await this.credentials.issueAccessToken(
      m,
      { credentialId: apiKey.credential_id, serviceAgentId: agent.id },
      PRIMARY_KEY_SCOPES,
    );
    return { apiKey, accessToken, revoked };
  }

  async generate(workspaceId: string): Promise<Omit<GeneratedKey, 'revoked'>> {
    const { revoked, ...issued } = await this.db.transaction((m) => this.generateIn(m, workspaceId));
    await this.publishRevoked(revoked);
    return issued;
  }

  /** Revokes the primary key; returns whether there was one. */
  async delete(workspaceId: string): Promise<boolean> {
    const revoked = await this.db.transaction(async (m) => {
      const agent = await this.agents.ensureWorkspaceKeyAgent(m, workspaceId);
      await m.query(`SELECT id FROM service_agents WHERE id = $1 FOR UPDATE`, [agent.id]);
      return this.revokeUsable(m, agent.id);
    });
    await this.publishRevoked(revoked);
    return revoked.length > 0;
  }

  /** The current primary key without its secret, or null. */
  async current(workspaceId: string): Promise<WorkspaceKeySummary | null> {
    const rows = await this.db.query(
      `SELECT c.id AS credential_id, c.prefix, c.scopes, c.status, c.last_used_at, c.inserted_at
         FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE a.workspace_id = $1 AND a.hidden AND c.status = 'usable'
        ORDER BY c.inserted_at DESC LIMIT 1`,
      [workspaceId],
    );
    if (rows.length === 0) return null;
    const r = rows[0];
    return {
      credential_id: r.credential_id,
      prefix: `agk_${r.prefix}`,
      scopes: r.scopes,
      status: r.status,
      last_used_at: toIso(r.last_used_at),
      inserted_at: toIso(r.inserted_at)!,
    };
  }

  private async revokeUsable(m: EntityManager, agentId: string): Promise<string[]> {
    const [rows] = await m.query(
      `UPDATE api_credentials SET status = 'revoked', revoked_at = $2
        WHERE service_agent_id = $1 AND status IN ('usable', 'archived') RETURNING id`,
      [agentId, this.clock.date()],
    );
    return (rows as { id: string }[]).map((r) => r.id);
  }

  async publishRevoked(credentialIds: readonly string[]): Promise<void> {
    await Promise.all(credentialIds.map((id) => this.credentials.publishCredentialChanged(id)));
  }
}

