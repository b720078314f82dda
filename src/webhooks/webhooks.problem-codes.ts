/** Codes of the webhooks module's problems. */
export type WebhooksProblemCode =
  /** 503: the URL's host could not be resolved right now (not "does not exist"): retry shortly. */
  'dns_unavailable';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    webhooks: WebhooksProblemCode;
  }
}
