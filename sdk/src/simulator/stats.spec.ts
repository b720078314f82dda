import { ErrorTally, percentile, pool, summarize } from './stats';

describe('percentile (nearest rank)', () => {
  it('gives p50 and p99 of a sample', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('summarize rounds to a tenth of a millisecond and reports nulls for no samples', () => {
    expect(summarize([1.26, 2, 3])).toEqual({ count: 3, p50Ms: 2, p99Ms: 3, maxMs: 3 });
    expect(summarize([])).toEqual({ count: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });
});

describe('ErrorTally', () => {
  it('counts by kind, most frequent first', () => {
    const tally = new ErrorTally();
    for (const kind of ['b', 'a', 'b', 'c', 'b', 'a']) tally.add(kind);
    expect(tally.toJSON()).toEqual({ b: 3, a: 2, c: 1 });
    expect(Object.keys(tally.toJSON())).toEqual(['b', 'a', 'c']);
    expect(tally.total).toBe(6);
  });
});

describe('pool', () => {
  it('runs every item once with at most `concurrency` in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await pool(25, 4, async (i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      seen.push(i);
      inFlight--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(peak).toBe(4);
  });
});
