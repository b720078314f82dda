import { Writable } from 'node:stream';
import pino from 'pino';
import { AccessFields, AccessLog, accessLine } from './access-log';
import { redactUrl } from './redact';
import type { AppConfig } from '../config/app-config';
import type { Request, Response } from 'express';

/** What pino itself writes for the access line's object at a fixed time (the line accessLine replaced). */
function pinoLine(f: AccessFields, time: number, pid: number): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString('utf8');
      done();
    },
  });
  const logger = pino({ level: 'trace', base: { pid }, timestamp: () => `,"time":${time}` }, sink);
  const line = {
    request_id: f.requestId,
    req: { method: f.method, url: redactUrl(f.url) },
    route: f.route,
    status: f.status,
    duration_ms: Math.round(f.durationMs * 10) / 10,
    trace_id: f.traceId,
    span_id: f.spanId,
  };
  if (f.status >= 500) logger.error(line, 'request errored');
  else logger.info(line, 'request completed');
  return out;
}

describe('accessLine', () => {
  const base: AccessFields = {
    requestId: '0b8f4c1e-8d5a-4a4f-9d1c-3c5e9f0a1b2c',
    method: 'GET',
    url: '/api/v1/messages?limit=10',
    route: '/api/v1/messages',
    status: 200,
    durationMs: 1.23456,
  };

  it.each<[string, Partial<AccessFields>]>([
    ['a list read', {}],
    ['a 500 (level error, "request errored")', { status: 500, method: 'POST' }],
    ['a 503', { status: 503 }],
    ['a 404 that matched no route', { status: 404, route: 'unmatched', url: '/nope' }],
    ['a secret query value (redacted)', { url: '/api/v1/messages?socket_token=s3cr3t&limit=2' }],
    ['a reset link (redacted)', { url: '/users/reset-password/tok3n?x=1' }],
    ['quotes, backslashes, control and non-ASCII characters in the URL', { url: '/a?q="x"\\y\u0001\u00e9\u2028z' }],
    ['no request id', { requestId: undefined }],
    ['a caller-chosen request id', { requestId: 'abc.DEF_123-x' }],
    ['a long duration', { durationMs: 12345.678 }],
    ['a zero duration', { durationMs: 0 }],
    ['a route with parameters', { route: '/api/v1/agents/:id/keys', url: '/api/v1/agents/1/keys' }],
    ['a traced request', { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' }],
  ])('is what pino writes for %s', (_name, fields) => {
    const f = { ...base, ...fields };
    expect(accessLine(f, 1764094000123, 4242)).toBe(pinoLine(f, 1764094000123, 4242));
  });
});

describe('AccessLog', () => {
  const written = (level: string) => {
    const log = new AccessLog({ logLevel: level } as AppConfig);
    const lines: string[] = [];
    (log as unknown as { writeLine(line: string): void }).writeLine = (line) => lines.push(line);
    const request = (url: string, status: number) =>
      log.write(
        { originalUrl: url, url, method: 'GET', headers: { 'x-request-id': 'r1' } } as unknown as Request,
        { statusCode: status } as Response,
        1,
        '/x',
      );
    request('/api/v1/messages', 200);
    request('/api/v1/messages', 500);
    request('/health', 200);
    request('/metrics?x=1', 200);
    return lines.map((l) => JSON.parse(l) as { status: number; level: number; request_id: string });
  };

  it('writes every request but the probes at info, as pino would', () => {
    expect(written('info').map((l) => [l.status, l.level, l.request_id])).toEqual([
      [200, 30, 'r1'],
      [500, 50, 'r1'],
    ]);
  });

  it('keeps only the 5xx lines at warn and error, and none when silent', () => {
    expect(written('warn').map((l) => l.status)).toEqual([500]);
    expect(written('error').map((l) => l.status)).toEqual([500]);
    expect(written('fatal')).toEqual([]);
    expect(written('silent')).toEqual([]);
  });
});
