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
 * How far back a node's first run looks for claims that may have used up their token (later runs
 * look back to where the previous run started, less CLAIM_LAG_MS). Claims need the database, so a
 * last claim is missed only if no node ran the job successfully for this long after it.
 */
export const EXHAUSTED_FIRST_LOOKBACK_MS = 3_600_000;

/**
 * How much earlier than a run's start the next run looks for claims again: a claim's claimed_at is
 * its node's clock before its transaction, which commits a few seconds later at most, and nodes'
 * clocks differ by less.
 */
export const CLAIM_LAG_MS = 60_000;

/** How often each node runs the job. */
export const EXPIRY_WARNINGS_SWEEP_MS = 30_000;

/** Rows claimed and announced per transaction. */
export const EXPIRY_WARNINGS_BATCH = 500;
