import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { type AgentChanges, SERVICE_AGENT_LIST, ServiceAgentRow, ServiceAgentsService } from '../agents';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { toIso as iso } from '../core/common/iso';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { parseList } from '../core/listing/list-query';
import { CredentialIssuer, CredentialRevoker } from '../credentials';
import { QuotasService } from '../identity';
import { OperatorAgentsRepository, type VisibleKeyRow } from './operator-agents.repository';
import type { MachineScope } from '../auth';
import type { ListQuery } from '../core/listing/list-query';
import type { ApiKeySummaryDto, IssuedApiKeyDto, ServiceAgentDto, ServiceAgentListDto } from './dto/operator.dto';

export interface AgentWithKeys extends ServiceAgentDto {
  api_keys: ApiKeySummaryDto[];
}

/** How many agents the overview shows (the newest); the agents page lists them all (issue 58). */
export const OVERVIEW_AGENTS = 10;

/** A service agent's events name it, with its name. */
const agentTarget = (a: ServiceAgentRow) => ({ type: 'service_agent', id: a.id, label: a.name });

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
    private readonly audit: AuditLog,
  ) {}

  /** A page of the workspace's visible agents, newest first (ADR 0263). */
  async list(workspaceId: string, q: ListQuery<typeof SERVICE_AGENT_LIST.key, false>): Promise<ServiceAgentListDto> {
    return listEnvelope(q, await this.agents.listVisible(workspaceId, q));
  }

  /** A page of the workspace's visible agents, each with its keys (read for this page's agents only: issue 58). */
  async listWithKeys(workspaceId: string, q: ListQuery<typeof SERVICE_AGENT_LIST.key, false>): Promise<AgentWithKeys[]> {
    return this.withKeys(workspaceId, await this.agents.listVisible(workspaceId, q));
  }

  /** The newest OVERVIEW_AGENTS visible agents with their keys (by prefix and state), for the overview page. */
  async newestWithKeys(workspaceId: string): Promise<AgentWithKeys[]> {
    return this.listWithKeys(workspaceId, parseList(SERVICE_AGENT_LIST, { limit: String(OVERVIEW_AGENTS) }));
  }

  /** A visible agent of the workspace with its keys; 404 for the hidden agent, another workspace's or an unknown one. */
  async show(workspaceId: string, agentId: string): Promise<AgentWithKeys> {
    const agent = await this.agents.findVisible(workspaceId, agentId);
    if (!agent) throw new NotFoundProblem();
    const [shown] = await this.withKeys(workspaceId, [agent]);
    return shown;
  }

  private async withKeys(workspaceId: string, agents: ServiceAgentDto[]): Promise<AgentWithKeys[]> {
    const rows = await this.repo.listKeysOfAgents(
      workspaceId,
      agents.map((a) => a.id),
    );
    const byAgent = new Map<string, ApiKeySummaryDto[]>();
    for (const k of rows.map((r) => this.toKeyDto(r))) {
      const own = byAgent.get(k.service_agent_id);
      if (own) own.push(k);
      else byAgent.set(k.service_agent_id, [k]);
    }
    return agents.map((a) => ({ ...a, api_keys: byAgent.get(a.id) ?? [] }));
  }

  async create(workspaceId: string, name: string, scopes?: MachineScope[]): Promise<ServiceAgentDto> {
    return this.db.transaction(async (m) => {
      const agent = await this.agents.create(m, workspaceId, name, {}, { scopes: scopes ? [...new Set(scopes)] : undefined });
      // Counted after the insert, the workspace locked last (QuotasService); a refusal rolls it back.
      await this.quotas.assertWithin(m, workspaceId, 'service_agents');
      await this.audit.record(m, {
        workspaceId,
        action: 'service_agent.create',
        target: agentTarget(agent),
        changes: AuditLog.changes(null, agent, ['name', 'status', 'scopes']),
      });
      return toAgentDto(agent);
    });
  }

  /**
   * Renames, deactivates or reactivates; `service_agent.deactivate` when it becomes inactive,
   * `service_agent.update` for any other change, nothing when nothing changed.
   */
  async update(workspaceId: string, agentId: string, changes: AgentChanges): Promise<ServiceAgentDto> {
    const agent = await this.db.transaction(async (m) => {
      const updated = await this.agents.updateIn(m, workspaceId, agentId, changes);
      if (!updated) throw new NotFoundProblem();
      const { agent: after, before } = updated;
      const changed = AuditLog.changes(before, after, ['name', 'status']);
      if (changed) {
        const deactivated = before.status !== 'inactive' && after.status === 'inactive';
        await this.audit.record(m, {
          workspaceId,
          action: deactivated ? 'service_agent.deactivate' : 'service_agent.update',
          target: agentTarget(after),
          changes: changed,
        });
      }
      return after;
    });
    if (changes.status !== undefined) await this.agents.publishAgentsChanged([agentId]);
    return toAgentDto(agent);
  }

  async issueKey(
    workspaceId: string,
    agentId: string,
    scopes: MachineScope[] | undefined,
    expiresAt: Date | undefined,
    allowedIps: readonly string[] = [],
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
      const key = await this.issuer.issueApiKey(m, { workspaceId, serviceAgentId: agentId }, granted, { expiresAt, allowedIps });
      const created = {
        service_agent_id: agentId,
        scopes: key.scopes,
        expires_at: iso(expiresAt ?? null),
        allowed_ips: allowedIps.length > 0 ? [...allowedIps] : null,
      };
      await this.audit.record(m, {
        workspaceId,
        action: 'api_key.create',
        target: { type: 'api_key', id: key.credential_id },
        changes: AuditLog.changes(null, created, ['service_agent_id', 'scopes', 'expires_at', 'allowed_ips']),
      });
      return {
        type: key.type,
        key: key.key,
        scopes: key.scopes,
        credential_id: key.credential_id,
        service_agent_id: key.service_agent_id,
        expires_at: iso(expiresAt ?? null),
        allowed_ips: [...allowedIps],
      };
    });
  }

  /** Archive or revoke a key of a visible agent; effective at once on every node. */
  async changeKeyStatus(workspaceId: string, credentialId: string, status: 'archived' | 'revoked'): Promise<ApiKeySummaryDto> {
    await this.assertVisibleKey(workspaceId, credentialId);
    await this.db.transaction(async (m) => {
      const previous = await this.revoker.changeStatusIn(m, credentialId, workspaceId, status);
      if (previous === undefined) return; // answered unchanged: no change, no event
      await this.audit.record(m, {
        workspaceId,
        action: status === 'revoked' ? 'api_key.revoke' : 'api_key.archive',
        target: { type: 'api_key', id: credentialId },
        changes: { status: [previous, status] },
      });
    });
    await this.revoker.publishCredentialChanged(credentialId);
    const [key] = await this.keysOf(workspaceId, credentialId);
    return key;
  }

  private async assertVisibleKey(workspaceId: string, credentialId: string): Promise<void> {
    if (!isUUID(credentialId)) throw new NotFoundProblem();
    if (!(await this.repo.isVisibleKey(workspaceId, credentialId))) throw new NotFoundProblem();
  }

  private async keysOf(workspaceId: string, credentialId?: string): Promise<ApiKeySummaryDto[]> {
    const rows = await this.repo.listVisibleKeys(workspaceId, credentialId);
    return rows.map((r) => this.toKeyDto(r));
  }

  private toKeyDto(r: VisibleKeyRow): ApiKeySummaryDto {
    return {
      credential_id: r.id,
      prefix: `agk_${r.prefix}`,
      scopes: r.scopes,
      status: r.status === 'usable' && r.expires_at && new Date(r.expires_at).getTime() <= this.clock.now() ? 'expired' : r.status,
      service_agent_id: r.service_agent_id,
      expires_at: iso(r.expires_at),
      allowed_ips: r.allowed_ips,
      last_used_at: iso(r.last_used_at),
      inserted_at: iso(r.inserted_at)!,
    };
  }
}
