import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../core/common/clock/clock';
import { parsePrefixedSecret, secretMatches, sha256Base64 } from '../core/common/crypto/secrets';
import { ForbiddenProblem } from '../core/common/problem/problem.error';
import { DatabaseNotifications } from '../core/database/database-notifications.service';
import { CommittedCredentialEvents } from '../core/redis/committed-credential-events';
import { CredentialEvents } from '../core/redis/credential-events';
import { EventBus } from '../core/redis/event-bus.service';
import { assertWorkspaceAcceptsTraffic, CredentialCache } from '../credentials';
import { EngagementsRepository, EngagementTokenRecord } from './engagements.repository';
import { PARTNER_KEY_LAST_USED_EVERY_MS } from './lifetimes';
import { MarketplaceAuthError, PartnerSuspendedError } from './marketplace-auth.errors';
import { MARKETPLACE_CHANGED_CHANNEL, PartnerKeyRecord, PartnersRepository } from './partners.repository';
import type { EngagementPrincipal, PartnerPrincipal } from './marketplace-principals';

const ENGAGEMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Verifies partner keys (mpk_) and engagement tokens for the two strategies. Lookups are one
 * indexed join, served from a short-lived in-process cache; a secret is compared as SHA-256 in
 * constant time.
 *
 * Every change that can end a key or token (suspend, rotate, edit scopes, revoke an engagement)
 * notifies PostgreSQL channel `marketplace_changed` in its own transaction; every node's listener
 * empties these caches when it commits, and the changing node empties its own at once. The
 * notification travels over the database connection, so it reaches every node whether or not
 * Redis is up; while a node's listening connection is down (or reconnecting), its caches are
 * bypassed and every request reads PostgreSQL. Workspace status changes arrive as the machine
 * plane's `workspace.changed`, on the event bus and as a notification of the changing
 * transaction (CommittedCredentialEvents); while either may be missing events here, the token
 * cache is bypassed as the machine credential caches are.
 */
@Injectable()
export class MarketplaceCredentialsService implements OnModuleInit {
  private readonly keys = new CredentialCache<PartnerKeyRecord>();
  private readonly tokens = new CredentialCache<EngagementTokenRecord>();
  /** When this node last wrote each key's last_used_at (the database re-checks across nodes). */
  private readonly lastUsedWrites = new Map<string, number>();

  constructor(
    private readonly partners: PartnersRepository,
    private readonly engagements: EngagementsRepository,
    private readonly notifications: DatabaseNotifications,
    private readonly bus: EventBus,
    private readonly committed: CommittedCredentialEvents,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.notifications.listen(MARKETPLACE_CHANGED_CHANNEL, () => this.invalidateAll());
    this.notifications.onConnectionChange(() => this.updateSuspension());
    this.bus.on(CredentialEvents.workspaceChanged, (e) => this.tokens.invalidate((r) => r.workspaceId === e.workspaceId));
    this.bus.onHealthChange(() => this.updateSuspension());
    this.updateSuspension();
  }

  /** Empties both caches (a change committed on some node). */
  invalidateAll(): void {
    this.keys.clear();
    this.tokens.clear();
  }

  private updateSuspension(): void {
    const listening = this.notifications.isListening(MARKETPLACE_CHANGED_CHANNEL);
    this.keys.setSuspended(!listening);
    this.tokens.setSuspended(!listening || !this.bus.healthy || !this.committed.listening);
  }

  /** An mpk_ key of an active partner; scopes are the strategy's check. */
  async authenticatePartner(presented: string): Promise<PartnerPrincipal> {
    const parts = parsePrefixedSecret('mpk', presented);
    if (!parts) throw new MarketplaceAuthError('invalid_token', 'partner');
    const now = this.clock.now();
    const record = await this.keys.read(parts.prefix, now, () => this.partners.findKeyByPrefix(parts.prefix));
    // secretMatches hashes even for an unknown prefix (no timing tell); `!record` only narrows the type
    if (!secretMatches(parts.secret, record?.secretHash) || !record) throw new MarketplaceAuthError('invalid_token', 'partner');
    if (record.keyExpiresAt && record.keyExpiresAt.getTime() <= now) throw new MarketplaceAuthError('partner_key_expired', 'partner');
    if (record.partnerStatus !== 'active') throw new PartnerSuspendedError();
    this.touchLastUsed(record.keyId, now);
    return {
      kind: 'partner',
      partnerId: record.partnerId,
      partnerKeyId: record.keyId,
      workspaceId: null,
      scopes: record.partnerScopes,
      rateLimitSubject: { kind: 'partner', id: record.partnerId },
      actor: { type: 'partner', id: record.partnerId, label: null },
    };
  }

  /**
   * An engagement token: refused unless it is unexpired and its engagement, its partner, the key
   * that minted it and its workspace all still accept it. `engagementId` is the route's.
   */
  async authenticateEngagement(presented: string, engagementId: string | undefined): Promise<EngagementPrincipal> {
    if (!ENGAGEMENT_TOKEN_PATTERN.test(presented)) throw new MarketplaceAuthError('invalid_token', 'engagement');
    const hash = sha256Base64(presented);
    const now = this.clock.now();
    const record = await this.tokens.read(hash, now, () => this.engagements.findToken(Buffer.from(hash, 'base64')));
    if (!record) throw new MarketplaceAuthError('invalid_token', 'engagement');
    if (record.tokenExpiresAt.getTime() <= now) throw new MarketplaceAuthError('token_expired', 'engagement');
    if (record.engagementStatus !== 'active') throw new MarketplaceAuthError('engagement_revoked', 'engagement');
    if (record.keyExpiresAt && record.keyExpiresAt.getTime() <= now) throw new MarketplaceAuthError('partner_key_expired', 'engagement');
    if (record.partnerStatus !== 'active') throw new PartnerSuspendedError();
    if (engagementId !== undefined && engagementId !== record.engagementId) throw new ForbiddenProblem('forbidden');
    assertWorkspaceAcceptsTraffic(record.workspaceStatus);
    return {
      kind: 'engagement',
      engagementId: record.engagementId,
      partnerId: record.partnerId,
      workspaceId: record.workspaceId,
      scopes: record.tokenScopes,
      rateLimitSubject: { kind: 'engagement', id: record.engagementId },
      actor: { type: 'partner', id: record.partnerId, label: null },
    };
  }

  /** At most one write a minute per key from this node; the UPDATE's own condition covers the others. */
  private touchLastUsed(keyId: string, now: number): void {
    const last = this.lastUsedWrites.get(keyId);
    if (last !== undefined && now - last < PARTNER_KEY_LAST_USED_EVERY_MS) return;
    this.lastUsedWrites.set(keyId, now);
    if (this.lastUsedWrites.size > 10_000) this.lastUsedWrites.clear();
    this.partners.touchKeyLastUsed(keyId, new Date(now), PARTNER_KEY_LAST_USED_EVERY_MS).catch(() => this.lastUsedWrites.delete(keyId));
  }
}
