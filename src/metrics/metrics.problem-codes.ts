/** Codes of the /metrics bearer token's refusals (metrics-token.strategy.ts). */
export type MetricsProblemCode = 'metrics_token_required' | 'invalid_metrics_token';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    metrics: MetricsProblemCode;
  }
}
