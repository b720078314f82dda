/** Latency samples and error counts for the simulator's summary. */

/** The p-th percentile (0..100) by nearest rank; undefined for no samples. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface LatencySummary {
  count: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export function summarize(values: readonly number[]): LatencySummary {
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  return {
    count: values.length,
    p50Ms: round(percentile(values, 50)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(values.length ? Math.max(...values) : undefined),
  };
}

/** Errors counted by kind (`claim:rate-limited`, `ota_report:not-found:not_found`). */
export class ErrorTally {
  private readonly counts = new Map<string, number>();
  add(kind: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }
  get total(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }
  /** Most frequent first. */
  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  }
}

/** Runs `work(i)` for i in [0, count), at most `concurrency` at a time. */
export async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, async () => {
    while (next < count) await work(next++);
  });
  await Promise.all(lanes);
}
