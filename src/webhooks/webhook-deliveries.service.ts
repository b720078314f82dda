import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { manualJobId, WebhookDeliverer } from './webhook-deliverer.service';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';
import type { ListQuery } from '../core/listing/list-query';
import type {
  WEBHOOK_DELIVERY_LIST,
  WebhookDeliveryDto,
  WebhookDeliveryListDto,
  WebhookDeliveryWithAttemptsDto,
} from './dto/webhook-delivery.dto';

/** The deliveries of a workspace's subscriptions: listed, shown with their attempts, retried by hand. */
@Injectable()
export class WebhookDeliveriesService {
  private readonly logger = new Logger(WebhookDeliveriesService.name);

  constructor(
    private readonly db: Db,
    private readonly repo: WebhookDeliveriesRepository,
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly deliverer: WebhookDeliverer,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async list(
    workspaceId: string,
    subscriptionId: string,
    q: ListQuery<typeof WEBHOOK_DELIVERY_LIST.key, true>,
  ): Promise<WebhookDeliveryListDto> {
    if (!(await this.subscriptions.find(workspaceId, subscriptionId))) throw new NotFoundProblem();
    const { rows, total } = await this.repo.list(subscriptionId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryWithAttemptsDto> {
    const delivery = await this.repo.find(workspaceId, subscriptionId, deliveryId);
    if (!delivery) throw new NotFoundProblem();
    return { ...delivery, attempt_history: await this.repo.attempts(deliveryId) };
  }

  /**
   * Re-sends one delivery now, whatever its status or its subscription's (API.md: any delivery,
   * 202 and a new attempt). The delivery is pending again until that attempt records itself; if
   * it fails within the retry window of an active subscription, the automatic retries resume.
   * Should Redis not take the job, the delivery is due in Postgres and the re-drive sweep sends it.
   */
  async retry(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const jobId = manualJobId(deliveryId);
    const prepared = await this.db.transaction(async (tx) => {
      const delivery = await this.repo.prepareManual(tx, workspaceId, subscriptionId, deliveryId, jobId, this.clock.date());
      if (delivery) {
        await this.audit.record(tx, {
          workspaceId,
          action: 'webhook_delivery.redeliver',
          target: { type: 'webhook_delivery', id: delivery.id, label: delivery.event_type },
        });
      }
      return delivery;
    });
    if (!prepared) throw new NotFoundProblem();
    try {
      await this.deliverer.enqueue([{ deliveryId, expectedAttempts: prepared.attempts, manual: true, jobId }]);
    } catch (err) {
      this.logger.warn(`webhook delivery ${deliveryId}: manual retry not queued (${(err as Error).message}); the re-drive sweep will`);
    }
    return prepared;
  }
}
