/** SPEC.md Authentication 2 and Limits. */
export const SESSION_COOKIE = '_agent_ops_key';
export const REMEMBER_ME_COOKIE = '_agent_ops_web_user_remember_me';
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const SESSION_REISSUE_AFTER_MS = 7 * 24 * 3600 * 1000;
export const REMEMBER_ME_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

export const LOGIN_PATH = '/users/log-in';
export const APP_PATH = '/app';

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
