import http from 'node:http';
import { freePort } from './spawned-app';

/** One span of an OTLP/JSON export (opentelemetry-proto's JSON mapping: ids in hex). */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
  /** the instrumentation scope that made it */
  scope: string;
  /** the resource's service.name */
  service: string;
}

interface ExportBody {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpSpan['attributes'] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: Omit<OtlpSpan, 'scope' | 'service'>[] }>;
  }>;
}

/** An attribute's value, whatever its type. */
export function attr(span: Pick<OtlpSpan, 'attributes'>, key: string): unknown {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

/**
 * A collector stand-in on a port of its own: takes OTLP/HTTP JSON exports on /v1/traces and keeps
 * their raw bodies and spans. `stall` accepts each export and never answers it (a hung collector).
 */
export async function otlpReceiver(mode: 'answer' | 'stall' = 'answer') {
  const bodies: string[] = [];
  const spans: OtlpSpan[] = [];
  const requests: Array<{ method?: string; url?: string; contentType?: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      try {
        const body = JSON.parse(text) as ExportBody;
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attr({ attributes: rs.resource?.attributes }, 'service.name'));
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) spans.push({ ...s, scope: ss.scope?.name ?? '', service });
          }
        }
      } catch {
        /* not JSON: kept in bodies, the test fails on the content type */
      }
      if (mode === 'answer') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bodies,
    spans,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
