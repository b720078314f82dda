import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RedisKeys } from '../src/core/redis/redis-keys';
import { makeOperator, type Operator } from './support/console';
import { eventually } from './support/eventually';
import { IsolatedInfra } from './support/isolated-infra';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier';
import { WebhookReceiver } from './support/webhook-receiver';
import type { TestApp } from './support/test-app';

jest.setTimeout(90_000);

const SUBSCRIPTIONS = '/api/v1/operator/webhook_subscriptions';

async function subscribe(t: TestApp, op: Operator, url: string): Promise<{ id: string; secret: string }> {
  const res = await t
    .http()
    .post(SUBSCRIPTIONS)
    .set('cookie', op.cookie)
    .send({ url, event_types: ['agent_command.created'] });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${res.text}`);
  return res.body.webhook_subscription;
}

async function command(t: TestApp, op: Operator): Promise<string> {
  const res = await t
    .http()
    .post('/api/v1/operator/agent_commands')
    .set('cookie', op.cookie)
    .send({ service_agent_id: op.reg.defaultAgentId, name: 'reboot' });
  if (res.status !== 201) throw new Error(`command: ${res.status} ${res.text}`);
  return res.body.agent_command.id;
}

const deliveryRows = (t: TestApp, subscriptionId: string) =>
  t.app.get(DataSource).query(`SELECT id, status, attempts, job_id FROM webhook_deliveries WHERE subscription_id = $1`, [subscriptionId]);

/**
 * Redis holds only queues: a restart that loses them must lose no webhook. Each test kills the
 * suite's own Redis (SIGKILL, no persistence: every job is gone) at a different point between
 * the change and the delivery, and the receiver must get the event once.
 */
describe('webhooks when Redis restarts between the change and the delivery', () => {
  const infra = new IsolatedInfra();
  const receiver = new WebhookReceiver();
  const fast = { OUTBOX_POLL_MS: '100', WEBHOOK_REDRIVE_MS: '500', WEBHOOK_RETRY_BASE_MS: '100' };

  beforeAll(() => Promise.all([infra.start(), receiver.start()]));

  /** Whether the suite's Redis holds the BullMQ job of the webhooks queue. */
  async function jobInRedis(jobId: string): Promise<boolean> {
    const redis = new Redis(infra.redis.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      disconnectTimeout: 0,
    });
    try {
      await redis.connect();
      return (await redis.exists(`${RedisKeys.bullPrefix()}:webhooks:${jobId}`)) === 1;
    } finally {
      redis.disconnect();
    }
  }
  afterAll(async () => {
    await infra.redis.start().catch(() => undefined);
    await infra.stop();
    await receiver.stop();
  });

  it('a change committed while Redis is down is delivered once it is back', async () => {
    const t = await infra.app(fast);
    const op = await makeOperator(t);
    const url = receiver.url();
    const sub = await subscribe(t, op, url);

    await infra.redis.kill();
    await command(t, op); // the outbox keeps the event; the relay cannot enqueue it, so it fans nothing out yet
    const db = t.app.get(DataSource);
    const [event] = await db.query(
      `SELECT e.id, p.event_id IS NOT NULL AS pending FROM domain_events e LEFT JOIN domain_events_pending p ON p.event_id = e.id
        WHERE e.workspace_id = $1 AND e.type = 'agent_command.created'`,
      [op.reg.workspaceId],
    );
    expect(event.pending).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveryRows(t, sub.id)).toEqual([]);

    await infra.redis.start();
    const [req] = await receiver.waitFor(url, 1, 30_000);
    expect((verifyStandardWebhook(sub.secret, req.headers, req.rawBody) as { id: string }).id).toBe(event.id);
    await eventually(async () =>
      expect(await deliveryRows(t, sub.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1 })]),
    );
    await new Promise((r) => setTimeout(r, 1200)); // two more sweeps: nothing is sent again
    expect(receiver.forPath(url)).toHaveLength(1);
    await infra.closeApp(t);
  });

  it('a delivery whose first job was lost with Redis is re-driven from Postgres and sent once', async () => {
    // A node without a webhooks worker fans the event out: the delivery's job waits in Redis.
    const idle = await infra.app({ ...fast, QUEUE_WEBHOOKS_CONCURRENCY: '0' });
    const op = await makeOperator(idle);
    const url = receiver.url();
    const sub = await subscribe(idle, op, url);
    await command(idle, op);
    const [queued] = await eventually(async () => {
      const rows = await deliveryRows(idle, sub.id);
      expect(rows).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
      return rows;
    });
    await eventually(async () => expect(await jobInRedis(queued.job_id)).toBe(true));

    // Redis restarts empty: the job is gone.
    await infra.redis.kill();
    await infra.redis.start();
    expect(await jobInRedis(queued.job_id)).toBe(false);

    // A node with workers finds the overdue delivery and sends it. (The idle node is closed at the
    // end: closing a node in the instant its BullMQ connections are reconnecting does not return.)
    const worker = await infra.app(fast);
    const [req] = await receiver.waitFor(url, 1, 30_000);
    expect(req.headers['webhook-id']).toBe(queued.id);
    verifyStandardWebhook(sub.secret, req.headers, req.rawBody);
    await eventually(async () =>
      expect(await deliveryRows(worker, sub.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1 })]),
    );
    await new Promise((r) => setTimeout(r, 1200));
    expect(receiver.forPath(url)).toHaveLength(1);
    await infra.closeApp(worker);
    await infra.closeApp(idle);
  });

  it('a delayed retry lost with Redis happens anyway, once', async () => {
    const t = await infra.app({ ...fast, WEBHOOK_RETRY_BASE_MS: '2000' });
    const op = await makeOperator(t);
    const url = receiver.url((attempt) => (attempt === 1 ? 500 : 200));
    const sub = await subscribe(t, op, url);
    await command(t, op);
    await receiver.waitFor(url, 1);
    // the first attempt recorded as failed, the second scheduled (while attempt 1 is in flight the
    // row is pending with 1 attempt too, still naming job .1: wait for the retry's job id)
    const [pending] = await eventually(async () => {
      const rows = await deliveryRows(t, sub.id);
      expect(rows).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
      expect(rows[0].job_id).toBe(`${rows[0].id}.2`);
      return rows;
    });

    await infra.redis.kill(); // the delayed second attempt is lost
    await infra.redis.start();

    const requests = await receiver.waitFor(url, 2, 30_000);
    expect(requests[1].headers['webhook-id']).toBe(pending.id);
    await eventually(async () =>
      expect(await deliveryRows(t, sub.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2 })]),
    );
    await new Promise((r) => setTimeout(r, 1200));
    expect(receiver.forPath(url)).toHaveLength(2);
    await infra.closeApp(t);
  });
});

describe('webhooks while PostgreSQL is down', () => {
  const infra = new IsolatedInfra({ ownPostgres: true });
  const receiver = new WebhookReceiver();
  beforeAll(() => Promise.all([infra.start(), receiver.start()]));
  afterAll(async () => {
    await infra.postgres!.start().catch(() => undefined);
    await infra.stop();
    await receiver.stop();
  });

  it('an attempt due while the database is down is made once it is back; the API answers 503 meanwhile', async () => {
    const t = await infra.app({ OUTBOX_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_REDRIVE_MS: '1000' });
    const op = await makeOperator(t);
    const url = receiver.url((attempt) => (attempt === 1 ? 500 : 200));
    const sub = await subscribe(t, op, url);
    await command(t, op);
    await receiver.waitFor(url, 1);
    await eventually(async () =>
      expect(await deliveryRows(t, sub.id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]),
    );

    infra.postgres!.stop('fast'); // the retry is due in about a second: its job finds no database
    const refused = await t.http().get(`${SUBSCRIPTIONS}/${sub.id}/deliveries`).set('cookie', op.cookie);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.forPath(url)).toHaveLength(1);

    await infra.postgres!.start();
    const requests = await receiver.waitFor(url, 2, 40_000);
    expect(requests[1].headers['webhook-id']).toBe(requests[0].headers['webhook-id']);
    await eventually(
      async () => expect(await deliveryRows(t, sub.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2 })]),
      { timeoutMs: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.forPath(url)).toHaveLength(2);
  });
});
