import type { Gauge } from 'prom-client';

type Collect = () => Promise<void> | void;

/** The sources of each gauge, the latest registered last. */
const sources = new WeakMap<Gauge<string>, Collect[]>();

/**
 * Makes `collect` fill `gauge` whenever /metrics is scraped (prom-client awaits a metric's
 * `collect` before it reads the values). The gauges are declared with the others in
 * MetricsModule, but what they read belongs to a feature (the queues, the readiness checks, the
 * socket registry), so the feature hands its collector over here once its own dependencies are up.
 *
 * prom-client keeps one registry per process while several apps may start and stop in it (the
 * e2e suites): the latest collector still registered is the one that runs. The returned function
 * unregisters `collect` (call it at shutdown); when none is left the gauge is emptied, so a
 * stopped source leaves no stale value behind.
 */
export function collectOnScrape(gauge: Gauge<string>, collect: Collect): () => void {
  let list = sources.get(gauge);
  if (!list) {
    const registered: Collect[] = [];
    list = registered;
    sources.set(gauge, registered);
    // `collect` is a documented option of every prom-client metric, read when the registry is
    // scraped; MetricsModule's factories cannot reach feature providers, so it is set here.
    (gauge as unknown as { collect: Collect }).collect = () => registered.at(-1)?.();
  }
  list.push(collect);
  const own = list;
  return () => {
    const at = own.indexOf(collect);
    if (at >= 0) own.splice(at, 1);
    if (own.length === 0) gauge.reset();
  };
}
