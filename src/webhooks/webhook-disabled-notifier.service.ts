import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { html } from '../core/pages/html';
import { MailService } from '../mail';
import { WebhookSubscriptionsRepository } from './webhook-subscriptions.repository';

const REASONS = {
  failing: 'its deliveries have failed for too long without a single success',
  gone: 'its receiver answered 410 Gone, which asks senders to stop',
} as const;

/**
 * Tells a workspace's owners and admins that a subscription was disabled by the service (Standard
 * Webhooks: notify consumers through another channel), by mail. Best effort: a mail that cannot
 * be queued is logged, and the subscription's status says the same thing.
 */
@Injectable()
export class WebhookDisabledNotifier {
  private readonly logger = new Logger(WebhookDisabledNotifier.name);

  constructor(
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  async disabled(workspaceId: string, subscriptionId: string, reason: keyof typeof REASONS, url: string): Promise<void> {
    this.logger.warn(`webhook subscription ${subscriptionId} of workspace ${workspaceId} disabled (${reason})`);
    try {
      const link = `${this.config.baseUrl}/app/webhooks/${subscriptionId}`;
      const origin = new URL(url).origin;
      for (const to of await this.subscriptions.adminEmails(workspaceId)) {
        await this.mail.enqueue({
          to,
          subject: 'A webhook subscription was disabled',
          text: `Deliveries to ${origin} stopped: ${REASONS[reason]}.\nFix the receiver, then enable the subscription again: ${link}\n`,
          html: html`<p>Deliveries to <code>${origin}</code> stopped: ${REASONS[reason]}.</p><p>Fix the receiver, then <a href="${link}">enable the subscription</a> again.</p>`
            .value,
        });
      }
    } catch (err) {
      this.logger.warn(`webhook subscription ${subscriptionId}: disabled notice not sent: ${(err as Error).message}`);
    }
  }
}
