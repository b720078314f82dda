import { Job, QueueEvents } from 'bullmq';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobsOptions, Queue } from 'bullmq';
import { QueueNames } from '../src/core/config/queue-names';
import { WebhookDeliveryJob } from '../src/webhooks';
import { appQueue } from './support/operator';
import { MailService } from '../src/mail/mail.service';
import { RedisKeys } from '../src/core/redis/redis-keys';
import { redisOptionsFromUrl } from '../src/core/redis/redis-url';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import { eventually } from './support/eventually';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

/**
 * A local webhook receiver. Each test uses its own path, so counts are not disturbed by other
 * tests (or by workers of parallel suites, which share the queues). `plan` decides each answer.
 */
class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  private readonly plans = new Map<string, (attempt: number) => number>();
  private server?: http.Server;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
        this.received.push(entry);
        const attempt = this.forPath(entry.url).length;
        const status = this.plans.get(entry.url)?.(attempt) ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** A fresh unique path; `plan(attempt)` (1-based) gives the status for each request to it. */
  path(plan?: (attempt: number) => number): string {
    const path = `/hooks/${randomBytes(8).toString('hex')}`;
    if (plan) this.plans.set(path, plan);
    return path;
  }

  forPath(path: string): ReceivedRequest[] {
    return this.received.filter((r) => r.url === path);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

/** Polls `probe` until it returns a non-undefined value, or fails after `timeoutMs`. */
function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  return eventually(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error('not yet');
      return value;
    },
    { timeoutMs, what },
  );
}

const unique = () => randomBytes(6).toString('hex');
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

describe('background jobs (real Redis / BullMQ)', () => {
  let t: TestApp;
  let webhooks: Queue<WebhookDeliveryJob>;
  const deliver = (data: WebhookDeliveryJob, opts?: JobsOptions) => webhooks.add('deliver', data, opts);
  let receiver: WebhookReceiver;
  let queueEvents: QueueEvents;

  beforeAll(async () => {
    receiver = new WebhookReceiver();
    await receiver.start();
    queueEvents = new QueueEvents(QueueNames.webhooks, {
      connection: redisOptionsFromUrl(process.env.REDIS_URL!),
      prefix: RedisKeys.bullPrefix(),
    });
    await queueEvents.waitUntilReady();
    t = await createTestApp();
    webhooks = appQueue(t, QueueNames.webhooks) as Queue<WebhookDeliveryJob>;
  });

  afterAll(async () => {
    await Promise.allSettled([t?.close(), queueEvents?.close()]);
    await receiver?.stop();
  });

  describe('webhook delivery worker', () => {
    it('POSTs the JSON envelope with the event header and a verifiable timestamped HMAC signature', async () => {
      const path = receiver.path();
      const before = Math.floor(Date.now() / 1000);
      const job = await deliver({
        url: `${receiver.baseUrl}${path}`,
        event: 'agent.created',
        payload: { a: 1 },
        secret: 'whsec_test',
      });

      const req = await waitFor('the webhook POST', () => receiver.forPath(path)[0]);
      const after = Math.floor(Date.now() / 1000);

      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toMatch(/^application\/json/);
      expect(req.headers['x-webhook-event']).toBe('agent.created');
      expect(JSON.parse(req.rawBody)).toEqual({ event: 'agent.created', payload: { a: 1 }, delivery_id: job.id });

      const signature = req.headers['x-webhook-signature'];
      expect(typeof signature).toBe('string');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature as string);
      expect(match).not.toBeNull();
      const [, ts, v1] = match!;
      expect(Number(ts)).toBeGreaterThanOrEqual(before);
      expect(Number(ts)).toBeLessThanOrEqual(after);
      const expected = createHmac('sha256', 'whsec_test').update(`${ts}.${req.rawBody}`).digest('hex');
      expect(v1).toBe(expected);
      expect(timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'))).toBe(true);
      // A different secret does not verify.
      expect(createHmac('sha256', 'whsec_other').update(`${ts}.${req.rawBody}`).digest('hex')).not.toBe(v1);

      await expect(job.waitUntilFinished(queueEvents, 10_000)).resolves.toEqual({ status: 200 });
      expect(receiver.forPath(path)).toHaveLength(1);
    });

    it('sends no signature header when the subscription has no secret', async () => {
      const path = receiver.path();
      const job = await deliver({
        url: `${receiver.baseUrl}${path}`,
        event: 'agent.deleted',
        payload: { id: 'agt_1' },
      });
      const req = await waitFor('the webhook POST', () => receiver.forPath(path)[0]);
      expect(req.headers['x-webhook-signature']).toBeUndefined();
      expect(req.headers['x-webhook-event']).toBe('agent.deleted');
      expect(JSON.parse(req.rawBody)).toEqual({ event: 'agent.deleted', payload: { id: 'agt_1' }, delivery_id: job.id });
      await expect(job.waitUntilFinished(queueEvents, 10_000)).resolves.toEqual({ status: 200 });
    });

    it('a non-2xx answer fails the attempt and BullMQ retries it until it succeeds', async () => {
      const path = receiver.path((attempt) => (attempt === 1 ? 500 : 200));
      const job = await deliver(
        { url: `${receiver.baseUrl}${path}`, event: 'agent.updated', payload: { n: 2 }, secret: 'whsec_retry' },
        { attempts: 3, backoff: { type: 'fixed', delay: 100 } },
      );

      await expect(job.waitUntilFinished(queueEvents, 10_000)).resolves.toEqual({ status: 200 });
      expect(await job.getState()).toBe('completed');

      const calls = receiver.forPath(path);
      expect(calls).toHaveLength(2);
      // Both attempts carry the same delivery id and body.
      expect(JSON.parse(calls[0].rawBody)).toEqual({ event: 'agent.updated', payload: { n: 2 }, delivery_id: job.id });
      expect(calls[1].rawBody).toBe(calls[0].rawBody);

      const stored = await Job.fromId(webhooks, job.id!);
      expect(stored?.attemptsMade).toBe(2);
      expect(stored?.failedReason).toMatch(/answered 500/);
    });

    it('gives up (failed) after the configured attempts when the endpoint keeps failing', async () => {
      const path = receiver.path(() => 503);
      const job = await deliver(
        { url: `${receiver.baseUrl}${path}`, event: 'agent.updated', payload: {} },
        { attempts: 2, backoff: { type: 'fixed', delay: 50 } },
      );
      await expect(job.waitUntilFinished(queueEvents, 10_000)).rejects.toThrow(/answered 503/);
      expect(await job.getState()).toBe('failed');
      expect(receiver.forPath(path)).toHaveLength(2);
    });
  });

  describe('mailer queue with the memory transport', () => {
    it('an enqueued message is delivered to the shared dev mailbox (JSON and HTML views)', async () => {
      const token = unique();
      const mail = {
        to: `x-${token}@example.com`,
        subject: `Hello <${token}> & "friends"`,
        text: `plain ${token}`,
        html: `<p>h ${token}</p>`,
      };
      await t.app.get(MailService).enqueue(mail);

      const message = await waitFor('the message in /dev/mailbox.json', async () => {
        const res = await t.http().get('/dev/mailbox.json').expect(200);
        return (res.body.messages as Array<Record<string, unknown>>).find((m) => m.subject === mail.subject);
      });

      expect(message).toEqual({ ...mail, sent_at: expect.stringMatching(ISO_8601) });
      const sentAt = message.sent_at as string;
      expect(new Date(sentAt).toISOString()).toBe(sentAt);

      const json = await t.http().get('/dev/mailbox.json').expect(200);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.headers['cache-control']).toBe('no-store');

      const page = await t.http().get('/dev/mailbox').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain(`<h2>Hello &lt;${token}&gt; &amp; &quot;friends&quot;</h2>`);
      expect(page.text).toContain(`x-${token}@example.com`);
      expect(page.text).not.toContain(`<${token}>`);
    });
  });

  describe('dev mailbox outside the memory transport', () => {
    let smtp: TestApp | undefined;
    beforeAll(async () => {
      // No workers: this instance must not take (and fail) mail jobs meant for the memory transport.
      smtp = await createTestApp({
        env: {
          MAIL_TRANSPORT: 'smtp',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          QUEUE_MAILER_CONCURRENCY: '0',
          QUEUE_PASSWORD_RESETS_CONCURRENCY: '0',
          QUEUE_EVENTS_CONCURRENCY: '0',
          QUEUE_WEBHOOKS_CONCURRENCY: '0',
        },
      });
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it('GET /dev/mailbox.json is a 404 problem', async () => {
      const res = await smtp!.http().get('/dev/mailbox.json');
      expectProblem(res, 404, 'not-found', { title: 'Not Found', detail: 'not_found' });
      expect(res.body.messages).toBeUndefined();
    });

    it('GET /dev/mailbox is a 404 problem', async () => {
      const res = await smtp!.http().get('/dev/mailbox');
      expectProblem(res, 404, 'not-found', { title: 'Not Found', detail: 'not_found' });
      expect(res.text).not.toContain('Development mailbox');
    });
  });
});
