/** Thrown inside an eventually() check to stop waiting at once: the condition can no longer hold. */
export class StopWaiting extends Error {}

export interface EventuallyOptions {
  /** How long to keep trying (default 5 s). */
  timeoutMs?: number;
  /** Pause between tries (default 50 ms). */
  intervalMs?: number;
  /** What is awaited, for the failure message. */
  what?: string;
}

/**
 * The one poll loop of the test suites: runs `check` until it returns without throwing (its value
 * is returned) or the time is up, then fails with the last error it threw. A check throws (or
 * fails an expect) while the condition does not hold yet.
 */
export async function eventually<T>(check: () => Promise<T> | T, options: EventuallyOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (err instanceof StopWaiting) throw err;
      if (Date.now() >= deadline) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a condition'}: ${reason}`, { cause: err });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
