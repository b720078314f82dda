import { Injectable } from '@nestjs/common';
import pino from 'pino';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { AppConfig } from '../config/app-config';
import { writeLogLine } from './log-destination';
import { isProbe } from './probe-paths';
import { redactUrl } from './redact';
import { activeTraceIds } from './trace-ids';
import type { Request, Response } from 'express';

/** The catch-all Nest registers to answer 404s; requests it serves matched no route of ours. */
export const NOT_FOUND_ROUTE = '/{*path}';

/** The route template a request matched, or 'unmatched' (never the raw path). */
export function routeTemplate(req: Request): string {
  const template = (req.route as { path?: string } | undefined)?.path;
  return template === undefined || template === NOT_FOUND_ROUTE ? 'unmatched' : template;
}

/** What an access line says about one request. */
export interface AccessFields {
  requestId: string | undefined;
  method: string;
  /** as received; redacted here */
  url: string;
  route: string;
  status: number;
  durationMs: number;
  /** The request's trace and span ids (W3C hex) when tracing is on and the request is sampled. */
  traceId?: string;
  spanId?: string;
}

const INFO = pino.levels.values.info;
const ERROR = pino.levels.values.error;

/** A JSON string member `,"name":"value"`; nothing for undefined, as JSON.stringify (and pino) drop it. */
const member = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`);

/**
 * The access line of one request, byte for byte what `pino({ base: { pid } }).info(object, msg)`
 * writes for it (`{"level":30,"time":...,"pid":...,"request_id":...,"req":{...},"route":...,
 * "status":...,"duration_ms":...,"trace_id":...,"span_id":...,"msg":"request completed"}` and a
 * newline; the trace ids only when tracing is on and the request sampled), built as one
 * template string: pino's generic serialiser (its level methods, the object walk, the key
 * escaping) cost more than the rest of the line (bench/README.md, finding 19). access-log.spec.ts
 * checks it against pino's own output.
 */
export function accessLine(f: AccessFields, time: number, pid: number): string {
  const error = f.status >= 500;
  return (
    `{"level":${error ? ERROR : INFO},"time":${time},"pid":${pid}${member('request_id', f.requestId)},` +
    `"req":{"method":${JSON.stringify(f.method)},"url":${JSON.stringify(redactUrl(f.url))}},"route":${JSON.stringify(f.route)},` +
    `"status":${f.status},"duration_ms":${Math.round(f.durationMs * 10) / 10}${member('trace_id', f.traceId)}${member('span_id', f.spanId)},` +
    `"msg":"${error ? 'request errored' : 'request completed'}"}\n`
  );
}

/**
 * One JSON line per request: request id, method, redacted URL, route template, status and
 * duration. Written as one flat line on the shared log stream: no per-request child logger,
 * async context or redaction pass (profiling showed those as the largest per-request cost, and
 * every field here is already safe: headers, where credentials travel, are never logged). The
 * log level applies as it would to pino: `info` lines (below 500) only at `info` or below,
 * `error` lines (500 and above) at `error` or below.
 */
@Injectable()
export class AccessLog {
  private readonly level: number;
  /** Where lines go: the shared log stream, batched per turn of the event loop. */
  private readonly writeLine: (line: string) => void = writeLogLine;

  /** The active span's ids, when tracing is on (ADR 0279); off, nothing is looked up. */
  private readonly traceIds?: () => { traceId: string; spanId: string } | undefined;

  constructor(config: AppConfig) {
    this.level = pino.levels.values[config.logLevel] ?? Infinity; // `silent` has no value: nothing
    if (config.tracing) this.traceIds = activeTraceIds;
  }

  write(req: Request, res: Response, durationMs: number, route: string): void {
    const url = req.originalUrl ?? req.url;
    if (isProbe(url)) return;
    const status = res.statusCode;
    if ((status >= 500 ? ERROR : INFO) < this.level) return;
    const requestId = req.headers[REQUEST_ID_HEADER];
    // called from the response's finish listener, which runs in the request's context (its server span)
    const ids = this.traceIds?.();
    this.writeLine(
      accessLine(
        {
          requestId: typeof requestId === 'string' ? requestId : undefined,
          method: req.method,
          url,
          route,
          status,
          durationMs,
          traceId: ids?.traceId,
          spanId: ids?.spanId,
        },
        Date.now(),
        process.pid,
      ),
    );
  }
}
