import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import type { MachineScope } from '../auth';
import type { StoredCredentialStatus } from '../credentials';

const VISIBLE_KEY_ROW = {
  id: t.uuid,
  prefix: t.text,
  scopes: t.textArray.of<MachineScope[]>(),
  status: t.text.of<StoredCredentialStatus>(),
  service_agent_id: t.uuid,
  expires_at: t.timestamptz.null,
  allowed_ips: t.textArray,
  last_used_at: t.timestamptz.null,
  inserted_at: t.timestamptz,
};

/** A key of a visible agent, as the operator's lists show it. */
export interface VisibleKeyRow {
  id: string;
  prefix: string;
  scopes: MachineScope[];
  status: StoredCredentialStatus;
  service_agent_id: string;
  expires_at: Date | null;
  allowed_ips: string[];
  last_used_at: Date | null;
  inserted_at: Date;
}

/** The scopes a visible agent of the workspace allows. */
const VISIBLE_AGENT_SCOPES = statement({
  label: 'visible_agent_scopes',
  text: `SELECT scopes FROM service_agents WHERE id = $1 AND workspace_id = $2 AND NOT hidden`,
  params: [t.uuid, t.uuid],
  row: { scopes: t.textArray.of<MachineScope[]>() },
});

/** Whether the credential belongs to a visible agent of the workspace. */
const IS_VISIBLE_KEY = statement({
  label: 'is_visible_key',
  text: `SELECT 1 AS visible FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE c.id = $1 AND c.workspace_id = $2 AND NOT a.hidden`,
  params: [t.uuid, t.uuid],
  row: { visible: t.int },
});

/** The keys of the workspace's visible agents (or the one given), newest first. */
const VISIBLE_KEYS = statement({
  label: 'visible_keys',
  text: `SELECT c.id, c.prefix, c.scopes, c.status, c.service_agent_id, c.expires_at, c.allowed_ips, c.last_used_at, c.inserted_at
         FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE c.workspace_id = $1 AND NOT a.hidden AND ($2::uuid IS NULL OR c.id = $2)
        ORDER BY c.inserted_at DESC, c.id DESC`,
  params: [t.uuid, t.uuid.null],
  row: VISIBLE_KEY_ROW,
});

/**
 * The keys of the given visible agents of the workspace (a page's agents), newest first: a page
 * reads the keys of the agents it shows, never every key of the workspace (issue 58), through
 * api_credentials_agent_idx.
 */
const VISIBLE_KEYS_OF_AGENTS = statement({
  label: 'visible_keys_of_agents',
  text: `SELECT c.id, c.prefix, c.scopes, c.status, c.service_agent_id, c.expires_at, c.allowed_ips, c.last_used_at, c.inserted_at
         FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
        WHERE c.workspace_id = $1 AND c.service_agent_id = ANY($2::uuid[]) AND NOT a.hidden
        ORDER BY c.inserted_at DESC, c.id DESC`,
  params: [t.uuid, t.uuidArray],
  row: VISIBLE_KEY_ROW,
});

/** SQL for the operator's keys (the hidden workspace-key agent is never shown); its agents are the agents feature's. */
@Injectable()
export class OperatorAgentsRepository {
  constructor(private readonly db: Db) {}

  /** The scopes a visible agent of the workspace allows; undefined for hidden or foreign agents. */
  async findVisibleAgentScopes(tx: Tx, agentId: string, workspaceId: string): Promise<MachineScope[] | undefined> {
    return (await tx.maybe(VISIBLE_AGENT_SCOPES, [agentId, workspaceId]))?.scopes;
  }

  /** Whether the credential belongs to a visible agent of the workspace. */
  async isVisibleKey(workspaceId: string, credentialId: string): Promise<boolean> {
    return (await this.db.maybe(IS_VISIBLE_KEY, [credentialId, workspaceId])) !== undefined;
  }

  /** The keys of the workspace's visible agents (or the one given), newest first. */
  listVisibleKeys(workspaceId: string, credentialId?: string): Promise<VisibleKeyRow[]> {
    return this.db.rows(VISIBLE_KEYS, [workspaceId, credentialId ?? null]);
  }

  /** The keys of these visible agents of the workspace, newest first (none asked: none read). */
  async listKeysOfAgents(workspaceId: string, agentIds: readonly string[]): Promise<VisibleKeyRow[]> {
    return agentIds.length === 0 ? [] : this.db.rows(VISIBLE_KEYS_OF_AGENTS, [workspaceId, [...new Set(agentIds)]]);
  }
}
