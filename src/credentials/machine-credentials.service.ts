import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../core/common/clock/clock';
import { mintPrefixedSecret, parsePrefixedSecret, randomToken, secretMatches, sha256, sha256Base64 } from '../core/common/crypto/secrets';
import { NotFoundProblem, ProblemError } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEventBusMessage, Outbox } from '../events';
import { CredentialCache } from './credential-cache';
import { CredentialRefusals } from './credential-refusals';
import { AccessTokenRecord, CredentialRecord, CredentialsRepository } from './credentials.repository';
import { LAST_USED_FLUSH_MS } from './lifetimes';
import { assertWorkspaceAcceptsTraffic, MachineAuthError, ServiceAgentInactiveError } from './machine-auth.errors';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { MachinePrincipal } from './machine-principal';

export interface IssuedApiKey {
  type: 'api_key';
  key: string;
  scopes: string[];
  credential_id: string;
  service_agent_id: string;
}

export interface IssuedAccessToken {
  type: 'bearer';
  token: string;
  scopes: string[];
  credential_id: string;
  expires_in: number;
  service_agent_id: string;
}

/** Access tokens and socket tokens: 32 random bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads a token minted from a credential by its SHA-256, with the credential's state. */
export type TokenLoader = (tokenHash: Buffer) => Promise<AccessTokenRecord | undefined>;

/**
 * The one machine-authentication service: HTTP guards, the token exchange and the websocket
 * handshake all verify credentials here. Verification costs no bcrypt: a prefix (or token-hash)
 * lookup, served from a short-lived in-process cache, then SHA-256 and a constant-time compare.
 * Socket tokens are verified by the same code as access tokens, in a cache of their own (each
 * kind is looked up only where it is accepted).
 */
@Injectable()
export class MachineCredentialsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MachineCredentialsService.name);
  private readonly keys = new CredentialCache<CredentialRecord>();
  private readonly tokens = new CredentialCache<AccessTokenRecord>();
  private readonly socketTokens = new CredentialCache<AccessTokenRecord>();
  private readonly lastUsed = new Map<string, number>();
  private flushTimer?: NodeJS.Timeout;

  constructor(
    private readonly repo: CredentialsRepository,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: Outbox,
    private readonly refusals: CredentialRefusals,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const caches = [this.keys, this.tokens, this.socketTokens];
    const drop = (match: (r: CredentialRecord) => boolean) => caches.forEach((cache) => cache.invalidate(match));
    this.events.on(CredentialEvents.credentialChanged, (e) => drop((r) => r.credentialId === e.credentialId));
    this.events.on(CredentialEvents.agentChanged, (e) => drop((r) => r.serviceAgentId === e.serviceAgentId));
    this.events.on(CredentialEvents.workspaceChanged, (e) => drop((r) => r.workspaceId === e.workspaceId));
    // A revocation also travels as a domain event through the outbox: it reaches this node even
    // when the revoking node could not publish on the bus.
    this.events.on(DOMAIN_EVENT_BUS_TYPE, (e) => {
      const { event } = e as unknown as DomainEventBusMessage;
      if (event.type === 'api_key.revoked') drop((r) => r.credentialId === event.data.credential_id);
    });
    const suspend = (healthy: boolean) => caches.forEach((cache) => cache.setSuspended(!healthy));
    suspend(this.events.healthy);
    this.events.onHealthChange(suspend);
    this.flushTimer = setInterval(() => void this.flushLastUsed(), LAST_USED_FLUSH_MS);
    this.flushTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushLastUsed();
  }

  // ---- verification -------------------------------------------------------------------------

  /**
   * Verifies an agk_ key or an access token and returns the principal, or throws the refusal
   * (401 for the credential itself, 403 for the workspace or agent). Scopes are the caller's check.
   */
  async authenticate(presented: string): Promise<MachinePrincipal> {
    if (presented.startsWith('agk_')) return this.authenticateApiKey(presented);
    return this.authenticateAccessToken(presented);
  }

  async authenticateApiKey(presented: string): Promise<MachinePrincipal> {
    const record = await this.verifyApiKey(presented);
    this.assertPresentedAccepts(record);
    return this.principal(record, record.credentialScopes, 'api_key');
  }

  /** Checks an agk_ key's secret and credential state (401s); does not check workspace or agent. */
  async verifyApiKey(presented: string): Promise<CredentialRecord> {
    const parts = parsePrefixedSecret('agk', presented);
    if (!parts) throw new MachineAuthError('invalid_api_key');
    const now = this.clock.now();
    const record = await this.keys.read(parts.prefix, now, () => this.repo.findByPrefix(parts.prefix));
    // secretMatches hashes even for an unknown prefix (no timing tell); `!record` only narrows the type
    if (!secretMatches(parts.secret, record?.secretHash) || !record) throw new MachineAuthError('invalid_api_key');
    this.assertPresentedUsable(record, now);
    return record;
  }

  private async authenticateAccessToken(presented: string): Promise<MachinePrincipal> {
    const record = await this.verifyToken(presented, this.tokens, (hash) => this.repo.findAccessToken(hash));
    return this.principal(record, record.tokenScopes, 'access_token');
  }

  /**
   * A socket token presented at the websocket upgrade (SocketTokensService reads it with `load`):
   * checked exactly as an access token, but never accepted as one, nor an access token as it.
   */
  verifySocketToken(presented: string, load: TokenLoader): Promise<AccessTokenRecord> {
    return this.verifyToken(presented, this.socketTokens, load);
  }

  /**
   * A token minted from a credential: 401 when malformed, unknown or expired, or when its
   * credential is no longer usable; 403 for an inactive agent or a refused workspace.
   */
  private async verifyToken(presented: string, cache: CredentialCache<AccessTokenRecord>, load: TokenLoader): Promise<AccessTokenRecord> {
    if (!TOKEN_PATTERN.test(presented)) throw new MachineAuthError('invalid_token');
    const hash = sha256Base64(presented);
    const now = this.clock.now();
    const record = await cache.read(hash, now, () => load(Buffer.from(hash, 'base64')));
    if (!record) throw new MachineAuthError('invalid_token');
    this.assertPresentedUsable(record, now);
    if (record.tokenExpiresAt.getTime() <= now) throw new MachineAuthError('token_expired');
    this.assertPresentedAccepts(record);
    return record;
  }

  /** The credential itself: revoked, archived or expired is a 401 (sockets re-check with this too). */
  assertCredentialUsable(record: CredentialRecord, now = this.clock.now()): void {
    if (record.credentialStatus === 'revoked') throw new MachineAuthError('api_key_revoked');
    if (record.credentialStatus === 'archived') throw new MachineAuthError('api_key_archived');
    if (record.credentialExpiresAt && record.credentialExpiresAt.getTime() <= now) {
      throw new MachineAuthError('api_key_expired');
    }
  }

  /** Workspace first (a refused workspace refuses everything in it), then the agent. */
  assertAccepts(record: CredentialRecord): void {
    assertWorkspaceAcceptsTraffic(record.workspaceStatus);
    if (record.agentStatus !== 'active') throw new ServiceAgentInactiveError();
  }

  /**
   * assertCredentialUsable and assertAccepts for a credential someone just presented (HTTP, the
   * token exchange, a socket upgrade): a refusal of a revoked or archived key, or of an inactive
   * agent, is also reported to CredentialRefusals (security violations). Re-checks of live sockets
   * use the plain checks: nobody presented anything there.
   */
  assertPresentedUsable(record: CredentialRecord, now = this.clock.now()): void {
    this.reporting(record, () => this.assertCredentialUsable(record, now));
  }

  assertPresentedAccepts(record: CredentialRecord): void {
    this.reporting(record, () => this.assertAccepts(record));
  }

  private reporting(record: CredentialRecord, check: () => void): void {
    try {
      check();
    } catch (err) {
      if (err instanceof ProblemError) this.refusals.notify(record, err.code, this.clock.now());
      throw err;
    }
  }

  private principal(record: CredentialRecord, scopes: readonly string[], via: MachinePrincipal['via']): MachinePrincipal {
    this.lastUsed.set(record.credentialId, this.clock.now());
    return {
      kind: 'machine',
      credentialId: record.credentialId,
      workspaceId: record.workspaceId,
      serviceAgentId: record.serviceAgentId,
      scopes,
      via,
      rateLimitSubject: { kind: 'credential', id: record.credentialId },
    };
  }

  private async flushLastUsed(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const batch = new Map(this.lastUsed);
    this.lastUsed.clear();
    try {
      await this.repo.touchLastUsed(batch);
    } catch (err) {
      // Kept for the next flush (Postgres out of reach, say): a use newer than the kept one wins.
      for (const [id, at] of batch) if ((this.lastUsed.get(id) ?? 0) < at) this.lastUsed.set(id, at);
      this.logger.warn(`last_used_at flush failed, kept for the next: ${(err as Error).message}`);
    }
  }

  // ---- issuance -----------------------------------------------------------------------------

  /**
   * Creates an agk_ key on an agent; the key is returned once and only its hash is stored. `id`
   * names the credential for a caller that must know it before the answer (a PipelinedTransaction).
   */
  async issueApiKey(
    m: SqlExecutor,
    owner: { workspaceId: string; serviceAgentId: string },
    scopes: readonly string[],
    expiresAt: Date | null = null,
    id?: string,
  ): Promise<IssuedApiKey> {
    const secret = mintPrefixedSecret('agk');
    const row = await this.repo.insertCredential(m, {
      id,
      ...owner,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
      scopes,
      expiresAt,
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
    m: SqlExecutor | undefined,
    credential: { credentialId: string; serviceAgentId: string },
    scopes: readonly string[],
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

  // ---- state changes ------------------------------------------------------------------------

  /**
   * Archives or revokes a credential of the workspace; everything minted from it stops working
   * at once on every node. "Not found" and "not yours" answer alike.
   */
  async changeStatus(credentialId: string, workspaceId: string, status: 'archived' | 'revoked'): Promise<void> {
    await this.db.transaction(async (m) => {
      const changed = await this.repo.setStatus(m, credentialId, workspaceId, status, this.clock.date());
      if (!changed && !(await this.repo.existsInWorkspace(m, credentialId, workspaceId))) throw new NotFoundProblem();
      if (changed && status === 'revoked') await this.recordRevoked(m, workspaceId, [credentialId]);
    });
    await this.publishCredentialChanged(credentialId);
  }

  /**
   * Records `api_key.revoked` for each credential in the revoking transaction. Besides telling
   * integrations, the event reaches every node through the outbox even when the revoking node
   * cannot publish on the bus (see onModuleInit).
   */
  async recordRevoked(m: EntityManager, workspaceId: string, credentialIds: readonly string[]): Promise<void> {
    const revokedAt = this.clock.date().toISOString();
    for (const id of credentialIds)
      await this.outbox.record(m, workspaceId, 'api_key.revoked', { credential_id: id, revoked_at: revokedAt });
  }

  async publishCredentialChanged(credentialId: string): Promise<void> {
    await this.events.publish({ type: CredentialEvents.credentialChanged, credentialId });
  }

  // ---- batch revocation (issue 22) ----

  /**
   * Revokes the workspace's visible keys among `ids` in `m`'s transaction, with `api_key.revoked`
   * for each one revoked now. By key id: revoked now, or already; ids not found (or of the hidden
   * workspace-key agent) are absent. Call publishCredentialsChanged once committed.
   */
  async revokeMany(m: EntityManager, workspaceId: string, ids: readonly string[]): Promise<Map<string, 'revoked' | 'already_revoked'>> {
    const found = await this.repo.revokeVisibleMany(m, workspaceId, ids, this.clock.date());
    const revoked = found.filter((k) => k.previous !== 'revoked').map((k) => k.id);
    await this.recordRevoked(m, workspaceId, revoked);
    return new Map(found.map((k) => [k.id, k.previous === 'revoked' ? ('already_revoked' as const) : ('revoked' as const)]));
  }

  async publishCredentialsChanged(credentialIds: readonly string[]): Promise<void> {
    for (const id of credentialIds) await this.publishCredentialChanged(id);
  }

  /** Revokes every key of the given agents in `m`'s transaction, with api_key.revoked each (a data erasure); returns their ids. */
  async revokeAllOfAgents(m: EntityManager, workspaceId: string, agentIds: readonly string[]): Promise<string[]> {
    const revoked = await this.repo.revokeAllOfAgents(m, workspaceId, agentIds, this.clock.date());
    await this.recordRevoked(m, workspaceId, revoked);
    return revoked;
  }
}
