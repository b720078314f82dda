/** What decides when a failed delivery is tried again. Times in epoch milliseconds. */
export interface RetryInput {
  /** Attempts made so far, the failed one included (1 after the first). */
  attempts: number;
  now: number;
  /** When the delivery was created: the retry window starts there. */
  createdAt: number;
  /** The first retry's delay; each later one doubles. */
  baseMs: number;
  /** How long after its creation a delivery is retried (API.md: 24 h). */
  windowMs: number;
  /** The receiver's Retry-After (429, 503), honoured when it asks for more than the backoff. */
  retryAfterMs?: number;
  /** [0, 1): the jitter's source (Math.random unless a test fixes it). */
  random?: () => number;
}

/** Jitter of ±10%, so receivers recovering from an outage are not hit by every retry at once. */
const JITTER = 0.1;

/**
 * When to try a failed delivery again, or null once its retry window is over: exponential backoff
 * (base, 2x base, 4x base, ...) with jitter, at least the receiver's Retry-After, and never past
 * the window's end; the last retry happens at the end itself. With the defaults (30 s, 24 h) that
 * is 13 attempts: at 0, about 30 s, 1.5 min, 3.5 min, ... 17 h, and 24 h.
 */
export function nextAttemptAt(input: RetryInput): number | null {
  const end = input.createdAt + input.windowMs;
  if (input.now >= end) return null;
  const random = input.random ?? Math.random;
  const backoff = input.baseMs * 2 ** Math.min(Math.max(input.attempts - 1, 0), 40);
  const delay = Math.max(backoff * (1 - JITTER + 2 * JITTER * random()), input.retryAfterMs ?? 0);
  return Math.min(input.now + delay, end);
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`, when it is one. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}
