import { isUUID } from 'class-validator';
import { type Plan, PLANS } from '../identity';

/** What an event asks of a workspace, or why it asks nothing. */
export type PaymentEffect =
  | { kind: 'plan'; workspaceId: string; plan: Plan }
  | { kind: 'pause'; workspaceId: string }
  | { kind: 'resume'; workspaceId: string }
  | { kind: 'ignore'; reason: 'unhandled_type' | 'unknown_workspace' | 'unknown_plan'; workspaceId: string | null };

export interface PaymentEvent {
  /** The provider's event id (`evt_...`): the idempotency key. */
  id: string;
  type: string;
  /** When the provider created the event (`created`, unix seconds), if it says. */
  created: Date | null;
  effect: PaymentEffect;
}

export const PAYMENT_EVENT_ID_MAX = 255;
/** 9999-12-31: a `created` beyond it is no time Postgres (or a provider) means; it is ignored. */
const LATEST_CREATED_SECONDS = 253_402_300_800;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
/** Follows a path of keys (and array indexes) through plain JSON, undefined where it breaks. */
const at = (root: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, key) => (typeof key === 'number' ? (Array.isArray(v) ? v[key] : undefined) : obj(v)?.[key]), root);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

const SUBSCRIPTION_PLAN_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated']);

/**
 * Reads a payment-provider event (Stripe's shape) into what it does, per API.md: the workspace is
 * `metadata.workspace_id` of the subscription object, or of the invoice's subscription details
 * (`subscription_details`, or `parent.subscription_details` as newer API versions nest it); the
 * plan is the first item's `price.metadata.plan`. Null when the body is not an event at all (no
 * string id and type); anything it cannot act on is an `ignore` effect, never an error, so the
 * provider does not retry forever.
 */
export function readPaymentEvent(body: unknown): PaymentEvent | null {
  const id = text(at(body, 'id'));
  const type = text(at(body, 'type'));
  if (!id || !type || id.length > PAYMENT_EVENT_ID_MAX || type.length > PAYMENT_EVENT_ID_MAX) return null;
  const createdSeconds = at(body, 'created');
  const created =
    typeof createdSeconds === 'number' && createdSeconds > 0 && createdSeconds < LATEST_CREATED_SECONDS
      ? new Date(Math.floor(createdSeconds) * 1000)
      : null;
  return { id, type, created, effect: effectOf(type, at(body, 'data', 'object')) };
}

function effectOf(type: string, object: unknown): PaymentEffect {
  const isSubscription = SUBSCRIPTION_PLAN_EVENTS.has(type) || type === 'customer.subscription.deleted';
  const isInvoice = type === 'invoice.payment_failed' || type === 'invoice.paid';
  if (!isSubscription && !isInvoice) return { kind: 'ignore', reason: 'unhandled_type', workspaceId: null };
  const raw = isSubscription
    ? at(object, 'metadata', 'workspace_id')
    : (at(object, 'subscription_details', 'metadata', 'workspace_id') ??
      at(object, 'parent', 'subscription_details', 'metadata', 'workspace_id'));
  const workspaceId = typeof raw === 'string' && isUUID(raw) ? raw.toLowerCase() : undefined;
  if (!workspaceId) return { kind: 'ignore', reason: 'unknown_workspace', workspaceId: null };
  if (type === 'customer.subscription.deleted') return { kind: 'plan', workspaceId, plan: 'free' };
  if (type === 'invoice.payment_failed') return { kind: 'pause', workspaceId };
  if (type === 'invoice.paid') return { kind: 'resume', workspaceId };
  const plan = at(object, 'items', 'data', 0, 'price', 'metadata', 'plan');
  if (typeof plan !== 'string' || !(PLANS as readonly string[]).includes(plan))
    return { kind: 'ignore', reason: 'unknown_plan', workspaceId };
  return { kind: 'plan', workspaceId, plan: plan as Plan };
}
