import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ServiceAgentRow, ServiceAgentsService } from '../agents';
import { Clock } from '../core/common/clock/clock';
import { toIso as iso } from '../core/common/iso';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { CredentialIssuer, CredentialRevoker } from '../credentials';
import { QuotasService } from '../identity';
import { OperatorAgentsRepository } from './operator-agents.repository';
import type { MachineScope } from '../auth';
import type { ApiKeySummaryDto, IssuedApiKeyDto, ServiceAgentDto } from './dto/operator.dto';

export interface AgentWithKeys extends ServiceAgentDto {
  api_keys: ApiKeySummaryDto[];
}

export function toAgentDto(a: ServiceAgentRow): ServiceAgentDto {
  return {
    id: a.id,
    name: a.name,
    slug: a.slug,
    status: a.status,
    scopes: a.scopes,
    inserted_at: iso(a.insertedAt)!,
    updated_at: iso(a.updatedAt)!,
  };
}

/**
 * Operator rules for service agents and their API keys, always inside the operator's
 * workspace. The hidden workspace-key agent and its key have no operator REST: they answer 404
 * like anything of another workspace.
 */
@Injectable()
export class OperatorAgentsService {
  constructor(
    private readonly db: Db,
    private readonly repo: OperatorAgentsRepository,
    private readonly agents: ServiceAgentsService,
    private readonly issuer: CredentialIssuer,
    private readonly revoker: CredentialRevoker,
    private readonly quotas: QuotasService,
    private readonly clock: Clock,
  ) {}

  async list(workspaceId: string): Promise<ServiceAgentDto[]> {
    return (await this.agents.listVisible(workspaceId)).map(toAgentDto);
  }

  /** Agents with their keys (by prefix and state) for the overview page. */
  async listWithKeys(workspaceId: string): Promise<AgentWithKeys[]> {
    const agents = await this.list(workspaceId);
    const keys = await this.keysOf(workspaceId);
    return agents.map((a) => ({ ...a, api_keys: keys.filter((k) => k.service_agent_id === a.id) }));
  }

  async create(workspaceId: string, name: string, scopes?: MachineScope[]): Promise<ServiceAgentDto> {
    return this.db.transaction(async (m) => {
      const agent = await this.agents.create(m, workspaceId, name, {}, { scopes: scopes ? [...new Set(scopes)] : undefined });
      // Counted after the insert, the workspace locked last (QuotasService); a refusal rolls it back.
      await this.quotas.assertWithin(m, workspaceId, 'service_agents');
      return toAgentDto(agent);
    });
  }

  async update(workspaceId: string, agentId: string, changes: { name?: string; status?: 'active' | 'inactive' }): Promise<ServiceAgentDto> {
    return toAgentDto(await this.agents.update(workspaceId, agentId, changes));
  }

  async issueKey(
    workspaceId: string,
    agentId: string,
    scopes: MachineScope[] | undefined,
    expiresAt: Date | undefined,
  ): Promise<IssuedApiKeyDto> {
    if (expiresAt && expiresAt.getTime() <= this.clock.now()) {
      throw new ValidationProblem({ expires_at: ['must be in the future'] });
    }
    return this.db.transaction(async (m) => {
      const allowed = await this.repo.findVisibleAgentScopes(m, agentId, workspaceId);
      if (!allowed) throw new NotFoundProblem();
      const granted = scopes ? [...new Set(scopes)] : allowed;
      const outside = granted.filter((s) => !allowed.includes(s));
      if (outside.length > 0) throw new ValidationProblem({ scopes: [`not allowed for this agent: ${outside.join(', ')}`] });
      const key = await this.issuer.issueApiKey(m, { workspaceId, serviceAgentId: agentId }, granted, expiresAt ?? null);
      return {
        type: key.type,
        key: key.key,
        scopes: key.scopes,
        credential_id: key.credential_id,
        service_agent_id: key.service_agent_id,
        expires_at: iso(expiresAt ?? null),
      };
    });
  }

  /** Archive or revoke a key of a visible agent; effective at once on every node. */
  async changeKeyStatus(workspaceId: string, credentialId: string, status: 'archived' | 'revoked'): Promise<ApiKeySummaryDto> {
    await this.assertVisibleKey(workspaceId, credentialId);
    await this.revoker.changeStatus(credentialId, workspaceId, status);
    const [key] = await this.keysOf(workspaceId, credentialId);
    return key;
  }

  private async assertVisibleKey(workspaceId: string, credentialId: string): Promise<void> {
    if (!isUUID(credentialId)) throw new NotFoundProblem();
    if (!(await this.repo.isVisibleKey(workspaceId, credentialId))) throw new NotFoundProblem();
  }

  private async keysOf(workspaceId: string, credentialId?: string): Promise<ApiKeySummaryDto[]> {
    const rows = await this.repo.listVisibleKeys(workspaceId, credentialId);
    const now = this.clock.now();
    return rows.map((r) => ({
      credential_id: r.id,
      prefix: `agk_${r.prefix}`,
      scopes: r.scopes,
      status: r.status === 'usable' && r.expires_at && new Date(r.expires_at).getTime() <= now ? 'expired' : r.status,
      service_agent_id: r.service_agent_id,
      expires_at: iso(r.expires_at),
      last_used_at: iso(r.last_used_at),
      inserted_at: iso(r.inserted_at)!,
    }));
  }
}
