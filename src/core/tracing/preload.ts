import { loadConfig } from '../config/app-config';
import { loadEnvFile } from '../config/env-file';
import type { Tracing } from './tracing';

/**
 * Starts tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set, before anything it instruments is
 * loaded: src/main.ts imports this module first, so in dist/main.js its require runs before those
 * of Nest, express, pg and ioredis. With the variable unset the SDK is never required (tracing
 * costs nothing). A configuration that does not load is left to main(), which reports every
 * problem; tracing then stays off, as the process exits.
 */
let tracing: Tracing | undefined;
try {
  loadEnvFile();
  const settings = loadConfig().tracing;
  if (settings) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on (ADR 0279)
    const { startTracing } = require('./tracing') as typeof import('./tracing');
    tracing = startTracing(settings);
  }
} catch {
  tracing = undefined;
}

/** Exports the spans still queued and stops tracing, within `timeoutMs`; nothing when tracing is off. */
export async function stopTracing(timeoutMs: number): Promise<void> {
  if (!tracing) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    tracing.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref())),
  ]);
  clearTimeout(timer);
}
