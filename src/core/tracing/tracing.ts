import { type Context, context, diag, type DiagLogger, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { isProbe } from '../logging/probe-paths';
import { redactUrl } from '../logging/redact';
import { carryContextThroughPipelines } from './pipeline-context';
import type { TracingSettings } from '../config/tracing-settings';
import type { IncomingMessage, RequestOptions } from 'node:http';

/**
 * Spans waiting for export, at most: past it new spans are dropped (and counted by the SDK), so a
 * collector that is down or slow costs memory up to this bound and nothing else (ADR 0279).
 */
export const MAX_QUEUED_SPANS = 2048;
/** Spans per export request. */
export const MAX_EXPORT_BATCH = 512;
/** How often the queue is sent when it is not full sooner. */
export const EXPORT_DELAY_MS = 1000;
/** At most one line about failing exports per this long: a collector that is down must not flood the log. */
const DIAG_LINE_EVERY_MS = 60_000;

export interface Tracing {
  /** Exports what is still queued (bounded by the export timeout) and stops. */
  shutdown(): Promise<void>;
}

/**
 * The SDK's own complaints (a failed export, a dropped batch) as one JSON log line a minute at
 * most, in the shape of the service's other lines. Written to stderr synchronously: this runs
 * before the application logger exists.
 */
function diagLogger(): DiagLogger {
  let last = -Infinity;
  const line = (level: number) => (message: string) => {
    const now = Date.now();
    if (now - last < DIAG_LINE_EVERY_MS) return;
    last = now;
    process.stderr.write(
      `${JSON.stringify({ level, time: now, pid: process.pid, context: 'Tracing', msg: `opentelemetry: ${message} (further such lines held back for a minute)` })}\n`,
    );
  };
  const ignore = () => undefined;
  return { error: line(50), warn: line(40), info: ignore, debug: ignore, verbose: ignore };
}

/**
 * BullMQ's own upkeep (each worker's stalled-jobs check, every 30 s per queue) would start a trace
 * of its own each time: like the service's polls and sweeps, it starts none. Jobs are traced.
 */
const UPKEEP = /^(startStalledCheckTimer|moveStalledJobsToWait) /;

/** The root sampler: upkeep never, anything else at `ratio`. */
function rootSampler(ratio: number): Sampler {
  const byRatio = new TraceIdRatioBasedSampler(ratio);
  return {
    shouldSample(ctx: Context, traceId: string, name: string): SamplingResult {
      if (UPKEEP.test(name)) return { decision: SamplingDecision.NOT_RECORD };
      return byRatio.shouldSample(ctx, traceId);
    },
    toString: () => `UpkeepExcluded{${byRatio.toString()}}`,
  };
}

/** The origin of an outgoing request: a receiver's path and query may be its credential (a webhook URL). */
function outgoingOrigin(options: RequestOptions): string {
  const protocol = options.protocol ?? 'http:';
  const host = options.hostname ?? options.host ?? 'localhost';
  return `${protocol}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${options.port ? `:${options.port}` : ''}`;
}

/**
 * Starts OpenTelemetry tracing: W3C trace context, a parent-based ratio sampler, a bounded batch
 * of spans exported as OTLP JSON over HTTP, and the instrumentations of http (server and client),
 * express (the route handler), pg and ioredis. BullMQ's spans come from its own telemetry hook
 * (queue-telemetry.ts). Must run before http, express, pg and ioredis are first required:
 * src/core/tracing/preload.ts, the first import of src/main.ts.
 */
export function startTracing(settings: TracingSettings): Tracing {
  diag.setLogger(diagLogger(), DiagLogLevel.WARN);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  if (settings.propagate) propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const exporter = new OTLPTraceExporter({
    url: settings.tracesUrl,
    headers: { ...settings.headers },
    timeoutMillis: settings.exportTimeoutMs,
    concurrencyLimit: 2,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    sampler: new ParentBasedSampler({ root: rootSampler(settings.sampleRatio) }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter,
        maxQueueSize: MAX_QUEUED_SPANS,
        maxExportBatchSize: MAX_EXPORT_BATCH,
        scheduledDelayMillis: EXPORT_DELAY_MS,
        exportTimeoutMillis: settings.exportTimeoutMs,
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // the probes are polled every few seconds: no trace, as they get no access line
        ignoreIncomingRequestHook: (req: IncomingMessage) => isProbe(req.url ?? '/'),
        // the path and query as the access log shows them: reset-link tokens and token query values redacted
        startIncomingSpanHook: (req: IncomingMessage) => {
          const url = redactUrl(req.url ?? '/');
          const q = url.indexOf('?');
          return q === -1 ? { 'url.path': url } : { 'url.path': url.slice(0, q), 'url.query': url.slice(q + 1) };
        },
        startOutgoingSpanHook: (options: RequestOptions) => ({ 'url.full': outgoingOrigin(options) }),
        // an outgoing request outside any trace (none today) starts none
        requireParentforOutgoingSpans: true,
      }),
      // the route handler's span (named by its route template); Nest's middlewares and routers get none
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      // statement text (parameters only, never their values) under the request or job that ran it;
      // the background polls (outbox, sweeps, BullMQ's blocking reads) start no trace
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // the command's name only: keys and arguments can carry credential ids and digests
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  carryContextThroughPipelines();

  return {
    shutdown: () => provider.shutdown(),
  };
}
