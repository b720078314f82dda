import type { EnvironmentVariables } from './environment';

/** OpenTelemetry tracing (src/core/tracing, ADR 0279); the service has it only when an endpoint is set. */
export interface TracingSettings {
  /** Where spans are posted: `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`. */
  readonly tracesUrl: string;
  /** Sent with every export; a vendor's key may be among them, so never logged. */
  readonly headers: Readonly<Record<string, string>>;
  /** One export's bound, retries included. */
  readonly exportTimeoutMs: number;
  readonly serviceName: string;
  /** Root spans recorded (parent-based: a traced caller's decision wins). */
  readonly sampleRatio: number;
  /** Whether an incoming `traceparent` is continued. */
  readonly propagate: boolean;
}

/**
 * OTEL_EXPORTER_OTLP_HEADERS as the specification writes it: `name=value` pairs separated by
 * commas, values URL-encoded. A pair without `=` or with an empty name is a problem.
 */
function parseHeaders(value: string | undefined, problems: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const name = at === -1 ? '' : pair.slice(0, at).trim();
    if (name === '') {
      // the pair may be a secret: name only its position
      problems.push('OTEL_EXPORTER_OTLP_HEADERS: each entry must be name=value');
      continue;
    }
    try {
      headers[name] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      problems.push(`OTEL_EXPORTER_OTLP_HEADERS: the value of ${name} is not URL-encoded`);
    }
  }
  return headers;
}

/** The tracing settings, or undefined (tracing off) without OTEL_EXPORTER_OTLP_ENDPOINT. */
export function tracingSettings(vars: EnvironmentVariables, problems: string[]): TracingSettings | undefined {
  const headers = parseHeaders(vars.OTEL_EXPORTER_OTLP_HEADERS, problems);
  if (vars.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  return {
    tracesUrl: `${vars.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`,
    headers,
    exportTimeoutMs: vars.OTEL_EXPORTER_OTLP_TIMEOUT,
    serviceName: vars.OTEL_SERVICE_NAME,
    sampleRatio: vars.OTEL_TRACES_SAMPLER_ARG,
    propagate: vars.OTEL_PROPAGATORS === 'tracecontext',
  };
}
