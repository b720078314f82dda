/**
 * Lifetimes fixed by SPEC.md (Limits). The access token's 30 days is configuration
 * (`config.accessTokenTtlSeconds`, env ACCESS_TOKEN_TTL_SECONDS), which only tests shorten.
 */
export const SOCKET_TOKEN_TTL_SECONDS = 600;

/** How long a verified credential is served from the in-process cache before it is re-read. */
export const CREDENTIAL_CACHE_TTL_MS = 30_000;
export const CREDENTIAL_CACHE_MAX_ENTRIES = 50_000;
/** last_used_at is written in batches, at most this often. */
export const LAST_USED_FLUSH_MS = 15_000;
