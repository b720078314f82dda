import { Injectable } from '@nestjs/common';
import { ServiceAgentsService } from '../agents';
import { type MachineScope, PRIMARY_KEY_SCOPES } from '../auth';
import { toIso } from '../core/common/iso';
import { type Tx, Db } from '../core/database/db.service';
import { CredentialIssuer, IssuedAccessToken, IssuedApiKey } from './credential-issuer.service';
import { CredentialRevoker } from './credential-revoker.service';
import { CredentialsRepository } from './credentials.repository';

export interface GeneratedKey {
  apiKey: IssuedApiKey;
  accessToken: IssuedAccessToken;
  revoked: string[];
}

export interface WorkspaceKeySummary {
  credential_id: string;
  prefix: string;
  scopes: MachineScope[];
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
    private readonly issuer: CredentialIssuer,
    private readonly revoker: CredentialRevoker,
    private readonly repo: CredentialsRepository,
    private readonly db: Db,
  ) {}

  /**
   * Generate or rotate inside the caller's transaction. Returns the new key (shown once), a token,
   * and the ids of the credentials it revoked: the caller publishes those after commit.
   */
  async generateIn(m: Tx, workspaceId: string): Promise<GeneratedKey> {
    const agent = await this.agents.ensureWorkspaceKeyAgent(m, workspaceId);
    // Lock the hidden agent row: two concurrent rotations must not both leave a usable key.
    await this.repo.lockServiceAgent(m, agent.id);
    const revoked = await this.revoker.revokeAllOfAgent(m, workspaceId, agent.id);
    const apiKey = await this.issuer.issueApiKey(m, { workspaceId, serviceAgentId: agent.id }, PRIMARY_KEY_SCOPES);
    const accessToken = await this.issuer.issueAccessToken(
      m,
      { credentialId: apiKey.credential_id, serviceAgentId: agent.id },
      PRIMARY_KEY_SCOPES,
    );
    return { apiKey, accessToken, revoked };
  }

  async generate(workspaceId: string): Promise<Omit<GeneratedKey, 'revoked'>> {
    const { revoked, ...issued } = await this.db.transaction((tx) => this.generateIn(tx, workspaceId));
    await this.publishRevoked(revoked);
    return issued;
  }

  /** Revokes the primary key; returns whether there was one. */
  async delete(workspaceId: string): Promise<boolean> {
    const revoked = await this.db.transaction(async (tx) => {
      const agent = await this.agents.ensureWorkspaceKeyAgent(tx, workspaceId);
      await this.repo.lockServiceAgent(tx, agent.id);
      return this.revoker.revokeAllOfAgent(tx, workspaceId, agent.id);
    });
    await this.publishRevoked(revoked);
    return revoked.length > 0;
  }

  /** The current primary key without its secret, or null. */
  async current(workspaceId: string): Promise<WorkspaceKeySummary | null> {
    const r = await this.repo.findPrimaryKey(workspaceId);
    if (!r) return null;
    return {
      credential_id: r.credential_id,
      prefix: `agk_${r.prefix}`,
      scopes: r.scopes,
      status: r.status,
      last_used_at: toIso(r.last_used_at),
      inserted_at: toIso(r.inserted_at)!,
    };
  }

  async publishRevoked(credentialIds: readonly string[]): Promise<void> {
    await Promise.all(credentialIds.map((id) => this.revoker.publishCredentialChanged(id)));
  }
}
