/** What the webhooks feature offers the rest of the service; other features import it from here only. */
export * from './webhook-delivery.processor';
export * from './webhooks.module';
