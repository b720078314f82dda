import { JobWorkers } from '../src/core/jobs/job-workers.service';
import { WebhookDeliveryProcessor } from '../src/webhooks/webhook-delivery.processor';
import { eventually } from './support/eventually';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import type Redis from 'ioredis';

/**
 * A worker closed while its blocking Redis connection waits to reconnect: ioredis never ended a
 * connection disconnected in that state (no 'end' event), so BullMQ's close, which waits for
 * that event, waited for good, and the service's shutdown with it (src/core/redis/stranded-disconnect.ts).
 */
describe('job workers at shutdown', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let t: TestApp;
  let closed = false;

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = proxy.urlFor(redisUrl);
    t = await createTestApp({ env: { REDIS_URL: viaProxy } });
  });
  afterAll(async () => {
    await proxy.start();
    if (!closed) await t?.close();
    await proxy.cut();
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
