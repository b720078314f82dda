import { createHmac, randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

/** The payment provider's endpoint secret the payment suites configure. */
export const PAYMENTS_SECRET = 'whsec_payments_test_secret_0123456789';

/** `Stripe-Signature` for a raw body, as the provider signs it: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">. */
export function stripeSignature(rawBody: string, options: { secret?: string; timestamp?: number } = {}): string {
  const t = options.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', options.secret ?? PAYMENTS_SECRET)
    .update(`${t}.${rawBody}`)
    .digest('hex');
  return `t=${t},v1=${v1}`;
}

export const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A customer.subscription.* event for a workspace (metadata.workspace_id) with the price's plan. */
export function subscriptionEvent(type: string, workspaceId: unknown, plan: unknown, extra: { id?: string; created?: number } = {}) {
  return {
    id: extra.id ?? eventId(),
    object: 'event',
    type,
    created: extra.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `sub_${randomBytes(6).toString('hex')}`,
        object: 'subscription',
        customer: `cus_${randomBytes(6).toString('hex')}`,
        status: 'active',
        metadata: { workspace_id: workspaceId },
        items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_1', metadata: { plan } } }] },
      },
    },
  };
}

/** An invoice.* event whose subscription names the workspace (subscription_details.metadata). */
export function invoiceEvent(type: string, workspaceId: unknown, extra: { id?: string; created?: number } = {}) {
  return {
    id: extra.id ?? eventId(),
    object: 'event',
    type,
    created: extra.created ?? Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_${randomBytes(6).toString('hex')}`,
        object: 'invoice',
        subscription_details: { metadata: { workspace_id: workspaceId } },
      },
    },
  };
}

/** POST /webhooks/payments with the body exactly as given and a valid signature (unless `signature` says otherwise). */
export function postPaymentEvent(t: TestApp, event: unknown, options: { signature?: string | null; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(event);
  let req = t.http().post('/webhooks/payments').set('content-type', 'application/json');
  const signature = options.signature === undefined ? stripeSignature(raw) : options.signature;
  if (signature !== null) req = req.set('stripe-signature', signature);
  return req.send(raw);
}
