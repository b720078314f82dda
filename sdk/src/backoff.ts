import { TransportError } from './errors';

export interface BackoffOptions {
  /** Upper bound of the first delay (ms). Default 500. */
  initialDelayMs?: number;
  /** No delay is longer than this (ms). Default 30,000. */
  maxDelayMs?: number;
  /** Growth of the upper bound per attempt. Default 2. */
  multiplier?: number;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialDelayMs: 500, maxDelayMs: 30_000, multiplier: 2 };

/**
 * Exponential backoff with "equal jitter": attempt n (from 0) waits a uniformly random time in
 * [cap/2, cap], cap = min(maxDelayMs, initialDelayMs * multiplier^n). The random half spreads a
 * fleet that lost its server at the same instant, so it does not come back in one burst; the
 * fixed half keeps every client from retrying at once in a tight loop.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const { initialDelayMs, maxDelayMs, multiplier } = { ...DEFAULT_BACKOFF, ...options };
  const cap = Math.min(maxDelayMs, initialDelayMs * Math.pow(multiplier, Math.max(0, attempt)));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Resolves after `ms`, or rejects with TransportError('aborted') when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new TransportError('aborted', 'aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new TransportError('aborted', 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, unless `signal` aborts first (then TransportError('aborted')); the promise itself runs on. */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new TransportError('aborted', 'aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new TransportError('aborted', 'aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
