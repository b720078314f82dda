/** Codes of the operator workspace routes' problems. */
export type OperatorProblemCode =
  /** 409: an owner requiring a second factor of the workspace's members has none of their own (and is not signed in by SSO). */
  'mfa_not_enabled';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    operator: OperatorProblemCode;
  }
}
