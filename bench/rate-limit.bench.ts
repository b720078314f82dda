/**
 * Cost of the machine rate-limit check, per request, and its memory for 1M distinct keys.
 * Ratios are against a baseline measured in the same run: a bare Map<string, number> increment,
 * the least any per-key counter can do.
 *
 *   node --expose-gc -r ./bench/support/register.js bench/rate-limit.bench.ts
 */
import { Clock } from '../src/core/common/clock/clock';
import { FixedWindowThrottlerStorage } from '../src/rate-limit/fixed-window.storage';

class FixedClock extends Clock {
  constructor(private readonly t: number) {
    super();
  }
  now(): number {
    return this.t;
  }
}

const TTL = 60_000;
const LIMIT = 1_000_000_000; // never blocks: we measure the counting path
const ITERATIONS = 2_000_000;

function measure(label: string, fn: (i: number) => void): { label: string; ns: number } {
  for (let i = 0; i < 200_000; i++) fn(i); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < ITERATIONS; i++) fn(i);
    runs.push(Number(process.hrtime.bigint() - start) / ITERATIONS);
  }
  runs.sort((a, b) => a - b);
  return { label, ns: runs[2] }; // median of 5
}

function heapAfterGc(): number {
  (global as { gc?: () => void }).gc?.();
  (global as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

const clock = new FixedClock(Date.UTC(2026, 0, 1));
const hotKeys = Array.from({ length: 10_000 }, (_, i) => `0b7c2a9e-0000-4000-8000-${String(i).padStart(12, '0')}`);

const baselineMap = new Map<string, number>();
const baseline = measure('baseline: Map get+set', (i) => {
  const k = hotKeys[i % hotKeys.length];
  baselineMap.set(k, (baselineMap.get(k) ?? 0) + 1);
});
const storage = new FixedWindowThrottlerStorage(clock, 1_000_000);
const oneKey = measure('storage.hit, one credential', () => {
  storage.hit(hotKeys[0], TTL, LIMIT, 'machine');
});
const manyKeys = measure('storage.hit, 10k credentials', (i) => {
  storage.hit(hotKeys[i % hotKeys.length], TTL, LIMIT, 'machine');
});
// What MachineRateLimiter.consume adds: the remaining count as a string and the reset instant,
// formatted once per window.
let resetFor = 0;
let resetIso = '';
const withHeaders = measure('hit + header values', (i) => {
  const r = storage.hit(hotKeys[i % hotKeys.length], TTL, LIMIT, 'machine');
  void String(LIMIT - r.totalHits);
  if (r.windowEndsAt !== resetFor) {
    resetFor = r.windowEndsAt;
    resetIso = new Date(r.windowEndsAt).toISOString();
  }
  void resetIso;
});

// Memory for 1M distinct keys (UUID-length credential ids), in a fresh storage.
const before = heapAfterGc();
const big = new FixedWindowThrottlerStorage(clock, 1_000_000);
for (let i = 0; i < 1_000_000; i++) big.hit(`1d3f5a7c-0000-4000-8000-${String(i).padStart(12, '0')}`, TTL, LIMIT, 'machine');
const after = heapAfterGc();
const overflow = big.hit('one-more-key', TTL, LIMIT, 'machine');
const bytesPerKey = (after - before) / 1_000_000;

const rows = [baseline, oneKey, manyKeys, withHeaders];
console.log(`\nrate-limit check (node ${process.version}, ${ITERATIONS.toLocaleString()} ops x 5, median)\n`);
console.log('case'.padEnd(36), 'ns/op'.padStart(8), 'x baseline'.padStart(12));
for (const r of rows) console.log(r.label.padEnd(36), r.ns.toFixed(1).padStart(8), (r.ns / baseline.ns).toFixed(2).padStart(12));
console.log(`\nmemory for 1,000,000 distinct keys: ${((after - before) / 1048576).toFixed(1)} MiB heap (${bytesPerKey.toFixed(0)} B/key)`);
console.log(`key 1,000,001 tracked: ${overflow.tracked} (budget reached: admitted untracked, memory stays bounded)`);
console.log(`tracked keys: ${big.size.toLocaleString()}`);
