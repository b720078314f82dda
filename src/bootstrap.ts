import { Logger } from 'nestjs-pino';
import { bodyContentCheck, formBodyParser, jsonBodyParser, jsonOnly, rawKeepingJsonBodyParser } from './core/common/http/body-parsers';
import { CROSS_ORIGIN_PROTECTED_PATHS, crossOriginProtection } from './core/common/http/cross-origin';
import { HttpConnections } from './core/common/http/http-connections';
import { requestContextMiddleware } from './core/common/http/request-context';
import { requestIdMiddleware } from './core/common/http/request-id';
import { RouteMethods } from './core/common/http/route-methods';
import { securityHeadersMiddleware } from './core/common/http/security-headers';
import { AppConfig } from './core/config/app-config';
import { mountOpenApi } from './core/openapi/openapi';
import { SocketWsAdapter } from './gateway/socket-ws.adapter';
import { HttpMetrics } from './metrics/http-metrics';
import type { NestExpressApplication } from '@nestjs/platform-express';

/**
 * Everything done to an app instance before it listens; shared by main.ts and the e2e tests so
 * both run the same stack. Order matters: the hardening headers and the request id first, so
 * every later answer, errors included, carries them.
 */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('etag', false);
  // Timeouts and the connection limit, before the server listens (ADR 0228).
  const connections = app.get(HttpConnections);
  connections.attach(app.getHttpServer());
  app.use(securityHeadersMiddleware(config));
  app.use(requestIdMiddleware);
  app.use(app.get(HttpMetrics).middleware);
  app.use(connections.middleware);
  app.use(CROSS_ORIGIN_PROTECTED_PATHS, crossOriginProtection(config.baseOrigin));
  app.use('/api', jsonOnly);
  // Inbound provider events (/webhooks/*) are JSON, signed over their exact bytes (issue 20).
  app.use('/webhooks', jsonOnly, rawKeepingJsonBodyParser());
  app.use(jsonBodyParser());
  app.use(formBodyParser());
  app.use(bodyContentCheck);
  app.use(requestContextMiddleware);
  mountOpenApi(app, config);
  app.get(RouteMethods).attach(app.getHttpAdapter().getInstance());
  // platform-ws with the /socket envelope; set before init, when gateways bind.
  app.useWebSocketAdapter(new SocketWsAdapter(app));
}
