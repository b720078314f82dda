/**
 * The trace the benchmarks post (bench:observability, and the traces case of npm run bench): 50
 * spans under one root, about 7 KB of JSON; `i` varies its name, start, robot and status (every
 * tenth is an error) so that search has something to tell apart.
 */
export function benchTrace(i: number) {
  const started = Date.UTC(2026, 10, 25, 10, 0, 0) + i;
  return {
    name: `bench trace ${i}`,
    status: i % 10 === 0 ? 'error' : 'ok',
    started_at: new Date(started).toISOString(),
    duration_ms: 500,
    attributes: { robot: `R-${i % 1000}`, region: 'eu-west' },
    spans: Array.from({ length: 50 }, (_, s) => ({
      span_id: `s${s}`,
      ...(s > 0 && { parent_span_id: 's0' }),
      name: `step ${s}`,
      started_at: new Date(started + s * 5).toISOString(),
      duration_ms: 5,
      attributes: { attempt: 1 },
    })),
  };
}
