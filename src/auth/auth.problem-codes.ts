/** Codes of the global guard's refusals (auth.guard.ts). */
export type AuthProblemCode = 'route_not_accessible';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    auth: AuthProblemCode;
  }
}
