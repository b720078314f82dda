/** Codes of the security-violations module's problems. */
export type SecurityViolationsProblemCode =
  /** PATCH asking for a status the violation cannot move to (open → acknowledged → resolved, open → resolved). */
  'invalid_transition';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    securityViolations: SecurityViolationsProblemCode;
  }
}
