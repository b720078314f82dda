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
  /** 401 to a JSON log-in whose password was right for an account with a second factor: `extra.mfa_token` continues it. */
  | 'mfa_required'
  /** 401: the pending second-factor step is unknown, older than 5 minutes, from another browser, or ended (5 wrong codes, a reset, a suspension). */
  | 'mfa_step_expired'
  /** 401: the code of the second-factor step is wrong (the step goes on until its 5th wrong code). */
  | 'invalid_mfa_code'
  /** 403: the workspace requires a second factor and the account has none (only enrolling one is open). */
  | 'mfa_enrollment_required'
  /** 401 to a JSON log-in with an address in a domain whose workspace enforces single sign-on: `extra.sso_url` starts it. */
  | 'sso_required';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    sessions: SessionsProblemCode;
  }
}
