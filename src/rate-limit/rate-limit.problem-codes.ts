/** Codes of the machine rate limiter (machine-rate-limiter.ts; detail: RATE_LIMITED_DETAIL). */
export type RateLimitProblemCode = 'rate_limited';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    rateLimit: RateLimitProblemCode;
  }
}
