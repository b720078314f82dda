import { Injectable } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { SOCKET_TOKEN_TTL_SECONDS, MachineCredentialVerifier } from '../credentials';
import { SOCKET_PATH, socketScopes } from './socket-scopes';
import { SocketTokensRepository } from './socket-tokens.repository';
import type { MachineScope } from '../auth';
import type { ClientAddress, MachinePrincipal, CredentialRecord } from '../credentials';
import type { SocketTokenResponseDto } from './dto/socket-token-response.dto';

/** Who a service-agent socket is: identified by its credential (SPEC.md SocketTokenResponse). */
export interface SocketPrincipal {
  credentialId: string;
  workspaceId: string;
  serviceAgentId: string;
  /** The scopes the socket token carried into the connection (socket scopes, read back as machine scopes). */
  scopes: readonly MachineScope[];
  /** When the credential itself expires (ms since epoch), if it does. */
  credentialExpiresAt: number | null;
}

/**
 * Socket tokens: opaque 600-second tokens minted from a machine credential for the websocket
 * handshake, stored as SHA-256 with the credential, the scopes and the expiry. They are looked up
 * only here (never by HTTP machine authentication, so they are no HTTP credential), and verified
 * by MachineCredentialVerifier with the code that verifies access tokens (its cache included), so
 * a revoked, archived or expired credential, an inactive agent or a refused workspace refuses the
 * socket exactly as it refuses HTTP.
 */
@Injectable()
export class SocketTokensService {
  constructor(
    private readonly repo: SocketTokensRepository,
    private readonly verifier: MachineCredentialVerifier,
    private readonly clock: Clock,
  ) {}

  async mint(principal: MachinePrincipal): Promise<SocketTokenResponseDto> {
    const token = randomToken(32);
    const scopes = socketScopes(principal.scopes);
    const now = this.clock.now();
    await this.repo.insert(
      {
        credentialId: principal.credentialId,
        tokenHash: sha256(token),
        scopes,
        expiresAt: new Date(now + SOCKET_TOKEN_TTL_SECONDS * 1000),
      },
      new Date(now),
    );
    return {
      scopes,
      socket_path: SOCKET_PATH,
      expires_in: SOCKET_TOKEN_TTL_SECONDS,
      service_agent_id: principal.serviceAgentId,
      workspace_id: principal.workspaceId,
      socket_token: token,
    };
  }

  /**
   * Verifies a presented socket token: 401 (MachineAuthError) when malformed, unknown, expired or
   * minted from a credential that is no longer usable; 403 from outside the credential's
   * allowlist (`from`), for an inactive agent or a workspace that refuses machine traffic. A token may open several connections until it expires.
   */
  async authenticate(presented: string, from: ClientAddress): Promise<SocketPrincipal> {
    const record = await this.verifier.verifySocketToken(presented, from, (hash) => this.repo.findByHash(hash));
    return {
      credentialId: record.credentialId,
      workspaceId: record.workspaceId,
      serviceAgentId: record.serviceAgentId,
      scopes: record.tokenScopes,
      credentialExpiresAt: record.credentialExpiresAt ? record.credentialExpiresAt.getTime() : null,
    };
  }

  /** Current state of credentials, by id, for re-checking live sockets. */
  async credentialStates(credentialIds: readonly string[]): Promise<Map<string, CredentialRecord>> {
    const rows = credentialIds.length > 0 ? await this.repo.credentialStates(credentialIds) : [];
    return new Map(rows.map((row) => [row.credentialId, row]));
  }

  /** Throws the refusal HTTP machine authentication would give this credential now, if any. */
  assertAccepted(record: CredentialRecord): void {
    this.verifier.assertCredentialUsable(record, this.clock.now());
    this.verifier.assertAccepts(record);
  }
}
