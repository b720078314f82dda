import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditChanges } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { SecretBox } from '../core/common/crypto/secret-box';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { mintWebhookSecret } from './standard-webhooks';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';
import { checkSubscriptionUrl } from './webhook-url';
import type { ListQuery } from '../core/listing/list-query';
import type {
  CreateWebhookSubscriptionDto,
  UpdateWebhookSubscriptionDto,
  WEBHOOK_SUBSCRIPTION_LIST,
  WebhookEventSelection,
  WebhookSubscriptionDto,
  WebhookSubscriptionListDto,
  WebhookSubscriptionWithSecretDto,
} from './dto/webhook-subscription.dto';

/** Subscriptions a workspace may have (each event fans out to every one of them). */
export const WEBHOOK_SUBSCRIPTIONS_MAX = 20;
/** After a rotation, deliveries are signed by the previous secret too for this long (API.md: 24 h). */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** What a subscription's sealed secrets are bound to (SecretBox context). */
export const secretContext = (subscriptionId: string) => `webhook_subscription:${subscriptionId}`;

/**
 * A subscription's URL as its audit events show it: the origin only. The path and query of a
 * receiver's URL often carry its credential (a chat hook's token), which an audit event never holds.
 */
export function auditedUrl(url: string): string {
  const u = new URL(url);
  return u.pathname === '/' && !u.search ? u.origin : `${u.origin}/…`;
}

const subscriptionTarget = (s: { id: string; url: string }) => ({ type: 'webhook_subscription', id: s.id, label: auditedUrl(s.url) });

/** What an update changed, the URL as auditedUrl shows it (a changed path shows as a change even when the origins are equal). */
function subscriptionChanges(before: WebhookSubscriptionDto, after: WebhookSubscriptionDto): AuditChanges | null {
  const changes: Record<string, readonly [unknown, unknown]> = {
    ...AuditLog.changes(before, after, ['description', 'event_types', 'status']),
  };
  if (before.url !== after.url) changes.url = [auditedUrl(before.url), auditedUrl(after.url)];
  return Object.keys(changes).length ? changes : null;
}

/** Duplicates collapsed, in the order given. */
const distinct = (types: readonly WebhookEventSelection[]) => [...new Set(types)];

/**
 * Webhook subscriptions of a workspace (owners and admins). The signing secret is minted here,
 * shown in the create and rotate answers only, and stored sealed (SecretBox), never in clear.
 * Every change is audited in its transaction (no secret, and no URL beyond its origin, in the event).
 */
@Injectable()
export class WebhookSubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly repo: WebhookSubscriptionsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
  ) {}

  async create(workspaceId: string, dto: CreateWebhookSubscriptionDto): Promise<WebhookSubscriptionWithSecretDto> {
    const url = await checkSubscriptionUrl(dto.url, this.config.webhooks.urlPolicy);
    const id = randomUUID();
    const secret = mintWebhookSecret();
    const created = await this.db.transaction(async (tx) => {
      if ((await this.repo.lockAndCount(tx, workspaceId)) >= WEBHOOK_SUBSCRIPTIONS_MAX) {
        throw new ValidationProblem({ webhook_subscriptions: [`at most ${WEBHOOK_SUBSCRIPTIONS_MAX} per workspace`] });
      }
      const inserted = await this.repo.insert(tx, {
        id,
        workspaceId,
        url,
        description: dto.description ?? null,
        eventTypes: distinct(dto.event_types),
        secretCiphertext: this.box.seal(secret, secretContext(id)),
      });
      await this.audit.record(tx, {
        workspaceId,
        action: 'webhook_subscription.create',
        target: subscriptionTarget(inserted),
        changes: AuditLog.changes(null, inserted, ['description', 'event_types', 'status']),
      });
      return inserted;
    });
    return { ...created, secret };
  }

  async list(workspaceId: string, q: ListQuery<typeof WEBHOOK_SUBSCRIPTION_LIST.key, true>): Promise<WebhookSubscriptionListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, id: string): Promise<WebhookSubscriptionDto> {
    const found = await this.repo.find(workspaceId, id);
    if (!found) throw new NotFoundProblem();
    return found;
  }

  /**
   * Changes what is given. A new URL is checked as at creation. Disabling stops deliveries at
   * once: the pending ones end as failed. Enabling forgets the failure streak; deliveries missed
   * meanwhile are not sent (retry them one by one).
   */
  async update(workspaceId: string, id: string, dto: UpdateWebhookSubscriptionDto): Promise<WebhookSubscriptionDto> {
    const url = dto.url === undefined ? undefined : await checkSubscriptionUrl(dto.url, this.config.webhooks.urlPolicy);
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.repo.lock(tx, workspaceId, id);
      if (!before) return undefined;
      const row = (await this.repo.update(tx, workspaceId, id, {
        url,
        description: dto.description,
        eventTypes: dto.event_types && distinct(dto.event_types),
        status: dto.status,
      }))!;
      if (row.status === 'disabled') await this.deliveries.failPending(tx, id, 'subscription disabled', this.clock.date());
      await this.audit.record(tx, {
        workspaceId,
        action: 'webhook_subscription.update',
        target: subscriptionTarget(row),
        changes: subscriptionChanges(before, row),
      });
      return row;
    });
    if (!updated) throw new NotFoundProblem();
    return updated;
  }

  /** Deletes the subscription and its deliveries; jobs still queued for them find nothing to do. */
  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const url = await this.repo.delete(tx, workspaceId, id);
      if (url === undefined) throw new NotFoundProblem();
      await this.audit.record(tx, { workspaceId, action: 'webhook_subscription.delete', target: subscriptionTarget({ id, url }) });
    });
  }

  /**
   * A new secret, shown once. The previous one keeps signing (a second signature in the same
   * header) for 24 hours, so receivers can switch without losing a delivery.
   */
  async rotateSecret(workspaceId: string, id: string): Promise<WebhookSubscriptionWithSecretDto> {
    const secret = mintWebhookSecret();
    const until = new Date(this.clock.now() + SECRET_ROTATION_OVERLAP_MS);
    const rotated = await this.db.transaction(async (tx) => {
      const row = await this.repo.rotateSecret(tx, workspaceId, id, this.box.seal(secret, secretContext(id)), until);
      // the event says that the secret changed, never what it is
      if (row) await this.audit.record(tx, { workspaceId, action: 'webhook_subscription.rotate_secret', target: subscriptionTarget(row) });
      return row;
    });
    if (!rotated) throw new NotFoundProblem();
    return { ...rotated, secret };
  }
}
