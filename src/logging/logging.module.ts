import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { REDACT_PATHS, redactUrl } from './redact';

type Req = IncomingMessage & { id?: string; route?: { path?: string }; originalUrl?: string };

/**
 * Structured JSON logs: one line per request with request id, method, route template, status and
 * duration; credentials, cookies and tokens redacted (headers, bodies and URLs).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
          genReqId: (req: IncomingMessage) => String(req.headers[REQUEST_ID_HEADER] ?? ''),
          customAttributeKeys: { responseTime: 'duration_ms' },
          // bound to the request's logger, so every line logged while serving it carries the id
          customProps: (req: IncomingMessage) => ({ request_id: (req as Req).id }),
          customSuccessObject: (req: IncomingMessage, res: ServerResponse, value: Record<string, unknown>) => ({
            ...value,
            route: (req as Req).route?.path ?? 'unmatched',
            status: res.statusCode,
          }),
          customErrorObject: (req: IncomingMessage, res: ServerResponse, _err: Error, value: Record<string, unknown>) => ({
            ...value,
            route: (req as Req).route?.path ?? 'unmatched',
            status: res.statusCode,
          }),
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
            err || res.statusCode >= 500 ? 'error' : 'info',
          serializers: {
            req: (req: { id?: string; method?: string; url?: string; headers?: Record<string, unknown>; remoteAddress?: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url ? redactUrl(req.url) : undefined,
              headers: req.headers,
              remoteAddress: req.remoteAddress,
            }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
