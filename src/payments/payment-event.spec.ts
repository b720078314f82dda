import { readPaymentEvent } from './payment-event';

const WS = '6f1c1b4e-6a1d-4c55-9d3e-2b0a4b1f7c10';
const subscription = (type: string, plan: unknown, workspaceId: unknown = WS) => ({
  id: 'evt_1',
  type,
  created: 1_700_000_000,
  data: {
    object: { object: 'subscription', metadata: { workspace_id: workspaceId }, items: { data: [{ price: { metadata: { plan } } }] } },
  },
});
const invoice = (type: string, details: Record<string, unknown>) => ({
  id: 'evt_2',
  type,
  created: 1_700_000_100,
  data: { object: { object: 'invoice', ...details } },
});

describe('readPaymentEvent', () => {
  it('reads a subscription created or updated into the plan of its price', () => {
    expect(readPaymentEvent(subscription('customer.subscription.created', 'team'))).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.created',
      created: new Date(1_700_000_000_000),
      effect: { kind: 'plan', workspaceId: WS, plan: 'team' },
    });
    expect(readPaymentEvent(subscription('customer.subscription.updated', 'enterprise'))?.effect).toEqual({
      kind: 'plan',
      workspaceId: WS,
      plan: 'enterprise',
    });
  });

  it('returns a deleted subscription to free, whatever its price says', () => {
    expect(readPaymentEvent(subscription('customer.subscription.deleted', 'team'))?.effect).toEqual({
      kind: 'plan',
      workspaceId: WS,
      plan: 'free',
    });
  });

  it('reads invoices through subscription_details (and parent.subscription_details)', () => {
    expect(
      readPaymentEvent(invoice('invoice.payment_failed', { subscription_details: { metadata: { workspace_id: WS } } }))?.effect,
    ).toEqual({ kind: 'pause', workspaceId: WS });
    expect(
      readPaymentEvent(invoice('invoice.paid', { parent: { subscription_details: { metadata: { workspace_id: WS.toUpperCase() } } } }))
        ?.effect,
    ).toEqual({
      kind: 'resume',
      workspaceId: WS,
    });
  });

  it('ignores what it cannot act on, naming why', () => {
    expect(readPaymentEvent(subscription('customer.subscription.updated', 'platinum'))?.effect).toEqual({
      kind: 'ignore',
      reason: 'unknown_plan',
      workspaceId: WS,
    });
    expect(readPaymentEvent(subscription('customer.subscription.updated', 'team', 'not-a-uuid'))?.effect).toMatchObject({
      reason: 'unknown_workspace',
    });
    expect(readPaymentEvent(subscription('customer.subscription.updated', 'team', 42))?.effect).toMatchObject({
      reason: 'unknown_workspace',
    });
    expect(readPaymentEvent({ id: 'evt_3', type: 'charge.succeeded', data: { object: {} } })?.effect).toMatchObject({
      reason: 'unhandled_type',
    });
    expect(readPaymentEvent(invoice('invoice.paid', {}))?.effect).toMatchObject({ reason: 'unknown_workspace' });
    expect(readPaymentEvent({ id: 'evt_4', type: 'invoice.paid', data: 'nope' })?.effect).toMatchObject({ reason: 'unknown_workspace' });
    expect(
      readPaymentEvent({
        ...subscription('customer.subscription.updated', 'team'),
        data: { object: { metadata: { workspace_id: WS }, items: { data: [] } } },
      })?.effect,
    ).toMatchObject({
      reason: 'unknown_plan',
    });
  });

  it('is null for a body that is not an event', () => {
    for (const body of [
      null,
      [],
      'x',
      1,
      {},
      { id: 'evt' },
      { type: 'invoice.paid' },
      { id: 1, type: 'x' },
      { id: 'e'.repeat(256), type: 'x' },
    ]) {
      expect(readPaymentEvent(body)).toBeNull();
    }
  });

  it('keeps created only when it is a positive number of seconds', () => {
    expect(readPaymentEvent({ id: 'e', type: 'x', created: 'yesterday' })?.created).toBeNull();
    expect(readPaymentEvent({ id: 'e', type: 'x', created: -5 })?.created).toBeNull();
    expect(readPaymentEvent({ id: 'e', type: 'x', created: 1e300 })?.created).toBeNull();
    expect(readPaymentEvent({ id: 'e', type: 'x', created: Infinity })?.created).toBeNull();
    expect(readPaymentEvent({ id: 'e', type: 'x', created: 1_700_000_000.9 })?.created).toEqual(new Date(1_700_000_000_000));
  });
});
