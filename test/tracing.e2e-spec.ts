import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { uniqueEmail } from './support/builders';
import { eventually } from './support/eventually';
import { attr, OtlpSpan, otlpReceiver } from './support/otlp-receiver';
import { freePort, SpawnedApp, spawnApp, testEnv, waitForHealth } from './support/spawned-app';

/**
 * OpenTelemetry tracing on the production build (ADR 0279): off without
 * OTEL_EXPORTER_OTLP_ENDPOINT (no SDK loaded, no export, no trace ids in the log); on, a machine
 * list read is exported as a span tree (the HTTP server span, the route handler, the pg
 * statements beneath) to a local collector stand-in, the access line names its trace, and no
 * credential reaches a span; a collector that hangs or is not there slows no request.
 */
const LOADED_MODULES = join(__dirname, 'support', 'loaded-modules.js');
const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;

async function stop(app: SpawnedApp | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null) return;
  app.child.kill('SIGTERM');
  await app.exited;
}

async function register(app: SpawnedApp, email = uniqueEmail('otel')): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: `Pw-${randomBytes(12).toString('hex')}`,
      agent_name: 'Traced Bot',
      workspace_name: `Traced ${randomBytes(4).toString('hex')}`,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { api_key: { key: string } }).api_key.key;
}

/** The machine list read (the bench's), timed. */
async function listRead(app: SpawnedApp, key: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}/api/v1/messages?limit=10`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** The spans above `span` in its trace, nearest first. */
function ancestorsIn(trace: OtlpSpan[], span: OtlpSpan): OtlpSpan[] {
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  const chain: OtlpSpan[] = [];
  for (let p = span.parentSpanId && byId.get(span.parentSpanId); p; p = p.parentSpanId && byId.get(p.parentSpanId)) chain.push(p);
  return chain;
}

/** `value`, or a throw that keeps eventually() waiting. */
function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what} yet`);
  return value;
}

/** The JSON lines of the app's stdout. */
function logLines(app: SpawnedApp): Array<Record<string, any>> {
  return app
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

describe('tracing on: a collector stand-in receives the span tree', () => {
  let app: SpawnedApp;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let key = '';
  const resetToken = `rst-${randomBytes(12).toString('hex')}`;
  const queryToken = `qt-${randomBytes(12).toString('hex')}`;
  const email = uniqueEmail('otel');

  beforeAll(async () => {
    receiver = await otlpReceiver();
    app = spawnApp(await testEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'ans-under-test' }));
    await waitForHealth(app);
    key = await register(app, email);
    expect((await listRead(app, key)).status).toBe(200);
    // a request that queues a job (the reset request, looked up and mailed by workers)
    const forgot = await fetch(`${app.baseUrl}/users/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(email)}`,
    });
    expect(forgot.status).toBe(200);
    // URLs that carry secrets: a reset link's token in the path, a token in the query
    await (await fetch(`${app.baseUrl}/users/reset-password/${resetToken}`)).arrayBuffer();
    await (
      await fetch(`${app.baseUrl}/api/v1/messages?limit=10&token=${queryToken}`, { headers: { authorization: `Bearer ${key}` } })
    ).arrayBuffer();
  });

  afterAll(async () => {
    await stop(app);
    await receiver?.close();
  });

  const serverSpan = (path: string) =>
    receiver.spans.find((s) => s.kind === SERVER && attr(s, 'url.path') === path && attr(s, 'url.query') === 'limit=10');

  it('exports OTLP JSON to <endpoint>/v1/traces, as the configured service', async () => {
    await eventually(() => expect(serverSpan('/api/v1/messages')).toBeDefined(), { timeoutMs: 10000, what: 'the list read span' });
    expect(receiver.requests[0]).toMatchObject({ method: 'POST', url: '/v1/traces', contentType: 'application/json' });
    expect(serverSpan('/api/v1/messages')!.service).toBe('ans-under-test');
  });

  it('exports the list read as HTTP server span → route handler → pg statements, one trace', async () => {
    const server = await eventually(() => found(serverSpan('/api/v1/messages'), 'list read span'), { timeoutMs: 10000 });
    expect(server.name).toBe('GET /api/v1/messages');
    expect(attr(server, 'http.route')).toBe('/api/v1/messages');
    expect(attr(server, 'http.response.status_code')).toBe(200);
    expect(server.parentSpanId ?? '').toBe('');

    const trace = receiver.spans.filter((s) => s.traceId === server.traceId);
    const ancestors = (s: OtlpSpan) => ancestorsIn(trace, s);
    const handler = trace.find((s) => s.scope === '@opentelemetry/instrumentation-express' && s.parentSpanId === server.spanId);
    expect(handler?.name).toMatch(/^request handler/);
    expect(attr(handler!, 'http.route')).toBe('/api/v1/messages');

    const statements = trace.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && attr(s, 'db.query.text') !== undefined);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(ancestors(s)).toContain(handler);
      expect(ancestors(s)).toContain(server);
      expect(attr(s, 'db.system.name')).toBe('postgresql');
    }
    // the page of messages itself, not only the credential lookup
    expect(statements.some((s) => /\bFROM\s+"?messages"?/i.test(String(attr(s, 'db.query.text'))))).toBe(true);
  });

  it("carries a request's trace into the job it queues: BullMQ's producer span beneath it, the worker's consumer span after", async () => {
    const consumer = await eventually(
      () =>
        found(
          receiver.spans.find((s) => s.kind === CONSUMER && s.name === 'process password_resets'),
          'consumer span',
        ),
      { timeoutMs: 10000, what: 'the password_resets job span' },
    );
    const trace = receiver.spans.filter((s) => s.traceId === consumer.traceId);
    const server = trace.find((s) => s.kind === SERVER);
    expect(server?.name).toBe('POST /users/forgot-password');
    const producer = trace.find((s) => s.kind === PRODUCER && s.name.startsWith('add password_resets'));
    expect(producer).toBeDefined();
    // the worker's statements (the account lookup) are beneath its consumer span
    expect(trace.some((s) => s.scope === '@opentelemetry/instrumentation-pg' && ancestorsIn(trace, s).includes(consumer))).toBe(true);
    expect(ancestorsIn(trace, producer!)).toContain(server);
    // BullMQ's upkeep (stalled-job checks) starts no trace of its own
    expect(receiver.spans.filter((s) => /^(startStalledCheckTimer|moveStalledJobsToWait) /.test(s.name))).toEqual([]);
  });

  it("writes the request's trace and span ids into its access line", async () => {
    const server = await eventually(() => found(serverSpan('/api/v1/messages'), 'list read span'), { timeoutMs: 10000 });
    // the log is written in batches, at least every second
    const line = await eventually(
      () =>
        found(
          logLines(app).find((l) => l.msg === 'request completed' && l.req?.url === '/api/v1/messages?limit=10'),
          'access line',
        ),
      { timeoutMs: 5000, what: 'the access line of the list read' },
    );
    expect(line).toMatchObject({ trace_id: server.traceId, span_id: server.spanId });
    expect(server.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('puts no credential, token or header into any span', async () => {
    await eventually(
      () => {
        expect(receiver.spans.some((s) => String(attr(s, 'url.path')).startsWith('/users/reset-password/'))).toBe(true);
        expect(receiver.spans.some((s) => String(attr(s, 'url.query')).includes('token='))).toBe(true);
      },
      { timeoutMs: 10000, what: 'the spans of the URLs with secrets' },
    );
    const exported = receiver.bodies.join('\n');
    for (const secret of [key, key.split('.').pop()!, resetToken, queryToken]) expect(exported).not.toContain(secret);
    expect(exported.toLowerCase()).not.toContain('authorization');
    expect(exported.toLowerCase()).not.toContain('bearer');
    expect(receiver.spans.map((s) => attr(s, 'url.path'))).toContain('/users/reset-password/[REDACTED]');
    expect(receiver.spans.map((s) => attr(s, 'url.query'))).toContain('limit=10&token=[REDACTED]');
    // statements travel as their text, never with their parameters' values
    expect(receiver.spans.some((s) => attr(s, 'db.postgresql.values') !== undefined)).toBe(false);
  });
});

describe('tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset)', () => {
  it('loads no OpenTelemetry SDK, exports nothing and logs no trace ids', async () => {
    const receiver = await otlpReceiver();
    // the exporter's own per-signal variable: were any exporter loaded, it would send here
    const app = spawnApp(await testEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/v1/traces` }), [
      '--require',
      LOADED_MODULES,
    ]);
    try {
      await waitForHealth(app);
      const key = await register(app);
      for (let i = 0; i < 5; i++) expect((await listRead(app, key)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // longer than an export's delay
      const lines = logLines(app).filter((l) => l.msg === 'request completed');
      expect(lines.length).toBeGreaterThanOrEqual(6);
      for (const line of lines) {
        expect(line.trace_id).toBeUndefined();
        expect(line.span_id).toBeUndefined();
      }
    } finally {
      await stop(app);
      await receiver.close();
    }
    expect(receiver.requests).toEqual([]);
    const loaded = app
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{"loadedOpenTelemetry"'))
      .map((l) => (JSON.parse(l) as { loadedOpenTelemetry: string[] }).loadedOpenTelemetry);
    expect(loaded).toHaveLength(1);
    // the API alone (the access log's lookup is compiled in, and never called) and no SDK, exporter or instrumentation
    expect(loaded[0].filter((name) => name !== '@opentelemetry/api')).toEqual([]);
  });
});

describe('a collector that hangs or is not there', () => {
  /** 60 list reads, 4 at a time for over 2 s (exports are attempted every second): every one answered fast. */
  async function loadWhileExportsFail(endpoint: string): Promise<number[]> {
    // reads for 2.5 s: a quiet host does thousands, past the default per-key limit of 1,000 a minute
    const app = spawnApp(await testEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, API_RATE_LIMIT: '1000000' }));
    try {
      await waitForHealth(app);
      const key = await register(app);
      const times: number[] = [];
      const deadline = performance.now() + 2500;
      while (performance.now() < deadline || times.length < 60) {
        const batch = await Promise.all([0, 1, 2, 3].map(() => listRead(app, key)));
        for (const r of batch) {
          expect(r.status).toBe(200);
          times.push(r.ms);
        }
      }
      // the access lines still carry trace ids: spans are made, only their export fails
      expect(logLines(app).some((l) => typeof l.trace_id === 'string')).toBe(true);
      return times;
    } finally {
      const stopped = performance.now();
      await stop(app);
      // shutdown waits a second at most for the last export
      expect(performance.now() - stopped).toBeLessThan(5000);
    }
  }

  it('a stalled collector (accepts, never answers) slows no request', async () => {
    const receiver = await otlpReceiver('stall');
    try {
      const times = await loadWhileExportsFail(receiver.endpoint);
      expect(receiver.requests.length).toBeGreaterThan(0); // exports were attempted and hung
      expect(Math.max(...times)).toBeLessThan(1000); // an export waits up to 10 s: no request waited on one
    } finally {
      await receiver.close();
    }
  });

  it('a closed port slows no request', async () => {
    const times = await loadWhileExportsFail(`http://127.0.0.1:${await freePort()}`);
    expect(Math.max(...times)).toBeLessThan(1000);
  });
});
