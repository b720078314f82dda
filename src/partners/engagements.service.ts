import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { ENGAGEMENT_SCOPES, type EngagementScope } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { assertWorkspaceAcceptsTraffic } from '../credentials';
import { EngagementsRepository } from './engagements.repository';
import { ENGAGEMENT_TOKEN_DEFAULT_TTL_S, ENGAGEMENT_TOKEN_MAX_TTL_S, ENGAGEMENT_TOKEN_PRUNE_AFTER_MS } from './lifetimes';
import { MarketplaceCredentialsService } from './marketplace-credentials.service';
import { canonicalScopes } from './partner-scopes';
import { PartnersRepository } from './partners.repository';
import type { ListQuery } from '../core/listing/list-query';
import type {
  EngagementDto,
  EngagementEventDto,
  EngagementEventListDto,
  EngagementListDto,
  EngagementTokenDto,
} from './dto/engagement.dto';
import type { EngagementPrincipal, PartnerPrincipal } from './marketplace-principals';

/** An engagement's audit target: the engagement, labelled with its partner's name. */
const engagementTarget = (e: EngagementDto) => ({ type: 'engagement', id: e.id, label: e.partner_name });

/**
 * Engagements: a workspace's grant to a partner (operators grant, list and revoke), the tokens a
 * partner mints under one, and the events its runtime posts through them. The workspace always
 * comes from the session or the token, never from input. Grants, revocations and minted tokens
 * are audited in their transaction, in the engagement's workspace (by the operator, or the partner).
 */
@Injectable()
export class EngagementsService {
  constructor(
    private readonly db: Db,
    private readonly repo: EngagementsRepository,
    private readonly partners: PartnersRepository,
    private readonly credentials: MarketplaceCredentialsService,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  // ---- operators ----------------------------------------------------------------------------

  /**
   * Grants an active partner; scopes default to every engagement scope. An unknown or suspended
   * partner is a 422 on partner_id; a second active grant to the same partner a 409.
   */
  async grant(workspaceId: string, grantedBy: string, partnerId: string, scopes?: readonly EngagementScope[]): Promise<EngagementDto> {
    try {
      return await this.db.transaction(async (m) => {
        if (!(await this.partners.activeScopes(m, partnerId)))
          throw new ValidationProblem({ partner_id: ['does not name an active partner'] });
        const engagement = await this.repo.insert(m, {
          workspaceId,
          partnerId,
          grantedBy,
          scopes: canonicalScopes(ENGAGEMENT_SCOPES, scopes ?? ENGAGEMENT_SCOPES),
        });
        await this.audit.record(m, {
          workspaceId,
          action: 'engagement.create',
          target: engagementTarget(engagement),
          changes: AuditLog.changes(null, engagement, ['partner_id', 'scopes']),
        });
        return engagement;
      });
    } catch (err) {
      if (isUniqueViolation(err, ['engagements_active_key'])) throw new ConflictProblem('engagement_exists');
      throw err;
    }
  }

  async listForWorkspace(workspaceId: string, q: ListQuery<'engagements', true>): Promise<EngagementListDto> {
    const { rows, total } = await this.repo.listForWorkspace(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /**
   * Revoking ends every token minted under the engagement at once, on every node. Idempotent:
   * revoking a revoked engagement answers it unchanged.
   */
  async revoke(workspaceId: string, id: string): Promise<EngagementDto> {
    const engagement = await this.db.transaction(async (m) => {
      const revoked = await this.repo.revoke(m, workspaceId, id, this.clock.date());
      if (revoked) await this.partners.notifyChanged(m);
      const found = await this.repo.findInWorkspace(workspaceId, id, m);
      if (revoked && found) {
        await this.audit.record(m, {
          workspaceId,
          action: 'engagement.revoke',
          target: engagementTarget(found),
          changes: { status: ['active', found.status] },
        });
      }
      return found;
    });
    this.credentials.invalidateAll();
    if (!engagement) throw new NotFoundProblem();
    return engagement;
  }

  /** One engagement of the workspace and a page of its events (the console page). */
  async showWithEvents(
    workspaceId: string,
    id: string,
    q: ListQuery<'engagement_events', true>,
  ): Promise<{ engagement: EngagementDto; events: EngagementEventListDto }> {
    const engagement = await this.repo.findInWorkspace(workspaceId, id);
    if (!engagement) throw new NotFoundProblem();
    return { engagement, events: await this.listEvents(id, q) };
  }

  async listEventsForWorkspace(workspaceId: string, id: string, q: ListQuery<'engagement_events', true>): Promise<EngagementEventListDto> {
    if (!(await this.repo.findInWorkspace(workspaceId, id))) throw new NotFoundProblem();
    return this.listEvents(id, q);
  }

  // ---- partners -----------------------------------------------------------------------------

  async listForPartner(partner: PartnerPrincipal, q: ListQuery<'engagements', true>): Promise<EngagementListDto> {
    const { rows, total } = await this.repo.listActiveForPartner(partner.partnerId, q);
    return listEnvelope(q, rows, total);
  }

  /**
   * Mints an engagement token: 32 random bytes, stored as SHA-256 with its scopes, expiry and the
   * key that minted it. `expiresIn` defaults to 86400 and is clamped to 604800; scopes only narrow
   * the engagement's. Another partner's, a revoked or an unknown engagement is a 404; a workspace
   * not accepting traffic the 403 of machine traffic.
   */
  async mint(
    partner: PartnerPrincipal,
    engagementId: string,
    expiresIn?: number,
    scopes?: readonly EngagementScope[],
  ): Promise<EngagementTokenDto> {
    const engagement = await this.repo.findActiveForPartner(partner.partnerId, engagementId);
    if (!engagement) throw new NotFoundProblem();
    assertWorkspaceAcceptsTraffic(engagement.workspaceStatus);
    if (scopes) {
      const beyond = scopes.filter((s) => !engagement.scopes.includes(s));
      if (beyond.length > 0) throw new ValidationProblem({ scopes: [`are not granted to this engagement: ${beyond.join(', ')}`] });
    }
    const granted = canonicalScopes(ENGAGEMENT_SCOPES, scopes ?? engagement.scopes);
    const lifetime = Math.min(expiresIn ?? ENGAGEMENT_TOKEN_DEFAULT_TTL_S, ENGAGEMENT_TOKEN_MAX_TTL_S);
    const now = this.clock.now();
    const expiresAt = new Date(now + lifetime * 1000);
    const token = randomToken(32);
    await this.db.transaction(async (m) => {
      const tokenId = await this.repo.insertToken(m, {
        engagementId,
        partnerKeyId: partner.partnerKeyId,
        tokenHash: sha256(token),
        scopes: granted,
        expiresAt,
        pruneBefore: new Date(now - ENGAGEMENT_TOKEN_PRUNE_AFTER_MS),
      });
      // the token's record (its row id), never the token; in the engagement's workspace, by the partner
      await this.audit.record(m, {
        workspaceId: engagement.workspaceId,
        action: 'engagement_token.create',
        target: { type: 'engagement_token', id: tokenId, label: null },
        changes: { engagement_id: [null, engagementId], scopes: [null, granted], expires_at: [null, expiresAt.toISOString()] },
      });
    });
    return {
      token,
      token_type: 'Bearer',
      expires_in: lifetime,
      expires_at: expiresAt.toISOString(),
      scopes: granted,
      engagement_id: engagementId,
    };
  }

  // ---- engagement runtimes ------------------------------------------------------------------

  /** Writes into the token's own engagement and workspace only (the strategy checked the route's id). */
  postEvent(runtime: EngagementPrincipal, kind: string, payload: Record<string, unknown> | undefined): Promise<EngagementEventDto> {
    return this.repo.insertEvent({ engagementId: runtime.engagementId, workspaceId: runtime.workspaceId, kind, payload: payload ?? {} });
  }

  listEventsForRuntime(runtime: EngagementPrincipal, q: ListQuery<'engagement_events', true>): Promise<EngagementEventListDto> {
    return this.listEvents(runtime.engagementId, q);
  }

  private async listEvents(engagementId: string, q: ListQuery<'engagement_events', true>): Promise<EngagementEventListDto> {
    const { rows, total } = await this.repo.listEvents(engagementId, q);
    return listEnvelope(q, rows, total);
  }
}
