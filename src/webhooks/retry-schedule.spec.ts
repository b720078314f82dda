import { nextAttemptAt, retryAfterMs } from './retry-schedule';

const HOUR = 3_600_000;
const base = { createdAt: 0, baseMs: 30_000, windowMs: 24 * HOUR, random: () => 0.5 };

/** Every attempt time of a delivery that always fails, from its creation on. */
function schedule(input: Omit<Parameters<typeof nextAttemptAt>[0], 'attempts' | 'now'>): number[] {
  const times = [input.createdAt];
  for (let attempts = 1; ; attempts++) {
    const next = nextAttemptAt({ ...input, attempts, now: times[times.length - 1] });
    if (next === null) return times;
    times.push(next);
  }
}

describe('nextAttemptAt', () => {
  it('doubles from the base delay (no jitter at random 0.5)', () => {
    expect(nextAttemptAt({ ...base, attempts: 1, now: 0 })).toBe(30_000);
    expect(nextAttemptAt({ ...base, attempts: 2, now: 30_000 })).toBe(90_000);
    expect(nextAttemptAt({ ...base, attempts: 3, now: 90_000 })).toBe(210_000);
  });

  it('retries for 24 h, at least 8 attempts, the last at the window end, then gives up', () => {
    const times = schedule(base);
    expect(times.length).toBe(13);
    expect(times.length).toBeGreaterThanOrEqual(8);
    expect(times[times.length - 1]).toBe(24 * HOUR);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    expect(nextAttemptAt({ ...base, attempts: 13, now: 24 * HOUR + 5 })).toBeNull();
  });

  it('jitters by at most ±10%', () => {
    expect(nextAttemptAt({ ...base, attempts: 4, now: 0, random: () => 0 })).toBe(240_000 * 0.9);
    expect(nextAttemptAt({ ...base, attempts: 4, now: 0, random: () => 0.999999 })).toBeCloseTo(240_000 * 1.1, -1);
  });

  it("honours a longer Retry-After, but never past the window's end", () => {
    expect(nextAttemptAt({ ...base, attempts: 1, now: 0, retryAfterMs: 120_000 })).toBe(120_000);
    expect(nextAttemptAt({ ...base, attempts: 1, now: 0, retryAfterMs: 1_000 })).toBe(30_000);
    expect(nextAttemptAt({ ...base, attempts: 1, now: 23 * HOUR, retryAfterMs: 5 * HOUR })).toBe(24 * HOUR);
  });

  it('counts the window from the creation, not from the last attempt', () => {
    expect(nextAttemptAt({ ...base, createdAt: 1000, attempts: 1, now: 1000 + 24 * HOUR })).toBeNull();
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:01:00 GMT', 0)).toBe(60_000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:01:00 GMT', 120_000)).toBe(0);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });
});
