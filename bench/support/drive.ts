import { performance } from 'node:perf_hooks';

/** One measured case of a closed-loop benchmark: `requests` sent, how fast, how many failed. */
export interface Run {
  name: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** The value at percentile `p` of ascending `sorted` (nearest rank, rounding down). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `count` requests, `concurrency` at a time (each worker sends its next when its last answered);
 * `send` answers whether it got what it expected. Prints a line to stderr and returns the run.
 */
export async function drive(name: string, count: number, concurrency: number, send: (i: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        if (!(await send(i))) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const run = {
    name,
    requests: count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
  process.stderr.write(
    `  ${name}: ${run.perSecond.toFixed(0)}/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, failures ${failures}\n`,
  );
  return run;
}
