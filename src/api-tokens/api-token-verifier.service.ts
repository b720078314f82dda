import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { parsePrefixedSecret, secretMatches } from '../core/common/crypto/secrets';
import { type IpRange, parseAllowlist } from '../core/common/http/ip-allowlist';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';
import { LastUseBatch } from '../core/database/last-use-batch';
import { CommittedCredentialEvents } from '../core/redis/committed-credential-events';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { CredentialCache, LAST_USED_FLUSH_MS } from '../credentials';
import { type ApiTokenAuthRow, ApiTokensRepository } from './api-tokens.repository';

/** A token as authentication reads it, its allowlist parsed once. */
export interface VerifiedApiToken {
  readonly row: ApiTokenAuthRow;
  readonly ranges: readonly IpRange[];
}

/**
 * Verifies operator API tokens (aot_) as agk_ keys are verified (ADR 0258): a prefix lookup served
 * from a short-lived in-process cache, then SHA-256 and a constant-time compare; no bcrypt. The
 * cache drops a token when any node says it changed, by the path every credential takes: the
 * revoking statement notifies `credential.changed` with its commit (CommittedCredentialEvents,
 * ADR 0230) and the revoking node publishes it on the bus once committed; a workspace's change
 * (`workspace.changed`) drops its tokens. While the bus or the notification connection is down the
 * cache is bypassed. The last use of each token is written in batches (LastUseBatch).
 */
@Injectable()
export class ApiTokenVerifier implements OnModuleInit, OnApplicationShutdown {
  private readonly cache = new CredentialCache<VerifiedApiToken>();
  /** The last use of each token, written in batches (tests flush it without waiting). */
  readonly lastUsed: LastUseBatch;

  constructor(
    private readonly repo: ApiTokensRepository,
    private readonly bus: EventBus,
    private readonly committed: CommittedCredentialEvents,
    private readonly clock: Clock,
  ) {
    this.lastUsed = new LastUseBatch('api_tokens.last_used_at', (uses) => this.repo.touchLastUsed(uses));
  }

  onModuleInit(): void {
    this.bus.on(CredentialEvents.credentialChanged, (e) => this.cache.invalidate((t) => t.row.id === e.credentialId));
    this.bus.on(CredentialEvents.workspaceChanged, (e) => this.cache.invalidate((t) => t.row.workspace_id === e.workspaceId));
    const update = () => this.cache.setSuspended(!this.bus.healthy || !this.committed.listening);
    update();
    this.bus.onHealthChange(update);
    this.committed.onListeningChange(update);
    this.lastUsed.start(LAST_USED_FLUSH_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.lastUsed.stop();
  }

  /** The token presented, or the 401 that refuses it: malformed or unknown, revoked, expired. */
  async verify(presented: string | undefined): Promise<VerifiedApiToken> {
    const parts = presented === undefined ? null : parsePrefixedSecret('aot', presented);
    if (!parts) throw new UnauthorizedProblem('invalid_api_token');
    const now = this.clock.now();
    const token = await this.cache.read(parts.prefix, now, async () => {
      const row = await this.repo.findByPrefix(parts.prefix);
      return row && { row, ranges: parseAllowlist(row.allowed_ips) };
    });
    // secretMatches hashes even for an unknown prefix (no timing tell); `!token` only narrows the type
    if (!secretMatches(parts.secret, token?.row.secret_hash) || !token) throw new UnauthorizedProblem('invalid_api_token');
    if (token.row.revoked) throw new UnauthorizedProblem('api_token_revoked');
    if (token.row.expires_at && token.row.expires_at.getTime() <= now) throw new UnauthorizedProblem('api_token_expired');
    return token;
  }

  /** Remembers a served request's use of the token (written with the next batch). */
  markUsed(id: string): void {
    this.lastUsed.mark(id, this.clock.now());
  }
}
