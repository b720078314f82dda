import { Injectable } from '@nestjs/common';
import { ServiceAgentsService } from '../agents';
import { AuditLog } from '../audit';
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

/** The public part of a key (`agk_<prefix>`), the label of its audit events. */
const keyPrefix = (key: string) => key.split('.')[0];

/**
 * The workspace primary key: an agk_ credential on the workspace's hidden agent, carrying every
 * machine scope except credentials:write. Generating or rotating replaces it (the old credential
 * is revoked, and with it every token minted from it); deleting revokes it. The console's
 * generate, rotate and delete are audited in their transaction (`generateIn`'s caller audits its own).
 */
@Injectable()
export class WorkspaceKeyService {
  constructor(
    private readonly agents: ServiceAgentsService,
    private readonly issuer: CredentialIssuer,
    private readonly revoker: CredentialRevoker,
    private readonly repo: CredentialsRepository,
    private readonly db: Db,
    private readonly audit: AuditLog,
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

  /**
   * Generates the key (`api_key.create`) or rotates it (`api_key.rotate`: the new credential is the
   * target, changes name the credential it replaced).
   */
  async generate(workspaceId: string): Promise<Omit<GeneratedKey, 'revoked'>> {
    const { revoked, ...issued } = await this.db.transaction(async (tx) => {
      const generated = await this.generateIn(tx, workspaceId);
      const { credential_id } = generated.apiKey;
      await this.audit.record(tx, {
        workspaceId,
        action: generated.revoked.length > 0 ? 'api_key.rotate' : 'api_key.create',
        target: { type: 'api_key', id: credential_id, label: keyPrefix(generated.apiKey.key) },
        changes:
          generated.revoked.length > 0
            ? { credential_id: [generated.revoked.length === 1 ? generated.revoked[0] : generated.revoked, credential_id] }
            : null,
      });
      return generated;
    });
    await this.publishRevoked(revoked);
    return issued;
  }

  /** Revokes the primary key (`api_key.revoke` for each credential revoked); returns whether there was one. */
  async delete(workspaceId: string): Promise<boolean> {
    const revoked = await this.db.transaction(async (tx) => {
      const agent = await this.agents.ensureWorkspaceKeyAgent(tx, workspaceId);
      await this.repo.lockServiceAgent(tx, agent.id);
      const ids = await this.revoker.revokeAllOfAgent(tx, workspaceId, agent.id);
      for (const id of ids) await this.audit.record(tx, { workspaceId, action: 'api_key.revoke', target: { type: 'api_key', id } });
      return ids;
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
