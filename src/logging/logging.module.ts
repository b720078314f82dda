import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { AppConfig } from '../config/app-config';
import { REDACT_PATHS, redactUrl } from './redact';

type Req = IncomingMessage & { id?: string; route?: { path?: string } };

let destination: pino.DestinationStream | undefined;

/**
 * stdout through a buffered asynchronous writer, one per process: one write per ~4 KiB of log
 * instead of one synchronous write per line (profiling showed the per-line writes as the largest
 * single cost of a /health request). Flushed synchronously at exit, so no line is lost.
 */
function logDestination(): pino.DestinationStream {
  if (!destination) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once('exit', () => stream.flushSync());
    destination = stream;
  }
  return destination;
}

const routeOf = (req: IncomingMessage) => (req as Req).route?.path ?? 'unmatched';

/**
 * Probes are polled every few seconds by orchestrators and scrapers: they get no access line.
 * Their failures stay visible: /ready logs why it is unhealthy, and unhandled errors are logged
 * by the problem filter. Every other request gets its line.
 */
const PROBE_PATHS = new Set(['/health', '/ready', '/metrics']);
const isQuietProbe = (req: IncomingMessage) => PROBE_PATHS.has((req.url ?? '').split('?')[0]);

/**
 * Structured JSON logs: one line per request with request id, method, redacted URL, route
 * template, status and duration. Headers are not logged (they are where credentials travel, and
 * serialising them was a fifth of a /health request's CPU); the redaction paths still guard
 * anything logged explicitly.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: [
          {
            level: config.logLevel,
            autoLogging: { ignore: isQuietProbe },
            redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
            genReqId: (req: IncomingMessage) => String(req.headers[REQUEST_ID_HEADER] ?? ''),
            customAttributeKeys: { responseTime: 'duration_ms' },
            // bound to the request's logger, so every line logged while serving it carries the id
            customProps: (req: IncomingMessage) => ({ request_id: (req as Req).id }),
            customSuccessObject: (req: IncomingMessage, res: ServerResponse, value: Record<string, unknown>) => ({
              ...value,
              route: routeOf(req),
              status: res.statusCode,
            }),
            customErrorObject: (req: IncomingMessage, res: ServerResponse, _err: Error, value: Record<string, unknown>) => ({
              ...value,
              route: routeOf(req),
              status: res.statusCode,
            }),
            customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
              err || res.statusCode >= 500 ? 'error' : 'info',
            serializers: {
              req: (req: { method?: string; url?: string }) => ({
                method: req.method,
                url: req.url ? redactUrl(req.url) : undefined,
              }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
          },
          logDestination(),
        ],
      }),
    }),
  ],
})
export class LoggingModule {}
