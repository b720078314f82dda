/** How long before its expires_at a key is warned of it (`api_key.expiring`): 7 days (API.md Part 3). */
export const API_KEY_EXPIRING_NOTICE_S = 7 * 86_400;

/** How long before its expires_at an enrollment token is warned of it (`enrollment_token.expiring`): 24 hours (API.md Part 3). */
export const ENROLLMENT_TOKEN_EXPIRING_NOTICE_S = 86_400;

/**
 * A token's expires_at is set from its node's clock, its inserted_at by the database: a token is
 * issued for longer than the notice only when its lifetime exceeds the notice by more than this,
 * so that a 24-hour token (the default) is never warned because the two clocks differ by a few
 * milliseconds (ADR 0235).
 */
export const ISSUE_CLOCK_TOLERANCE_S = 60;

/**
 * How long after its expires_at a token whose running out was not announced yet is still looked
 * at: a token cannot be claimed after its expiry, so only a job that did not run for this long
 * can miss an `enrollment_token.exhausted`.
 */
export const EXHAUSTED_LOOKBACK_S = 86_400;

/** How often each node runs the job. */
export const EXPIRY_WARNINGS_SWEEP_MS = 30_000;

/** Rows claimed and announced per transaction. */
export const EXPIRY_WARNINGS_BATCH = 500;
