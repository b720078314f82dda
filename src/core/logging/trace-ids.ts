import { context, trace } from '@opentelemetry/api';

/**
 * The ids of the span active here (a request's server span), or undefined outside any recorded
 * span: the access line's trace_id and span_id. Only the OpenTelemetry API: with tracing off
 * (src/core/tracing never started) AccessLog does not call it, and no SDK is loaded.
 */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // not sampled: no trace holds these ids, so the log line does not name them
  return (traceFlags & 1) === 1 ? { traceId, spanId } : undefined;
}
