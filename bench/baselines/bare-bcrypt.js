// Baseline for POST /api/v1/register: the least the bcrypt package can do at the service's cost.
// PARALLEL loops each hash PASSWORD at COST with `bcrypt.hash` (the async call the service makes,
// on libuv's thread pool) back to back, so PARALLEL hashes are always in flight, as many as the
// service has libuv threads (UV_THREADPOOL_SIZE, 4 when unset; the parent passes the service's).
// Hashes completed in the WARMUP_S..WARMUP_S+DURATION_S window are counted; the loops then stop
// and the figure is sent to the parent: { hashesPerSecond, hashes, p50, p99 } (ms per hash).
const bcrypt = require('bcrypt');
const { performance } = require('node:perf_hooks');

const COST = Number(process.env.COST ?? 12);
const PARALLEL = Number(process.env.PARALLEL ?? 4);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const PASSWORD = process.env.PASSWORD ?? 'bench password 0123456789';

async function main() {
  const from = performance.now() + WARMUP_S * 1000;
  const to = from + DURATION_S * 1000;
  const latencies = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (performance.now() < to) {
        const t0 = performance.now();
        await bcrypt.hash(PASSWORD, COST);
        const t1 = performance.now();
        if (t1 >= from && t1 <= to) latencies.push(t1 - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  process.send({ hashesPerSecond: latencies.length / DURATION_S, hashes: latencies.length, p50: at(50), p99: at(99) });
}

main().then(
  () => process.disconnect(),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
