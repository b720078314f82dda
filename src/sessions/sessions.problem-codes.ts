/** Codes of operator sessions' problems (operator-auth.strategy.ts). */
export type SessionsProblemCode =
  | 'session_required'
  | 'platform_admin_required'
  | 'insufficient_role'
  | 'not_a_member';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    sessions: SessionsProblemCode;
  }
}
