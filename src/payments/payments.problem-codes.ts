/** Codes of the payment provider's refusals (payment-signature.strategy.ts, payments.service.ts). */
export type PaymentsProblemCode =
  /** 400: no Stripe-Signature header. */
  | 'missing_signature'
  /** 400: a malformed header, or no v1 signature matching a configured secret. */
  | 'invalid_signature'
  /** 400: the signed timestamp is more than 5 minutes from ours (a replay, or a skewed clock). */
  | 'signature_expired'
  /** 400: a signed body that is not an event (no string id and type). */
  | 'invalid_event';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    payments: PaymentsProblemCode;
  }
}
