import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { parsePrefixedSecret, secretMatches, sha256Base64 } from '../core/common/crypto/secrets';
import { ProblemError } from '../core/common/problem/problem.error';
import { LastUseBatch } from '../core/database/last-use-batch';
import { CommittedCredentialEvents } from '../core/redis/committed-credential-events';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { DOMAIN_EVENT_BUS_TYPE, type DomainEventBusMessage } from '../events';
import { CREDENTIAL_EVENT_INDEXES, CredentialCache } from './credential-cache';
import { type ClientAddress, CredentialRefusals } from './credential-refusals';
import { AccessTokenRecord, CredentialRecord, CredentialsRepository } from './credentials.repository';
import { LAST_USED_FLUSH_MS } from './lifetimes';
import { assertWorkspaceAcceptsTraffic, MachineAuthError, ServiceAgentInactiveError } from './machine-auth.errors';
import type { MachineScope } from '../auth';
import type { MachinePrincipal } from './machine-principal';

/** Access tokens and socket tokens: 32 random bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads a token minted from a credential by its SHA-256, with the credential's state. */
export type TokenLoader = (tokenHash: Buffer) => Promise<AccessTokenRecord | undefined>;

/**
 * The one place machine credentials are verified: HTTP guards, the token exchange and the
 * websocket handshake all check them here. Verification costs no bcrypt: a prefix (or token-hash)
 * lookup, served from a short-lived in-process cache, then SHA-256 and a constant-time compare.
 * Socket tokens are verified by the same code as access tokens, in a cache of their own (each
 * kind is looked up only where it is accepted). The caches drop a credential when any node says
 * it, its agent or its workspace changed: on the bus at once, and durably, so that it reaches
 * every node whatever Redis does, as `api_key.revoked` through the outbox (CredentialRevoker) or
 * as a notification of the changing transaction (an archived key, an agent's or a workspace's
 * status: CommittedCredentialEvents, ADR 0230). The caches are bypassed while either durable way
 * may be missing events here (the bus or the notification connection down). The last use of each
 * credential is written in batches.
 */
@Injectable()
export class MachineCredentialVerifier implements OnModuleInit, OnApplicationShutdown {
  private readonly keys = new CredentialCache<CredentialRecord>(undefined, undefined, CREDENTIAL_EVENT_INDEXES);
  private readonly tokens = new CredentialCache<AccessTokenRecord>(undefined, undefined, CREDENTIAL_EVENT_INDEXES);
  private readonly socketTokens = new CredentialCache<AccessTokenRecord>(undefined, undefined, CREDENTIAL_EVENT_INDEXES);
  /** The last use of each credential, written in batches (tests flush it without waiting). */
  private readonly lastUsed: LastUseBatch;

  constructor(
    private readonly repo: CredentialsRepository,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly refusals: CredentialRefusals,
    private readonly committed: CommittedCredentialEvents,
  ) {
    this.lastUsed = new LastUseBatch('last_used_at', (uses) => this.repo.touchLastUsed(uses));
  }

  onModuleInit(): void {
    const caches = [this.keys, this.tokens, this.socketTokens];
    // through the caches' indexes: a batch retirement sends one agent event per robot (issue 58)
    const drop = (index: keyof typeof CREDENTIAL_EVENT_INDEXES, id: unknown) =>
      caches.forEach((cache) => cache.invalidateWhere(index, String(id)));
    this.events.on(CredentialEvents.credentialChanged, (e) => drop('credential', e.credentialId));
    this.events.on(CredentialEvents.agentChanged, (e) => drop('agent', e.serviceAgentId));
    this.events.on(CredentialEvents.workspaceChanged, (e) => drop('workspace', e.workspaceId));
    // A revocation also travels as a domain event through the outbox: it reaches this node even
    // when the revoking node could not publish on the bus.
    this.events.on(DOMAIN_EVENT_BUS_TYPE, (e) => {
      const { event } = e as unknown as DomainEventBusMessage;
      if (event.type === 'api_key.revoked') drop('credential', event.data.credential_id);
    });
    // Credential events also arrive as notifications of their transactions (CommittedCredentialEvents).
    let suspended: boolean | undefined;
    const update = () => {
      const suspend = !this.events.healthy || !this.committed.listening;
      if (suspend === suspended) return;
      suspended = suspend;
      caches.forEach((cache) => cache.setSuspended(suspend));
    };
    update();
    this.events.onHealthChange(update);
    this.committed.onListeningChange(update);
    this.lastUsed.start(LAST_USED_FLUSH_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.lastUsed.stop();
  }

  /**
   * Verifies an agk_ key or an access token presented from `from` and returns the principal, or
   * throws the refusal (401 for the credential itself, 403 for its allowlist, the workspace or the
   * agent). Scopes are the caller's check.
   */
  async authenticate(presented: string, from: ClientAddress): Promise<MachinePrincipal> {
    if (presented.startsWith('agk_')) return this.authenticateApiKey(presented, from);
    return this.authenticateAccessToken(presented, from);
  }

  private async authenticateApiKey(presented: string, from: ClientAddress): Promise<MachinePrincipal> {
    const record = await this.verifyApiKey(presented, from);
    this.assertPresentedAccepts(record);
    return this.principal(record, record.credentialScopes, 'api_key');
  }

  /**
   * Checks an agk_ key's secret and credential state (401s) and its allowlist against `from`
   * (403); does not check workspace or agent.
   */
  async verifyApiKey(presented: string, from: ClientAddress): Promise<CredentialRecord> {
    const parts = parsePrefixedSecret('agk', presented);
    if (!parts) throw new MachineAuthError('invalid_api_key');
    const now = this.clock.now();
    const record = await this.keys.read(parts.prefix, now, () => this.repo.findByPrefix(parts.prefix));
    // secretMatches hashes even for an unknown prefix (no timing tell); `!record` only narrows the type
    if (!secretMatches(parts.secret, record?.secretHash) || !record) throw new MachineAuthError('invalid_api_key');
    this.assertPresentedUsable(record, now);
    this.assertPresentedFrom(record, from, now);
    await this.markFirstUse(record, now);
    return record;
  }

  private async authenticateAccessToken(presented: string, from: ClientAddress): Promise<MachinePrincipal> {
    const record = await this.verifyToken(presented, from, this.tokens, (hash) => this.repo.findAccessToken(hash));
    return this.principal(record, record.tokenScopes, 'access_token');
  }

  /**
   * A socket token presented at the websocket upgrade from `from` (SocketTokensService reads it
   * with `load`): checked exactly as an access token, but never accepted as one, nor an access
   * token as it.
   */
  verifySocketToken(presented: string, from: ClientAddress, load: TokenLoader): Promise<AccessTokenRecord> {
    return this.verifyToken(presented, from, this.socketTokens, load);
  }

  /**
   * A token minted from a credential: 401 when malformed, unknown or expired, or when its
   * credential is no longer usable; 403 from outside the credential's allowlist, for an inactive
   * agent or a refused workspace.
   */
  private async verifyToken(
    presented: string,
    from: ClientAddress,
    cache: CredentialCache<AccessTokenRecord>,
    load: TokenLoader,
  ): Promise<AccessTokenRecord> {
    if (!TOKEN_PATTERN.test(presented)) throw new MachineAuthError('invalid_token');
    const hash = sha256Base64(presented);
    const now = this.clock.now();
    const record = await cache.read(hash, now, () => load(Buffer.from(hash, 'base64')));
    if (!record) throw new MachineAuthError('invalid_token');
    this.assertPresentedUsable(record, now);
    if (record.tokenExpiresAt.getTime() <= now) throw new MachineAuthError('token_expired');
    this.assertPresentedFrom(record, from, now);
    this.assertPresentedAccepts(record);
    await this.markFirstUse(record, now);
    return record;
  }

  /**
   * The first use of a key a claim answered with a claim_id (or of a token minted from it), within
   * its replay window, is written before the use is served (ADR 0232): a replay revokes that
   * answer only while it is unused, and the write and the replay both take the key row's lock.
   * A key the replay revoked first refuses here, even while a cache still holds it. Once written,
   * the record says so and the next uses write nothing.
   */
  private async markFirstUse(record: CredentialRecord, now: number): Promise<void> {
    if (record.credentialFirstUsed || record.credentialReplayUntil === null || record.credentialReplayUntil.getTime() <= now) return;
    if (!(await this.repo.markFirstUse(record.credentialId))) throw new MachineAuthError('api_key_revoked');
    record.credentialFirstUsed = true;
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
  private assertPresentedUsable(record: CredentialRecord, now = this.clock.now()): void {
    this.reporting(record, () => this.assertCredentialUsable(record, now));
  }

  /**
   * The key's allowlist, inherited by every token minted from it (CredentialRefusals.assertFrom);
   * a key without one, nearly every request, allocates nothing here.
   */
  private assertPresentedFrom(record: CredentialRecord, from: ClientAddress, now: number): void {
    if (record.allowedRanges.length === 0) return;
    const key = { type: 'api_key', id: record.credentialId, serviceAgentId: record.serviceAgentId } as const;
    this.refusals.assertFrom(key, record.workspaceId, record.allowedRanges, from, now);
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

  private principal(record: CredentialRecord, scopes: readonly MachineScope[], via: MachinePrincipal['via']): MachinePrincipal {
    this.lastUsed.mark(record.credentialId, this.clock.now());
    return {
      kind: 'machine',
      credentialId: record.credentialId,
      workspaceId: record.workspaceId,
      serviceAgentId: record.serviceAgentId,
      scopes,
      via,
      rateLimitSubject: { kind: 'credential', id: record.credentialId },
      actor: { type: 'service_agent', id: record.serviceAgentId, label: null },
    };
  }
}
