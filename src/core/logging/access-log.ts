import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import pino from 'pino';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { AppConfig } from '../config/app-config';
import { logDestination } from './log-destination';
import { redactUrl } from './redact';

/**
 * Probes are polled every few seconds by orchestrators and scrapers: they get no access line.
 * Their failures stay visible: /ready logs why it is unhealthy, and unhandled errors are logged
 * by the problem filter. Every other request gets its line.
 */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);

/** The catch-all Nest registers to answer 404s; requests it serves matched no route of ours. */
export const NOT_FOUND_ROUTE = '/{*path}';

/** The route template a request matched, or 'unmatched' (never the raw path). */
export function routeTemplate(req: Request): string {
  const template = (req.route as { path?: string } | undefined)?.path;
  return template === undefined || template === NOT_FOUND_ROUTE ? 'unmatched' : template;
}

/**
 * One JSON line per request: request id, method, redacted URL, route template, status and
 * duration. Written as one flat object on the shared log stream: no per-request child logger,
 * async context or redaction pass (profiling showed those as the largest per-request cost, and
 * every field here is already safe: headers, where credentials travel, are never logged).
 */
@Injectable()
export class AccessLog {
  private readonly logger: pino.Logger;

  constructor(config: AppConfig) {
    this.logger = pino({ level: config.logLevel, base: { pid: process.pid } }, logDestination());
  }

  write(req: Request, res: Response, durationMs: number, route: string): void {
    const url = req.originalUrl ?? req.url;
    if (PROBE_PATHS.has(url.split('?')[0])) return;
    const status = res.statusCode;
    const line = {
      request_id: req.headers[REQUEST_ID_HEADER],
      req: { method: req.method, url: redactUrl(url) },
      route,
      status,
      duration_ms: Math.round(durationMs * 10) / 10,
    };
    if (status >= 500) this.logger.error(line, 'request errored');
    else this.logger.info(line, 'request completed');
  }
}
