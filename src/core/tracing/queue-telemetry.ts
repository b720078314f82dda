import type { Telemetry } from 'bullmq';

/**
 * BullMQ's telemetry hook from its makers' OpenTelemetry add-on (bullmq-otel): a producer span
 * where a job is added, whose context rides in the job, and a consumer span around each attempt
 * (the pg, ioredis and outgoing http spans of the job beneath it). Loaded only when tracing is on.
 */
export function queueTelemetry(): Telemetry {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on (ADR 0279)
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return new BullMQOtel({ tracerName: 'bullmq' });
}
