import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { WorkspacesService } from '../src/identity';
import { makeWorkspace, type Registered } from './support/builders';
import { eventId, invoiceEvent, PAYMENTS_SECRET, postPaymentEvent, stripeSignature, subscriptionEvent } from './support/payments';
import { expectProblem } from './support/problem';
import { createTestApp, type TestApp } from './support/test-app';

const state = async (t: TestApp, workspaceId: string) =>
  (await t.app.get(DataSource).query(`SELECT plan, status, paused_by_payment FROM workspaces WHERE id = $1`, [workspaceId]))[0];

/** A machine request of the workspace: 200, or its 403 while the workspace is paused. */
const machineStatus = async (t: TestApp, w: Registered) => {
  const res = await t.http().get('/api/v1/messages').set('x-agent-api-key', w.apiKey);
  return { status: res.status, error: res.body.error as string | undefined };
};

describe('POST /webhooks/payments (the payment provider, Stripe-style signatures)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: `${PAYMENTS_SECRET}, whsec_payments_rolling_secret_abcdef` } });
  });
  afterAll(() => t.close());

  describe('signatures', () => {
    it('a correctly signed event is 200, without rate-limit headers', async () => {
      const w = await makeWorkspace(t);
      const res = await postPaymentEvent(t, subscriptionEvent('customer.subscription.created', w.workspaceId, 'team')).expect(200);
      expect(res.body).toEqual({ received: true, outcome: 'applied' });
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(res.headers['x-ratelimit-reset']).toBeUndefined();
    });

    it('is not rate limited (on a node whose machine limit is 3 a minute)', async () => {
      const w = await makeWorkspace(t);
      const limited = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: PAYMENTS_SECRET, API_RATE_LIMIT: '3' } });
      try {
        for (let i = 0; i < 8; i++) await postPaymentEvent(limited, invoiceEvent('invoice.paid', w.workspaceId)).expect(200);
        // the limit is real on that node
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => limited.http().get('/api/v1/messages').set('x-agent-api-key', w.apiKey)),
        );
        expect(answers.map((r) => r.status)).toContain(429);
      } finally {
        await limited.close();
      }
    });

    it('accepts the second configured secret too (a secret being rolled)', async () => {
      const raw = JSON.stringify(invoiceEvent('invoice.paid', (await makeWorkspace(t)).workspaceId));
      await postPaymentEvent(t, null, { raw, signature: stripeSignature(raw, { secret: 'whsec_payments_rolling_secret_abcdef' }) }).expect(
        200,
      );
    });

    it('refuses a missing, malformed, wrong-secret or tampered signature with 400, changing nothing', async () => {
      const w = await makeWorkspace(t);
      const event = subscriptionEvent('customer.subscription.created', w.workspaceId, 'enterprise');
      const raw = JSON.stringify(event);
      const cases: [string | null, string, string][] = [
        [null, raw, 'missing_signature'],
        ['t=1,v1=nothex', raw, 'invalid_signature'],
        [stripeSignature(raw, { secret: 'whsec_somebody_else_0123456789' }), raw, 'invalid_signature'],
        [stripeSignature(raw), raw.replace('enterprise', 'team'), 'invalid_signature'],
        [stripeSignature(raw).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`), raw, 'invalid_signature'],
      ];
      for (const [signature, body, detail] of cases) {
        const res = await postPaymentEvent(t, null, { raw: body, signature });
        expectProblem(res, 400, 'bad-request', { detail });
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'free' });
      const [{ n }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM payment_events WHERE id = $1`, [event.id]);
      expect(n).toBe(0);
    });

    it('refuses a replayed request once its signed timestamp is over 5 minutes old (or ahead)', async () => {
      const w = await makeWorkspace(t);
      const raw = JSON.stringify(subscriptionEvent('customer.subscription.created', w.workspaceId, 'team'));
      const now = Math.floor(t.clock.now() / 1000);
      const stale = await postPaymentEvent(t, null, { raw, signature: stripeSignature(raw, { timestamp: now - 301 }) });
      expectProblem(stale, 400, 'bad-request', { detail: 'signature_expired' });
      const ahead = await postPaymentEvent(t, null, { raw, signature: stripeSignature(raw, { timestamp: now + 301 }) });
      expectProblem(ahead, 400, 'bad-request', { detail: 'signature_expired' });
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'free' });
      // the same request within the tolerance is fine
      await postPaymentEvent(t, null, { raw, signature: stripeSignature(raw, { timestamp: now - 299 }) }).expect(200);
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'team' });
    });

    it('refuses bodies that are not signed JSON events: 415 for another type, 400 for malformed JSON or a non-event', async () => {
      const form = await t
        .http()
        .post('/webhooks/payments')
        .set('content-type', 'application/x-www-form-urlencoded')
        .set('stripe-signature', stripeSignature('a=1'))
        .send('a=1');
      expectProblem(form, 415, 'unsupported-media-type');
      for (const raw of ['{"id":', '"x"']) {
        expectProblem(await postPaymentEvent(t, null, { raw }), 400, 'bad-request', { detail: 'malformed_json' });
      }
      for (const raw of ['[]', '{}', '{"id":"evt_1"}', '{"id":1,"type":"invoice.paid"}']) {
        expectProblem(await postPaymentEvent(t, null, { raw }), 400, 'bad-request', { detail: 'invalid_event' });
      }
    });

    it('a created time no calendar holds is ignored, not a 500', async () => {
      const w = await makeWorkspace(t);
      const res = await postPaymentEvent(
        t,
        subscriptionEvent('customer.subscription.created', w.workspaceId, 'team', { created: 1e300 }),
      ).expect(200);
      expect(res.body.outcome).toBe('applied');
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'team' });
    });

    it('never answers 500 to signed hostile bodies', async () => {
      const w = await makeWorkspace(t);
      const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(w.workspaceId, 'team', 'not-a-uuid', '', null));
      const body = fc.record(
        {
          id: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(eventId())),
          type: fc.constantFrom(
            'customer.subscription.created',
            'customer.subscription.updated',
            'customer.subscription.deleted',
            'invoice.paid',
            'invoice.payment_failed',
            'x',
          ),
          created: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(1e300)),
          data: fc.oneof(
            value,
            fc.record({
              object: fc.oneof(
                value,
                fc.record({ metadata: fc.record({ workspace_id: value }), items: value, subscription_details: value }),
              ),
            }),
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(body, async (event) => {
          const res = await postPaymentEvent(t, event);
          expect([200, 400, 422]).toContain(res.status);
        }),
        { numRuns: 150 },
      );
    });
  });

  describe('effects', () => {
    it('customer.subscription.created / updated set the plan from the price, deleted returns it to free', async () => {
      const w = await makeWorkspace(t);
      const created = Math.floor(Date.now() / 1000);
      await postPaymentEvent(t, subscriptionEvent('customer.subscription.created', w.workspaceId, 'team', { created })).expect(200);
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'team', status: 'active' });
      await postPaymentEvent(
        t,
        subscriptionEvent('customer.subscription.updated', w.workspaceId, 'enterprise', { created: created + 1 }),
      ).expect(200);
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'enterprise' });
      await postPaymentEvent(
        t,
        subscriptionEvent('customer.subscription.deleted', w.workspaceId, 'enterprise', { created: created + 2 }),
      ).expect(200);
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'free' });
    });

    it('invoice.payment_failed pauses the workspace (machine traffic refused at once), invoice.paid reactivates it', async () => {
      const w = await makeWorkspace(t);
      expect(await machineStatus(t, w)).toEqual({ status: 200, error: undefined });
      const failed = await postPaymentEvent(t, invoiceEvent('invoice.payment_failed', w.workspaceId)).expect(200);
      expect(failed.body.outcome).toBe('applied');
      expect(await state(t, w.workspaceId)).toMatchObject({ status: 'paused', paused_by_payment: true });
      expect(await machineStatus(t, w)).toEqual({ status: 403, error: 'workspace_paused' });
      await postPaymentEvent(t, invoiceEvent('invoice.paid', w.workspaceId)).expect(200);
      expect(await state(t, w.workspaceId)).toMatchObject({ status: 'active', paused_by_payment: false });
      expect((await machineStatus(t, w)).status).toBe(200);
    });

    it("invoice.paid lifts only a pause a payment made: not a platform admin's pause, and a failed payment never unfreezes", async () => {
      const w = await makeWorkspace(t);
      await postPaymentEvent(t, invoiceEvent('invoice.payment_failed', w.workspaceId)).expect(200);
      // a platform admin takes the status over (PATCH /api/v1/admin/workspaces/:id): the payment's pause is forgotten
      await t.app.get(WorkspacesService).update(w.workspaceId, { status: 'paused' });
      const paid = await postPaymentEvent(t, invoiceEvent('invoice.paid', w.workspaceId)).expect(200);
      expect(paid.body.outcome).toBe('ignored');
      expect(await state(t, w.workspaceId)).toMatchObject({ status: 'paused', paused_by_payment: false });

      const frozen = await makeWorkspace(t);
      await t.app.get(WorkspacesService).update(frozen.workspaceId, { status: 'frozen' });
      await postPaymentEvent(t, invoiceEvent('invoice.payment_failed', frozen.workspaceId)).expect(200);
      await postPaymentEvent(t, invoiceEvent('invoice.paid', frozen.workspaceId)).expect(200);
      expect(await state(t, frozen.workspaceId)).toMatchObject({ status: 'frozen', paused_by_payment: false });
    });

    it('an event older than one already applied changes nothing (events arrive out of order)', async () => {
      const w = await makeWorkspace(t);
      const now = Math.floor(Date.now() / 1000);
      await postPaymentEvent(t, invoiceEvent('invoice.paid', w.workspaceId, { created: now })).expect(200);
      const late = await postPaymentEvent(t, invoiceEvent('invoice.payment_failed', w.workspaceId, { created: now - 60 })).expect(200);
      expect(late.body.outcome).toBe('ignored');
      expect(await state(t, w.workspaceId)).toMatchObject({ status: 'active' });

      await postPaymentEvent(t, subscriptionEvent('customer.subscription.updated', w.workspaceId, 'enterprise', { created: now })).expect(
        200,
      );
      await postPaymentEvent(t, subscriptionEvent('customer.subscription.updated', w.workspaceId, 'team', { created: now - 30 })).expect(
        200,
      );
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'enterprise' });
    });

    it('a repeated event id is answered 200 and changes nothing, even after the state moved on', async () => {
      const w = await makeWorkspace(t);
      const event = subscriptionEvent('customer.subscription.created', w.workspaceId, 'team');
      const raw = JSON.stringify(event);
      expect((await postPaymentEvent(t, null, { raw }).expect(200)).body.outcome).toBe('applied');
      await t.app.get(DataSource).query(`UPDATE workspaces SET plan = 'enterprise' WHERE id = $1`, [w.workspaceId]);
      expect((await postPaymentEvent(t, null, { raw }).expect(200)).body).toEqual({ received: true, outcome: 'duplicate' });
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'enterprise' });
    });

    it('the same event delivered many times at once is applied once', async () => {
      const w = await makeWorkspace(t);
      const raw = JSON.stringify(invoiceEvent('invoice.payment_failed', w.workspaceId));
      const answers = await Promise.all(Array.from({ length: 12 }, () => postPaymentEvent(t, null, { raw })));
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
      const outcomes = answers.map((r) => r.body.outcome).sort();
      expect(outcomes).toEqual(['applied', ...Array(11).fill('duplicate')]);
      expect(await state(t, w.workspaceId)).toMatchObject({ status: 'paused', paused_by_payment: true });
    });

    it('an unknown workspace, event type or plan is 200 and changes nothing (recorded as ignored)', async () => {
      const w = await makeWorkspace(t);
      const unknownWorkspace = subscriptionEvent('customer.subscription.created', '00000000-0000-4000-8000-000000000000', 'team');
      const notAUuid = invoiceEvent('invoice.payment_failed', 'ws_123');
      const unknownType = {
        id: eventId(),
        type: 'charge.refunded',
        created: 1,
        data: { object: { metadata: { workspace_id: w.workspaceId } } },
      };
      const unknownPlan = subscriptionEvent('customer.subscription.updated', w.workspaceId, 'platinum');
      for (const event of [unknownWorkspace, notAUuid, unknownType, unknownPlan]) {
        const res = await postPaymentEvent(t, event).expect(200);
        expect(res.body).toEqual({ received: true, outcome: 'ignored' });
      }
      expect(await state(t, w.workspaceId)).toMatchObject({ plan: 'free', status: 'active' });
      const rows = await t.app
        .get(DataSource)
        .query(`SELECT id, outcome, detail FROM payment_events WHERE id = ANY($1) ORDER BY detail`, [
          [unknownWorkspace.id, notAUuid.id, unknownType.id, unknownPlan.id],
        ]);
      expect(rows.map((r: { detail: string }) => r.detail).sort()).toEqual([
        'unhandled_type',
        'unknown_plan',
        'unknown_workspace',
        'unknown_workspace',
      ]);
      expect(rows.every((r: { outcome: string }) => r.outcome === 'ignored')).toBe(true);
    });
  });
});

describe('POST /webhooks/payments without PAYMENTS_WEBHOOK_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: '' } });
  });
  afterAll(() => t.close());

  it('is 404: there is no payment endpoint', async () => {
    const res = await postPaymentEvent(t, invoiceEvent('invoice.paid', '00000000-0000-4000-8000-000000000000'));
    expectProblem(res, 404, 'not-found', { detail: 'not_found' });
  });
});
