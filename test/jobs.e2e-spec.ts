import { randomBytes } from 'node:crypto';
import { QueueNames } from '../src/core/config/queue-names';
import { MailService } from '../src/mail/mail.service';
import { eventually } from './support/eventually';
import { appQueue } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

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

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('mail and reset-link jobs outlast a half-hour outage (they have no row a sweep could send again)', async () => {
    for (const name of [QueueNames.mailer, QueueNames.passwordResets]) {
      const { attempts = 1, backoff } = appQueue(t, name).defaultJobOptions;
      expect({ name, backoff }).toEqual({ name, backoff: { type: 'exponential', delay: 1000 } });
      // BullMQ's exponential backoff waits delay * 2^(n-1) before retry n
      const waited = Array.from({ length: attempts - 1 }, (_, n) => 1000 * 2 ** n).reduce((a, b) => a + b, 0);
      expect({ name, minutes: waited / 60_000 > 30 && waited < 60 * 60_000 }).toEqual({ name, minutes: true });
    }
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
