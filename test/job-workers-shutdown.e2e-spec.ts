import { JobWorkers } from '../src/core/jobs/job-workers.service';
import { WebhookDeliveryProcessor } from '../src/webhooks/webhook-delivery.processor';
import { eventually } from './support/eventually';
import { OwnRedis } from './support/own-infra';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import type Redis from 'ioredis';

/**
 * A worker closed while its blocking Redis connection waits to reconnect: ioredis never ended a
 * connection disconnected in that state (no 'end' event), so BullMQ's close, which waits for
 * that event, waited for good, and the service's shutdown with it (src/core/redis/stranded-disconnect.ts).
 *
 * Nor did ioredis settle the BZPOPMIN it lost with the connection once a reconnect had begun:
 * BullMQ's 6 s watchdog did, and the close waited for it (about 1 run in 20 under CPU load).
 *
 * On a Redis server of its own: a worker closes once its active jobs finish, and on the shared
 * Redis db this app's workers took jobs that other suites' apps queued, so one of those still
 * running (a replay to a receiver that answers after seconds, say) held the shutdown past the
 * 5 s bound.
 */
describe('job workers at shutdown', () => {
  const redis = new OwnRedis();
  let proxy: TcpProxy;
  let t: TestApp;
  let closed = false;

  beforeAll(async () => {
    await redis.start();
    proxy = new TcpProxy('127.0.0.1', redis.port);
    await proxy.start();
    t = await createTestApp({ env: { REDIS_URL: proxy.urlFor(redis.url) } });
  });
  afterAll(async () => {
    await proxy?.start();
    if (!closed) await t?.close();
    await proxy?.cut();
    await redis.kill();
  });

  it('a worker whose blocking connection is waiting to reconnect closes at once, and shutdown goes on', async () => {
    const worker = t.app.get(WebhookDeliveryProcessor).worker;
    const backend = worker.backend;
    const blocking = (await backend.blockingClient!) as unknown as Redis;
    const main = (await backend.client) as unknown as Redis;
    await eventually(async () => expect(blocking.status).toBe('ready'));

    await proxy.cut();
    await eventually(async () => expect(blocking.status).toBe('reconnecting'), { timeoutMs: 5000, intervalMs: 5 });
    const shutdown = t.app.get(JobWorkers).onApplicationShutdown();
    // Redis is back at once (the disconnected connection must not wait for it either).
    await proxy.start();
    const outcome = await Promise.race([
      shutdown.then(() => 'closed'),
      // unref'd: after the shutdown won the race, a pending bound kept jest from exiting for 5 s
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000).unref()),
    ]);
    expect(outcome).toBe('closed');
    expect(worker.closing).toBeDefined();
    // Both of the worker's connections have ended: nothing of it stays open.
    expect([main.status, blocking.status]).toEqual(['end', 'end']);

    // The rest of the application closes too (@nestjs/bullmq closes the workers again).
    await t.close();
    closed = true;
  }, 30_000);
});
