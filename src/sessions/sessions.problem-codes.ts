/** Codes of operator sessions' problems (operator-auth.strategy.ts, the login throttle). */
export type SessionsProblemCode =
  | 'session_required'
  | 'platform_admin_required'
  | 'insufficient_role'
  | 'not_a_member'
  /** A JSON log-in with a wrong email or password (forms get the form again). */
  | 'invalid_credentials'
  /** 429 on password login, answered in plain text (login-throttle.service.ts). */
  | 'login_throttled'
  /** 403: the route needs a password, SSO or second-factor check within the last 10 minutes. */
  | 'reauthentication_required'
  /** 403: the workspace requires a second factor and the account has none (only enrolling one is open). */
  | 'mfa_enrollment_required';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    sessions: SessionsProblemCode;
  }
}
