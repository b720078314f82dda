import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { mintPrefixedSecret, randomToken, sha256 } from '../core/common/crypto/secrets';
import { AppConfig } from '../core/config/app-config';
import { CredentialsRepository } from './credentials.repository';
import type { MachineScope } from '../auth';
import type { Tx } from '../core/database/db.service';

export interface IssuedApiKey {
  type: 'api_key';
  key: string;
  scopes: MachineScope[];
  credential_id: string;
  service_agent_id: string;
}

/** How a key is issued beyond its owner and scopes (CredentialIssuer.issueApiKey). */
export interface ApiKeyOptions {
  expiresAt?: Date | null;
  id?: string;
  replayUntil?: Date | null;
  allowedIps?: readonly string[];
}

export interface IssuedAccessToken {
  type: 'bearer';
  token: string;
  scopes: MachineScope[];
  credential_id: string;
  expires_in: number;
  service_agent_id: string;
}

/**
 * Mints machine credentials: agk_ keys on an agent and access tokens from a key. Each secret is
 * returned once, in the answer that issues it; only its hash is stored. Whether the caller may
 * have one (the agent's scopes, the token exchange's checks) is the caller's rule.
 */
@Injectable()
export class CredentialIssuer {
  constructor(
    private readonly repo: CredentialsRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * Creates an agk_ key on an agent; the key is returned once and only its hash is stored.
   * `options.id` names the credential for a caller that must know it before the answer (a
   * PipelinedTransaction); `replayUntil`, for a claim's key that a replay may revoke while unused
   * (ADR 0232); `allowedIps`, canonical CIDRs the key and its tokens may be presented from (ADR 0262).
   */
  async issueApiKey(
    m: Tx,
    owner: { workspaceId: string; serviceAgentId: string },
    scopes: readonly MachineScope[],
    options: ApiKeyOptions = {},
  ): Promise<IssuedApiKey> {
    const secret = mintPrefixedSecret('agk');
    const row = await this.repo.insertCredential(m, {
      id: options.id,
      ...owner,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
      scopes,
      expiresAt: options.expiresAt ?? null,
      replayUntil: options.replayUntil ?? null,
      allowedIps: options.allowedIps ?? [],
    });
    return {
      type: 'api_key',
      key: secret.value,
      scopes: [...scopes],
      credential_id: row.id,
      service_agent_id: owner.serviceAgentId,
    };
  }

  /** Mints an access token (30 days: config.accessTokenTtlSeconds) for a credential (in `m`'s transaction when given); returned once. */
  async issueAccessToken(
    m: Tx | undefined,
    credential: { credentialId: string; serviceAgentId: string },
    scopes: readonly MachineScope[],
  ): Promise<IssuedAccessToken> {
    const token = randomToken(32);
    await this.repo.insertAccessToken(m, {
      credentialId: credential.credentialId,
      tokenHash: sha256(token),
      scopes,
      expiresAt: new Date(this.clock.now() + this.config.accessTokenTtlSeconds * 1000),
    });
    return {
      type: 'bearer',
      token,
      scopes: [...scopes],
      credential_id: credential.credentialId,
      expires_in: this.config.accessTokenTtlSeconds,
      service_agent_id: credential.serviceAgentId,
    };
  }
}
