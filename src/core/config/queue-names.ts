/**
 * The service's BullMQ queues, declared once. Each has one processor (a `@QueueWorker` class in
 * the feature that owns it) and a `QUEUE_<NAME>_CONCURRENCY` setting (see app-config.ts); `/ready`
 * reports every one of them.
 */
export const QueueNames = {
  /** Outgoing mail (mail/mailer.processor.ts). */
  mailer: 'mailer',
  /** Password-reset requests: look the address up and mail a link (sessions/password-reset.processor.ts). */
  passwordResets: 'password_resets',
  /** Outgoing webhook deliveries (webhooks/webhook-delivery.processor.ts). */
  webhooks: 'webhooks',
  /** Replays of stored traces to workflow targets (replays/replay.processor.ts). */
  replays: 'replays',
  /** Batch operations, one job per chunk of targets (batch-operations/batch-operations.processor.ts). */
  batchOperations: 'batch_operations',
  /** Data requests: exports and erasures (data-requests/data-requests.processor.ts). */
  dataRequests: 'data_requests',
} as const;

export type QueueName = (typeof QueueNames)[keyof typeof QueueNames];
