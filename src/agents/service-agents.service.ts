import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MACHINE_SCOPES, type MachineScope, PRIMARY_KEY_SCOPES } from '../auth';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { slugCandidatesFor, slugify } from '../core/common/slug';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { AGENT_SLUG_UNIQUE_CONSTRAINT, ServiceAgentListing, ServiceAgentRow, ServiceAgentsRepository } from './service-agents.repository';
import type { Tx } from '../core/database/db.service';
import type { ListQuery } from '../core/listing/list-query';
import type { ServiceAgentStatus } from './service-agent-status';

// The operator feature imports the row type from here.
export type { ServiceAgentListing, ServiceAgentRow };
export { AGENT_SLUG_UNIQUE_CONSTRAINT };

/** What an operator may change on an agent (each kept when absent). */
export interface AgentChanges {
  name?: string;
  status?: ServiceAgentStatus;
}

/** The hidden agent's slug cannot collide with a slugified name (slugify never emits "_"). */
export const WORKSPACE_KEY_AGENT_SLUG = '_workspace-key';

@Injectable()
export class ServiceAgentsService {
  constructor(
    private readonly repo: ServiceAgentsRepository,
    private readonly events: EventBus,
  ) {}

  /** A page of the workspace's visible agents (never the hidden workspace-key agent), newest first. */
  listVisible(workspaceId: string, q: ListQuery): Promise<ServiceAgentListing[]> {
    return this.repo.listVisible(workspaceId, q);
  }

  /** A visible agent of the workspace; undefined for the hidden agent, another workspace's or an unknown id. */
  findVisible(workspaceId: string, agentId: string): Promise<ServiceAgentListing | undefined> {
    return this.repo.findVisible(workspaceId, agentId);
  }

  /** Names of visible agents of the workspace by id, for pages that name agents before their ids. */
  namesOf(workspaceId: string, agentIds: readonly string[]): Promise<Map<string, string>> {
    return this.repo.namesOf(workspaceId, agentIds);
  }

  /**
   * Activates or deactivates a visible agent of the workspace. Deactivation refuses the agent's
   * credentials (service_agent_inactive) at once on every node. Hidden and foreign agents: 404.
   */
  async update(workspaceId: string, agentId: string, changes: AgentChanges): Promise<ServiceAgentRow> {
    const updated = await this.repo.updateVisible(undefined, workspaceId, agentId, changes.name ?? null, changes.status ?? null);
    if (!updated) throw new NotFoundProblem();
    if (changes.status !== undefined) await this.publishAgentsChanged([agentId]);
    return updated.agent;
  }

  /**
   * `update` in `m`'s transaction, with the agent's name and status before it (for the audit
   * log); undefined for hidden and foreign agents. A status set is notified to every node with the
   * commit; the caller publishes it on the bus once committed (publishAgentsChanged).
   */
  updateIn(
    m: Tx,
    workspaceId: string,
    agentId: string,
    changes: AgentChanges,
  ): Promise<{ agent: ServiceAgentRow; before: Pick<ServiceAgentRow, 'name' | 'status'> } | undefined> {
    return this.repo.updateVisible(m, workspaceId, agentId, changes.name ?? null, changes.status ?? null);
  }

  /**
   * Deactivates visible agents of the workspace in `m`'s transaction (batch retirement of robots).
   * The caller tells the other nodes once it has committed, with `publishAgentsChanged`.
   */
  deactivateMany(m: Tx, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    return agentIds.length === 0 ? Promise.resolve([]) : this.repo.deactivateVisible(m, workspaceId, agentIds);
  }

  /** Drops cached credentials of these agents and re-checks their sockets on every node (after commit). */
  async publishAgentsChanged(agentIds: readonly string[]): Promise<void> {
    for (const serviceAgentId of agentIds) await this.events.publish({ type: CredentialEvents.agentChanged, serviceAgentId });
  }

  /**
   * Creates an active, visible agent with a slug unique in its workspace: the name's slug, or when
   * taken that slug with the start of the agent's id, or with the whole id (slugCandidatesFor).
   */
  create(
    m: Tx,
    workspaceId: string,
    name: string,
    metadata: Record<string, unknown> = {},
    options: { isDefault?: boolean; scopes?: readonly MachineScope[] } = {},
  ): Promise<ServiceAgentRow> {
    return this.createInOneStatement(m, workspaceId, name, metadata, {
      id: randomUUID(),
      isDefault: options.isDefault,
      scopes: options.scopes ?? MACHINE_SCOPES,
    });
  }

  /**
   * Creates an active, visible agent with the given id in one statement (for a PipelinedTransaction,
   * where a statement cannot wait for the answer of the one before), with a slug as `create` gives.
   * No number of agents of one name exhausts the slugs: the last candidate carries the id.
   */
  createInOneStatement(
    m: Tx,
    workspaceId: string,
    name: string,
    metadata: Record<string, unknown>,
    options: { id: string; isDefault?: boolean; scopes: readonly MachineScope[] },
  ): Promise<ServiceAgentRow> {
    return this.repo.insertWithFreeSlug(m, {
      id: options.id,
      workspaceId,
      name,
      slugs: slugCandidatesFor(slugify(name, 'agent'), options.id),
      metadata,
      isDefault: options.isDefault ?? false,
      scopes: options.scopes,
    });
  }

  /** The workspace's hidden workspace-key agent, created on first use (one per workspace). */
  async ensureWorkspaceKeyAgent(m: Tx, workspaceId: string): Promise<ServiceAgentRow> {
    await this.repo.insertHiddenIfMissing(m, workspaceId, WORKSPACE_KEY_AGENT_SLUG, PRIMARY_KEY_SCOPES);
    return this.repo.findHidden(m, workspaceId);
  }
}
