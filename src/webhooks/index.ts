/** What the webhooks feature offers the rest of the service; other features import it from here only. */
export * from './dto/webhook-delivery.dto';
export * from './dto/webhook-subscription.dto';
export { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './webhook-deliverer.service';
export * from './webhook-deliveries.service';
export * from './webhook-subscriptions.service';
export * from './webhooks.module';
// Signed outgoing POSTs, for other features that call their own targets (replays).
export { WebhookHttpClient, type HttpAttempt } from './webhook-http';
export { mintWebhookSecret, signStandardWebhook } from './standard-webhooks';
export { checkSubscriptionUrl } from './webhook-url';
