import { ordinal } from '../core/text/ordinal';

/** Engagement token lifetime (SPEC.md Limits): default 86400 s, hard cap 604800 s. */
export const ENGAGEMENT_TOKEN_DEFAULT_TTL_S = 86_400;
export const ENGAGEMENT_TOKEN_MAX_TTL_S = 604_800;
/** A rotation may keep the old partner key working for at most this long (API.md: 0..604800). */
export const ROTATION_MAX_GRACE_S = 604_800;
/** A partner key's last_used_at is written at most once a minute (per key, across nodes). */
export const PARTNER_KEY_LAST_USED_EVERY_MS = 60_000;
/** Failed-authentication throttle (SPEC.md Limits): 30 answers of 401/403 per client address per 60 s. */
export const FAILED_AUTH_LIMIT = 30;
export const FAILED_AUTH_WINDOW_MS = 60_000;
/** The throttle in the words of the OpenAPI descriptions of partner and engagement routes. */
export const FAILED_AUTH_THROTTLE_TEXT = `from the ${ordinal(FAILED_AUTH_LIMIT + 1)} 401/403 answer to one address within ${FAILED_AUTH_WINDOW_MS / 1000} s, 429 until the window ends`;
/** Expired engagement tokens are pruned at mint once they are this old. */
export const ENGAGEMENT_TOKEN_PRUNE_AFTER_MS = 86_400_000;
/** An engagement event's payload, as JSON (API.md: at most 64 KiB). */
export const ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES = 65_536;
