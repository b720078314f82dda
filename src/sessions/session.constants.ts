/** SPEC.md Authentication 2 and Limits. */
export const SESSION_COOKIE = '_agent_ops_key';
export const REMEMBER_ME_COOKIE = '_agent_ops_web_user_remember_me';
/** The workspace a browser's console pages act on, chosen with the header's switcher (ADR 0265). */
export const WORKSPACE_COOKIE = '_agent_ops_workspace';
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const SESSION_REISSUE_AFTER_MS = 7 * 24 * 3600 * 1000;
export const REMEMBER_ME_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/** How a session was started (API.md Part 3 "Sessions"). */
export const SESSION_AUTH_METHODS = ['password', 'sso', 'invitation', 'reset'] as const;
export type SessionAuthMethod = (typeof SESSION_AUTH_METHODS)[number];

/** "Recent authentication" (API.md Part 3): the session's last password, SSO or second-factor check is at most this old. */
export const RECENT_AUTH_MS = 10 * 60 * 1000;

/**
 * `last_seen_at` (API.md Part 3 "Sessions", within a minute's accuracy, ADR 0246): a request marks
 * its session seen when the stored value is at least this old, and the marks are written in one
 * statement every SESSION_SEEN_FLUSH_MS, so the stored value trails the last request by at most
 * their sum (a minute), at most a couple of writes a minute per session however busy.
 */
export const SESSION_SEEN_WRITE_AFTER_MS = 45_000;
export const SESSION_SEEN_FLUSH_MS = 15_000;

/** The account's sessions page (API.md Part 3 "Sessions"). */
export const SESSIONS_PAGE_PATH = '/app/account/sessions';

export const LOGIN_PATH = '/users/log-in';
export const APP_PATH = '/app';
/** Where a session that is not recent enough re-checks its password or second factor. */
export const REAUTHENTICATE_PATH = '/users/reauthenticate';
/** The account security page: enrolling a second factor (a require_mfa workspace sends its members there). */
export const SECURITY_PAGE_PATH = '/app/account/security';

/** The second-factor step of a log-in (API.md Part 3 "Second factor"): its cookie, page, lifetime and wrong-code limit. */
export const MFA_COOKIE = '_agent_ops_mfa';
/** A single sign-on in flight (its state, nonce and PKCE verifier are in Redis under the cookie's hash). */
export const SSO_COOKIE = '_agent_ops_sso';
export const SSO_COOKIE_PATH = '/users/sso';
export const SSO_PATH = '/users/sso';
export const MFA_LOGIN_PATH = '/users/log-in/mfa';
export const MFA_PENDING_TTL_MS = 5 * 60 * 1000;
export const MFA_MAX_WRONG_CODES = 5;

/** Login throttles (fixed by SPEC.md, not configurable). */
export const LOGIN_FAILURES_PER_IDENTITY = 10;
export const LOGIN_IDENTITY_WINDOW_S = 15 * 60;
export const LOGIN_COOLDOWN_S = 30 * 60;
export const LOGIN_ATTEMPTS_PER_IP = 50;
export const LOGIN_IP_WINDOW_S = 15 * 60;

/** Password reset (SPEC.md). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_WINDOW_S = 15 * 60;
