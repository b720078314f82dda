import { ConfigValidationError, loadConfig } from './app-config';

const ENV = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379/0' } as const;

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...ENV, ...env });
  } catch (err) {
    if (err instanceof ConfigValidationError) return err.problems;
    throw err;
  }
  return [];
}

describe('tracing settings (OTEL_*)', () => {
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT, or with it blank', () => {
    expect(loadConfig({ ...ENV }).tracing).toBeUndefined();
    expect(loadConfig({ ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: ' ', OTEL_SERVICE_NAME: 'x' }).tracing).toBeUndefined();
  });

  it('post to <endpoint>/v1/traces with the defaults of the specification and the service', () => {
    expect(loadConfig({ ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      exportTimeoutMs: 10000,
      serviceName: 'agent-network-service',
      sampleRatio: 1,
      propagate: true,
    });
  });

  it('read the headers as name=value pairs with URL-encoded values, the ratio, propagation and timeout', () => {
    const tracing = loadConfig({
      ...ENV,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.vendor.example',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team = ops',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_PROPAGATORS: 'none',
      OTEL_EXPORTER_OTLP_TIMEOUT: '2000',
    }).tracing;
    expect(tracing).toMatchObject({
      headers: { 'x-api-key': 'abc==', 'x-team': 'ops' },
      sampleRatio: 0.25,
      propagate: false,
      exportTimeoutMs: 2000,
    });
  });

  it('refuse a ratio outside 0..1, an unknown propagator, a non-URL endpoint and a header without a name, never echoing it', () => {
    expect(problems({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toEqual([expect.stringMatching(/^OTEL_TRACES_SAMPLER_ARG: /)]);
    expect(problems({ OTEL_TRACES_SAMPLER_ARG: 'all' })).toEqual([expect.stringMatching(/^OTEL_TRACES_SAMPLER_ARG: /)]);
    expect(problems({ OTEL_PROPAGATORS: 'b3' })).toEqual([expect.stringMatching(/^OTEL_PROPAGATORS: /)]);
    expect(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: /)]);
    const bad = problems({ OTEL_EXPORTER_OTLP_HEADERS: 'sekr1t-token-value' });
    expect(bad).toEqual(['OTEL_EXPORTER_OTLP_HEADERS: each entry must be name=value']);
  });
});
