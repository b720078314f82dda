export const MACHINE_THROTTLER = 'machine';
/** SPEC.md: 1000 requests per 60-second fixed period by default. */
export const MACHINE_WINDOW_MS = 60_000;
/**
 * Distinct buckets tracked per window per node. Above it, new keys are admitted untracked
 * (see FixedWindowThrottlerStorage); ~1M keys is on the order of 100 MB (bench/rate-limit).
 */
export const MACHINE_MAX_KEYS_PER_WINDOW = 1_000_000;
