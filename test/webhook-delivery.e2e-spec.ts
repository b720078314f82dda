import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { Db } from '../src/core/database/db.service';
import { Outbox } from '../src/events';
import { OutboxRelay } from '../src/events/outbox-relay.service';
import { makeOperator, type Operator, sessionCookie } from './support/console';
import { eventually } from './support/eventually';
import { IsolatedInfra } from './support/isolated-infra';
import { metricSample } from './support/metrics';
import { mailsTo } from './support/operator';
import { freePort } from './support/spawned-app';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier';
import { WebhookReceiver } from './support/webhook-receiver';
import type { TestApp } from './support/test-app';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = 24 * 3600 * 1000;

const SUBSCRIPTIONS = '/api/v1/operator/webhook_subscriptions';

async function subscribe(t: TestApp, op: Operator, url: string, eventTypes: string[] = ['*']): Promise<{ id: string; secret: string }> {
  const res = await t.http().post(SUBSCRIPTIONS).set('cookie', op.cookie).send({ url, event_types: eventTypes });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${res.text}`);
  return res.body.webhook_subscription;
}

/** An agent command through operator REST: the change that records `agent_command.created`. */
async function command(t: TestApp, op: Operator, name = 'reboot'): Promise<{ id: string }> {
  const res = await t
    .http()
    .post('/api/v1/operator/agent_commands')
    .set('cookie', op.cookie)
    .send({ service_agent_id: op.reg.defaultAgentId, name });
  if (res.status !== 201) throw new Error(`command: ${res.status} ${res.text}`);
  return res.body.agent_command;
}

const deliveriesOf = async (t: TestApp, op: Operator, subscriptionId: string, query = '') =>
  (await t.http().get(`${SUBSCRIPTIONS}/${subscriptionId}/deliveries${query}`).set('cookie', op.cookie).expect(200)).body;

const subscriptionOf = async (t: TestApp, op: Operator, id: string) =>
  (await t.http().get(`${SUBSCRIPTIONS}/${id}`).set('cookie', op.cookie).expect(200)).body.webhook_subscription;

describe('webhook delivery to a real receiver (own Postgres database and Redis)', () => {
  const infra = new IsolatedInfra();
  const receiver = new WebhookReceiver();
  let t: TestApp;
  let op: Operator;

  beforeAll(async () => {
    await Promise.all([infra.start(), receiver.start()]);
    t = await infra.app({
      WEBHOOK_RETRY_BASE_MS: '150',
      WEBHOOK_RETRY_WINDOW_MS: '3000',
      WEBHOOK_TIMEOUT_MS: '800',
      OUTBOX_POLL_MS: '100',
    });
    op = await makeOperator(t);
  });
  afterAll(async () => {
    await infra.stop();
    await receiver.stop();
  });

  it('POSTs { id, type, created, data } with Standard Webhooks headers that a verifier written from the spec accepts', async () => {
    const url = receiver.url();
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    const before = Math.floor(t.clock.now() / 1000); // the app signs with its own clock
    const cmd = await command(t, op);

    const [req] = await receiver.waitFor(url);
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/^AgentNetwork-Webhooks\//);
    const body = verifyStandardWebhook(sub.secret, req.headers, req.rawBody) as Record<string, any>;
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      type: 'agent_command.created',
      created: expect.stringMatching(ISO),
      data: { agent_command: expect.objectContaining({ id: cmd.id }) },
    });
    expect(Object.keys(body)).toEqual(['id', 'type', 'created', 'data']);
    expect(Number(req.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // the event is the one recorded with the change
    const [event] = await t.app.get(DataSource).query(`SELECT id, type FROM domain_events WHERE id = $1`, [body.id]);
    expect(event).toEqual({ id: body.id, type: 'agent_command.created' });

    // Another secret does not verify; neither does a changed body.
    expect(() => verifyStandardWebhook('whsec_' + Buffer.alloc(32, 1).toString('base64'), req.headers, req.rawBody)).toThrow(
      'no matching signature',
    );
    expect(() => verifyStandardWebhook(sub.secret, req.headers, req.rawBody.replace('reboot', 'rebooT'))).toThrow('no matching signature');

    // webhook-id is the delivery id, recorded as succeeded after one attempt.
    await eventually(async () => {
      const list = await deliveriesOf(t, op, sub.id);
      expect(list.deliveries).toEqual([
        {
          id: req.headers['webhook-id'],
          subscription_id: sub.id,
          event_id: body.id,
          event_type: 'agent_command.created',
          status: 'succeeded',
          attempts: 1,
          response_status: 200,
          last_error: null,
          next_attempt_at: null,
          last_attempt_at: expect.stringMatching(ISO),
          inserted_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
        },
      ]);
      expect(list.pagination).toEqual({ limit: 30, offset: 0, total: 1, has_more: false });
    });
  });

  it("the receiver's example in docs/webhooks.md verifies a real delivery and refuses a tampered one", async () => {
    const docs = readFileSync(join(__dirname, '..', 'docs', 'webhooks.md'), 'utf8');
    const start = docs.indexOf('function verify(');
    const code = docs.slice(start, docs.indexOf('\n}\n', start) + 2);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the receiver's example exactly as docs/webhooks.md prints it
    const verify = new Function('crypto', `${code}; return verify;`)(crypto) as (
      s: string,
      h: unknown,
      b: Buffer,
    ) => { id: string; type: string };
    const url = receiver.url();
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op, 'docs-example');
    const [req] = await receiver.waitFor(url);
    expect(verify(sub.secret, req.headers, Buffer.from(req.rawBody))).toMatchObject({ type: 'agent_command.created' });
    expect(() => verify(sub.secret, req.headers, Buffer.from(req.rawBody.replace('docs-example', 'docs-examplE')))).toThrow(
      'invalid signature',
    );
    expect(() => verify(sub.secret, { ...req.headers, 'webhook-timestamp': '1' }, Buffer.from(req.rawBody))).toThrow('timestamp');
  });

  it('sends only the selected event types; ["*"] takes every type', async () => {
    const only = receiver.url();
    const all = receiver.url();
    await subscribe(t, op, only, ['robot.retired']);
    await subscribe(t, op, all, ['*']);
    await command(t, op, 'only-star');
    const [req] = await receiver.waitFor(all);
    expect(JSON.parse(req.rawBody).type).toBe('agent_command.created');
    // the relay fanned the event out to both subscriptions in one transaction: none was made for `only`
    const [{ n }] = await t.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id WHERE s.url = $1`,
        [only],
      );
    expect(n).toBe(0);
    expect(receiver.forPath(only)).toHaveLength(0);
  });

  it('retries after a 500 with the same webhook-id and body, newly signed, and records every attempt', async () => {
    const url = receiver.url((attempt) => (attempt === 1 ? 500 : 200));
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    const [first, second] = await receiver.waitFor(url, 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.rawBody).toBe(first.rawBody);
    verifyStandardWebhook(sub.secret, first.headers, first.rawBody);
    verifyStandardWebhook(sub.secret, second.headers, second.rawBody);
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(100); // backoff, not at once

    const deliveryId = first.headers['webhook-id'] as string;
    const detail = await eventually(async () => {
      const res = await t.http().get(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${deliveryId}`).set('cookie', op.cookie).expect(200);
      expect(res.body.delivery.status).toBe('succeeded');
      return res.body.delivery;
    });
    expect(detail).toMatchObject({ attempts: 2, response_status: 200, last_error: null });
    expect(detail.attempt_history).toEqual([
      {
        number: 1,
        manual: false,
        started_at: expect.stringMatching(ISO),
        duration_ms: expect.any(Number),
        response_status: 500,
        error: 'HTTP 500',
      },
      {
        number: 2,
        manual: false,
        started_at: expect.stringMatching(ISO),
        duration_ms: expect.any(Number),
        response_status: 200,
        error: null,
      },
    ]);
    // the failure streak ended with the success
    expect((await subscriptionOf(t, op, sub.id)).failing_since).toBeNull();
  });

  it('follows no redirect: a 3xx is a failed attempt and the Location is never called', async () => {
    const target = receiver.path();
    const url = receiver.url(() => ({ status: 302, headers: { location: `${receiver.baseUrl}${target}` } }));
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    await receiver.waitFor(url, 2);
    const list = await eventually(async () => {
      const body = await deliveriesOf(t, op, sub.id);
      expect(body.deliveries[0].attempts).toBeGreaterThanOrEqual(2);
      return body;
    });
    expect(list.deliveries[0]).toMatchObject({ response_status: 302, last_error: 'redirect not followed (302)' });
    expect(receiver.forPath(target)).toHaveLength(0);
  });

  it('times out a receiver that does not answer in time (WEBHOOK_TIMEOUT_MS), and retries it', async () => {
    const url = receiver.url((attempt) => (attempt === 1 ? { status: 200, delayMs: 1500 } : 200));
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    const detail = await eventually(
      async () => {
        const [d] = (await deliveriesOf(t, op, sub.id)).deliveries;
        expect(d.status).toBe('succeeded');
        return (await t.http().get(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${d.id}`).set('cookie', op.cookie)).body.delivery;
      },
      { timeoutMs: 10_000 },
    );
    expect(detail.attempt_history[0]).toMatchObject({ response_status: null, error: 'timeout after 800 ms' });
    expect(detail.attempt_history[0].duration_ms).toBeGreaterThanOrEqual(700);
    expect(detail.attempt_history[1]).toMatchObject({ response_status: 200, error: null });
  });

  it('a receiver that is down (connection refused) is a failed attempt, retried', async () => {
    const sub = await subscribe(t, op, `http://127.0.0.1:${await freePort()}/down`, ['agent_command.created']);
    await command(t, op);
    const d = await eventually(async () => {
      const [delivery] = (await deliveriesOf(t, op, sub.id)).deliveries;
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
      return delivery;
    });
    expect(d).toMatchObject({ response_status: null, last_error: 'connection refused' });
  });

  it('gives up when the retry window ends (failed), and a manual retry then sends a new attempt (202)', async () => {
    let healthy = false;
    const url = receiver.url(() => (healthy ? 200 : 503));
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    const failed = await eventually(
      async () => {
        const [d] = (await deliveriesOf(t, op, sub.id, '?status=failed')).deliveries;
        expect(d).toBeDefined();
        return d;
      },
      { timeoutMs: 15_000, what: 'the delivery to give up' },
    );
    expect(failed).toMatchObject({ status: 'failed', response_status: 503, last_error: 'HTTP 503', next_attempt_at: null });
    expect(failed.attempts).toBeGreaterThanOrEqual(4); // 150 ms doubling within 3 s, then the attempt at the window's end
    const tries = receiver.forPath(url).length;
    expect(tries).toBe(failed.attempts);
    expect((await deliveriesOf(t, op, sub.id, '?filter[status]=pending')).deliveries).toEqual([]);

    healthy = true;
    const retry = await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${failed.id}/retry`).set('cookie', op.cookie).expect(202);
    expect(retry.body.delivery).toMatchObject({ id: failed.id, status: 'pending', attempts: failed.attempts });
    const requests = await receiver.waitFor(url, tries + 1);
    expect(requests[tries].headers['webhook-id']).toBe(failed.id);
    verifyStandardWebhook(sub.secret, requests[tries].headers, requests[tries].rawBody);
    await eventually(async () => {
      const res = await t.http().get(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${failed.id}`).set('cookie', op.cookie);
      expect(res.body.delivery).toMatchObject({ status: 'succeeded', attempts: tries + 1, response_status: 200 });
      expect(res.body.delivery.attempt_history.at(-1)).toMatchObject({ number: tries + 1, manual: true, response_status: 200 });
    });

    // A retry of a succeeded delivery is another attempt too, with the same webhook-id.
    await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${failed.id}/retry`).set('cookie', op.cookie).expect(202);
    const again = await receiver.waitFor(url, tries + 2);
    expect(again[tries + 1].headers['webhook-id']).toBe(failed.id);
  });

  it('signs with both secrets for a day after rotate_secret, each verifying on its own', async () => {
    const url = receiver.url();
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    const rotated = await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/rotate_secret`).set('cookie', op.cookie).expect(200);
    const fresh = rotated.body.webhook_subscription.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(sub.secret);
    await command(t, op);
    const [req] = await receiver.waitFor(url);
    expect((req.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    verifyStandardWebhook(fresh, req.headers, req.rawBody);
    verifyStandardWebhook(sub.secret, req.headers, req.rawBody);
  });

  it('a 410 Gone disables the subscription at once; a manual retry is still one attempt, not retried; the admins get a mail', async () => {
    const url = receiver.url(() => 410);
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    const disabledBefore = (await metricSample(t, 'webhook_subscriptions_disabled_total', { reason: 'gone' }))!;
    await command(t, op);
    await receiver.waitFor(url);
    const disabled = await eventually(async () => {
      const s = await subscriptionOf(t, op, sub.id);
      expect(s.status).toBe('disabled');
      return s;
    });
    expect(disabled.disabled_reason).toBe('gone');
    const [d] = (await deliveriesOf(t, op, sub.id)).deliveries;
    expect(d).toMatchObject({ status: 'failed', attempts: 1, response_status: 410 });
    // API.md: a manual retry of any delivery is 202 and a new attempt, a disabled subscription's too
    const retry = await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${d.id}/retry`).set('cookie', op.cookie).expect(202);
    expect(retry.body.delivery).toMatchObject({ id: d.id, status: 'pending', attempts: 1 });
    const [, again] = await receiver.waitFor(url, 2);
    expect(again.headers['webhook-id']).toBe(d.id);
    await eventually(async () => {
      const [after] = (await deliveriesOf(t, op, sub.id)).deliveries;
      expect(after).toMatchObject({ status: 'failed', attempts: 2, response_status: 410, next_attempt_at: null });
    });
    expect(await subscriptionOf(t, op, sub.id)).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    // counted once, when it turned disabled, not again for the manual retry's 410
    expect(await metricSample(t, 'webhook_subscriptions_disabled_total', { reason: 'gone' })).toBe(disabledBefore + 1);

    // New events make no deliveries for it.
    await command(t, op);
    await new Promise((r) => setTimeout(r, 500));
    expect((await deliveriesOf(t, op, sub.id)).count).toBe(1);
    expect(receiver.forPath(url)).toHaveLength(2);

    const mail = await eventually(async () => {
      const mails = await mailsTo(t, op.reg.email);
      const found = mails.find((m) => m.subject === 'A webhook subscription was disabled' && m.text.includes(sub.id));
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.text).toContain(new URL(url).origin);
    expect(mail.text).toContain('410 Gone');
  });

  it('disabling by the operator fails the pending deliveries at once, and enabling forgets past failures', async () => {
    const url = receiver.url(() => 500);
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    await receiver.waitFor(url);
    await eventually(async () => expect((await subscriptionOf(t, op, sub.id)).failing_since).toMatch(ISO));
    const patched = await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ status: 'disabled' }).expect(200);
    expect(patched.body.webhook_subscription).toMatchObject({ status: 'disabled', disabled_reason: 'operator' });
    const [d] = (await deliveriesOf(t, op, sub.id)).deliveries;
    expect(d).toMatchObject({ status: 'failed', last_error: 'subscription disabled', next_attempt_at: null });
    const sent = receiver.forPath(url).length;
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.forPath(url)).toHaveLength(sent);

    const enabled = await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ status: 'active' }).expect(200);
    expect(enabled.body.webhook_subscription).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null });
  });

  it('deleting a subscription stops its pending deliveries', async () => {
    const url = receiver.url(() => 500);
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    await receiver.waitFor(url);
    await t.http().delete(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).expect(204);
    const sent = receiver.forPath(url).length;
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.forPath(url)).toHaveLength(sent);
    await t.http().get(`${SUBSCRIPTIONS}/${sub.id}/deliveries`).set('cookie', op.cookie).expect(404);
  });

  it('relays racing over the same events make one delivery per event and subscription, each sent once', async () => {
    const op2 = await makeOperator(t);
    const urls = [receiver.url(), receiver.url(), receiver.url()];
    const subs = await Promise.all(urls.map((u) => subscribe(t, op2, u, ['robot.retired'])));
    const db = t.app.get(DataSource);
    const outbox = t.app.get(Outbox);
    const relay = t.app.get(OutboxRelay);
    const events = await t.app.get(Db).transaction(async (m) => {
      const out: string[] = [];
      for (let i = 0; i < 40; i++) out.push((await outbox.record(m, op2.reg.workspaceId, 'robot.retired', { i })).id);
      return out;
    });
    await Promise.all(Array.from({ length: 6 }, () => relay.relayBatch()));
    // (the app's own relay, woken by the commit, may still hold some of them)
    await eventually(async () =>
      expect((await db.query(`SELECT count(*)::int AS n FROM domain_events_pending WHERE event_id = ANY($1::uuid[])`, [events]))[0].n).toBe(
        0,
      ),
    );
    // a relay that committed late, handing the same events over again: no second delivery
    await db.query(
      `INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM domain_events WHERE id = ANY($1::uuid[])`,
      [events.slice(0, 10)],
    );
    await relay.relayBatch();

    for (const url of urls) await receiver.waitFor(url, 40);
    const [{ n, pairs }] = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT (event_id, subscription_id))::int AS pairs FROM webhook_deliveries WHERE subscription_id = ANY($1::uuid[])`,
      [subs.map((s) => s.id)],
    );
    expect({ n, pairs }).toEqual({ n: 120, pairs: 120 });
    await eventually(async () => {
      const [{ pending }] = await db.query(
        `SELECT count(*) FILTER (WHERE status <> 'succeeded')::int AS pending FROM webhook_deliveries WHERE subscription_id = ANY($1::uuid[])`,
        [subs.map((s) => s.id)],
      );
      expect(pending).toBe(0);
    });
    for (const url of urls) {
      const got = receiver.forPath(url);
      expect(got).toHaveLength(40);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(40);
      expect(new Set(got.map((r) => JSON.parse(r.rawBody).id))).toEqual(new Set(events));
    }
  });
});

describe('webhook subscriptions disabled after their failure window', () => {
  const infra = new IsolatedInfra();
  const receiver = new WebhookReceiver();
  afterAll(async () => {
    await infra.stop();
    await receiver.stop();
  });
  beforeAll(() => Promise.all([infra.start(), receiver.start()]));

  it('with a short configured window: failures for that long disable it and end its pending deliveries', async () => {
    const t = await infra.app({
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_WINDOW_MS: '60000',
      WEBHOOK_DISABLE_AFTER_MS: '1500',
      OUTBOX_POLL_MS: '100',
    });
    const op = await makeOperator(t);
    const url = receiver.url(() => 500);
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    const disabledBefore = (await metricSample(t, 'webhook_subscriptions_disabled_total', { reason: 'failing' }))!;
    const started = Date.now();
    await command(t, op);
    const disabled = await eventually(
      async () => {
        const s = await subscriptionOf(t, op, sub.id);
        expect(s.status).toBe('disabled');
        return s;
      },
      { timeoutMs: 10_000, what: 'the subscription to be disabled' },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(disabled).toMatchObject({ disabled_reason: 'failing' });
    expect(await metricSample(t, 'webhook_subscriptions_disabled_total', { reason: 'failing' })).toBe(disabledBefore + 1);
    const [d] = (await deliveriesOf(t, op, sub.id)).deliveries;
    expect(d).toMatchObject({ status: 'failed', last_error: 'subscription disabled' });
    const sent = receiver.forPath(url).length;
    expect(sent).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.forPath(url)).toHaveLength(sent);
    await infra.closeApp(t);
  });

  it('with the defaults and a clock moved by days: 3 days of failures disable it, a success in between resets the streak; the second signature lasts 24 h', async () => {
    const t = await infra.app({ WEBHOOK_RETRY_BASE_MS: '100', OUTBOX_POLL_MS: '100' });
    expect(t.config.webhooks).toMatchObject({ disableAfterMs: 3 * DAY, retryWindowMs: DAY });
    const op = await makeOperator(t);
    let answer = 500;
    const url = receiver.url(() => answer);
    const sub = await subscribe(t, op, url, ['agent_command.created']);
    await command(t, op);
    await receiver.waitFor(url);
    const failingSince = await eventually(async () => {
      const s = await subscriptionOf(t, op, sub.id);
      expect(s.failing_since).toMatch(ISO);
      return s.failing_since as string;
    });
    // Two days later it still fails, but is not disabled yet.
    t.clock.advance(2 * DAY);
    const seen = receiver.forPath(url).length;
    await command(t, op);
    await receiver.waitFor(url, seen + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await subscriptionOf(t, op, sub.id)).toMatchObject({ status: 'active', failing_since: failingSince });

    // A success resets the streak...
    answer = 200;
    await eventually(async () => expect((await subscriptionOf(t, op, sub.id)).failing_since).toBeNull(), { timeoutMs: 10_000 });
    // ...so failing again starts a new one, and only 3 days of that disable it.
    answer = 500;
    await command(t, op);
    await eventually(async () => expect((await subscriptionOf(t, op, sub.id)).failing_since).toMatch(ISO));
    t.clock.advance(3 * DAY);
    await command(t, op);
    const disabled = await eventually(async () => {
      const s = await subscriptionOf(t, op, sub.id);
      expect(s.status).toBe('disabled');
      return s;
    });
    expect(disabled.disabled_reason).toBe('failing');

    // Rotation: both secrets sign until 24 h have passed on the clock, then only the new one.
    answer = 200;
    await t.http().patch(`${SUBSCRIPTIONS}/${sub.id}`).set('cookie', op.cookie).send({ status: 'active' }).expect(200);
    const fresh = (await t.http().post(`${SUBSCRIPTIONS}/${sub.id}/rotate_secret`).set('cookie', op.cookie).expect(200)).body
      .webhook_subscription;
    expect(Math.abs(Date.parse(fresh.previous_secret_expires_at) - t.clock.now() - DAY)).toBeLessThan(5000);
    t.clock.advance(DAY + 1000);
    const before = receiver.forPath(url).length;
    await command(t, op);
    const [req] = (await receiver.waitFor(url, before + 1)).slice(before);
    const nowSeconds = Math.floor(t.clock.now() / 1000);
    expect((req.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    verifyStandardWebhook(fresh.secret, req.headers, req.rawBody, { nowSeconds });
    expect(() => verifyStandardWebhook(sub.secret, req.headers, req.rawBody, { nowSeconds })).toThrow('no matching signature');
    await infra.closeApp(t);
  });
});

describe('the production URL rule, checked again at delivery', () => {
  const infra = new IsolatedInfra();
  const receiver = new WebhookReceiver();
  beforeAll(() => Promise.all([infra.start(), receiver.start()]));
  afterAll(async () => {
    await infra.stop();
    await receiver.stop();
  });

  it('a URL saved when it was allowed is refused at delivery once it resolves to a private address, without a request', async () => {
    // Saved without the rule (as if its name resolved to a public address then)...
    const open = await infra.app({ WEBHOOK_URL_POLICY: 'any' });
    const op = await makeOperator(open);
    const port = new URL(receiver.baseUrl).port;
    const byName = await subscribe(open, op, `https://localhost:${port}${receiver.path()}`, ['agent_command.created']);
    const plainHttp = await subscribe(open, op, receiver.url(), ['agent_command.created']);
    // IPv4-compatible and IPv4-translated loopback literals (issue 51): no lookup, so the client's own check
    const compatible = await subscribe(open, op, `https://[::127.0.0.1]:${port}${receiver.path()}`, ['agent_command.created']);
    const translated = await subscribe(open, op, `https://[::ffff:0:127.0.0.1]:${port}${receiver.path()}`, ['agent_command.created']);
    await infra.closeApp(open);

    // ...and delivered by a node with the rule on: localhost now resolves to loopback.
    const strict = await infra.app({
      WEBHOOK_URL_POLICY: 'public',
      OUTBOX_POLL_MS: '100',
      WEBHOOK_RETRY_WINDOW_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '100',
    });
    const again = { reg: op.reg, cookie: await sessionCookie(strict, op.reg) };
    await command(strict, again);
    const failedOf = async (id: string) =>
      eventually(async () => {
        const [d] = (await deliveriesOf(strict, again, id)).deliveries;
        // an attempt is counted when it is claimed, its error recorded when it ends
        expect(d?.attempts).toBeGreaterThanOrEqual(1);
        expect(d?.last_error).toEqual(expect.any(String));
        return d;
      });
    expect((await failedOf(byName.id)).last_error).toMatch(/^address not allowed: (127\.0\.0\.1|::1)$/);
    expect((await failedOf(plainHttp.id)).last_error).toBe('url not allowed: https only');
    expect((await failedOf(compatible.id)).last_error).toBe('address not allowed: ::7f00:1');
    expect((await failedOf(translated.id)).last_error).toBe('address not allowed: ::ffff:0:7f00:1');
    expect(receiver.received).toHaveLength(0);
  });
});
