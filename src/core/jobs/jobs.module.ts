import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { RedisKeys } from '../redis/redis-keys';
import { redisConnectionOptions } from '../redis/redis-url';
import { RECONNECT_DELAY } from '../redis/redis.service';
import { queueTelemetry } from '../tracing/queue-telemetry';
import { JobWorkers } from './job-workers.service';

/**
 * BullMQ through @nestjs/bullmq: the shared connection and key prefix, and the JobWorkers that
 * start each queue's worker with its configured concurrency. Imported once, by AppModule (and
 * by HealthModule for the worker states); features register their own queues with
 * `registerQueue` and declare their processors with `@QueueWorker` (see queue-worker.ts).
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // BullMQ's own reconnect backoff grows to 20 s: after an outage its workers would take that
        // long to come back, and closing one meanwhile waits for its next attempt. Reconnect as
        // every other connection of the service does (100 ms, then at most 500 ms apart).
        connection: { ...redisConnectionOptions(config), maxRetriesPerRequest: null, retryStrategy: RECONNECT_DELAY },
        prefix: RedisKeys.bullPrefix(),
        // producer and consumer spans of every queue, when tracing is on (ADR 0279)
        ...(config.tracing ? { telemetry: queueTelemetry() } : {}),
      }),
    }),
    DiscoveryModule,
  ],
  providers: [JobWorkers],
  exports: [JobWorkers],
})
export class JobsModule {}
