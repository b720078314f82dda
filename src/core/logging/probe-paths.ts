/**
 * Probes are polled every few seconds by orchestrators and scrapers: they get no access line and
 * no trace. Their failures stay visible: /ready logs why it is unhealthy, and unhandled errors
 * are logged by the problem filter. Every other request gets its line.
 */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);

/** Whether a request path (query string included or not) is a probe's. */
export function isProbe(url: string): boolean {
  const q = url.indexOf('?');
  return PROBE_PATHS.has(q === -1 ? url : url.slice(0, q));
}
