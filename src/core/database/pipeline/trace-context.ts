/**
 * How a pipelined statement keeps the trace of the request that issued it. A lane sends what
 * waits in one batch from a setImmediate, which runs in the context of whichever statement
 * scheduled it: without this, every statement of a batch would look like the first one's. When
 * tracing is on (src/core/tracing) each statement captures the active context when it is
 * queued and is sent inside it; off, `traceContext` stays undefined and a statement pays one
 * check.
 */
export interface TraceContextCarrier {
  /** The active context, to keep with a queued statement. */
  capture(): unknown;
  /** Runs `send` inside a captured context. */
  within<T>(captured: unknown, send: () => T): T;
}

export let traceContext: TraceContextCarrier | undefined;

/** Installs the carrier; tracing calls it once at start-up. */
export function carryTraceContext(carrier: TraceContextCarrier): void {
  traceContext = carrier;
}
