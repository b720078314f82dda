import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';

/**
 * The OpenAPI document of every controller route, with the auth schemes each route declares. It
 * reads only route metadata, so an app created with `preview: true` (no provider built, no
 * database) gives the same document: scripts/sdk-openapi.ts generates the SDK's types that way.
 */
export function buildOpenApiDocument(app: INestApplication, config: Pick<AppConfig, 'baseUrl'>): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Agent Network Service')
    .setDescription(
      'Machine identity and operator auth for fleets of service agents and robots. ' +
        'Errors are RFC 9457 problem bodies (application/problem+json); see docs/ for decisions.',
    )
    .setVersion('1')
    .addServer(config.baseUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'agk_ API key or 30-day access token' }, 'machine')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-agent-api-key' }, 'agent-api-key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'METRICS_BEARER_TOKEN' }, 'metrics')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'SCIM token' }, 'scim')
    .addCookieAuth('_agent_ops_key', { type: 'apiKey', in: 'cookie', name: '_agent_ops_key' }, 'session')
    // issue 19: the marketplace plane
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'mpk_ partner key (issued at /admin/partners, shown once)' }, 'partner')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'engagement token from POST /api/v1/partner/engagements/{id}/tokens (default 86400 s, at most 604800 s)' },
      'engagement',
    )
        // issue 20: the payment provider signs its events (t=<unix>,v1=<hex HMAC-SHA256 of "t.body">)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'PAYMENTS_WEBHOOK_SECRET signature' }, 'payments-signature');
  return SwaggerModule.createDocument(app, builder.build());
}

export function mountOpenApi(app: INestApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
