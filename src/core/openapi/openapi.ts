import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { CROSS_ORIGIN_PROTECTED_PATHS } from '../common/http/cross-origin';
import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../config/environment';
import { durationAdjective } from '../text/duration';
import { API_TAGS } from './tags';
import type { AppConfig } from '../config/app-config';
import type { INestApplication } from '@nestjs/common';

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
        'Errors are RFC 9457 problem bodies (application/problem+json) whose `type` links to a page at /problems/{slug}. ' +
        'The WebSocket at /socket is described by the AsyncAPI document at /api/asyncapi.json.',
    )
    .setLicense('Proprietary', `${config.baseUrl}/api/docs`)
    .setVersion('1')
    .addServer(config.baseUrl)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: `an \`agk_\` API key or a ${durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS)} access token from POST /api/v1/agent_tokens (opaque, not a JWT)`,
      },
      'machine',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-agent-api-key' }, 'agent-api-key')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'the METRICS_BEARER_TOKEN of this deployment' },
      'metrics',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: 'a workspace SCIM token (`scim_`), issued at /app/admin/scim_tokens and shown once',
      },
      'scim',
    )
    .addCookieAuth('_agent_ops_key', { type: 'apiKey', in: 'cookie', name: '_agent_ops_key' }, 'session')
    // issue 56: operator routes that act on a workspace and need no person also take an operator API token
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description:
          'an operator API token (`aot_<prefix>.<secret>`, from POST /api/v1/operator/api_tokens, shown once): acts on its workspace with its role, ' +
          'on /api/v1/operator/* routes that need no person; counted by the machine rate limit',
      },
      'api-token',
    )
    // issue 19: the marketplace plane
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: 'an `mpk_` partner key (issued at /admin/partners, shown once)',
      },
      'partner',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: 'an engagement token from POST /api/v1/partner/engagements/{id}/tokens (default 86400 s, at most 604800 s)',
      },
      'engagement',
    )
    // issue 20: the payment provider signs its events (t=<unix>,v1=<hex HMAC-SHA256 of "t.body">)
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'PAYMENTS_WEBHOOK_SECRET signature' },
      'payments-signature',
    )
    .addApiKey(
      { type: 'apiKey', in: 'query', name: 'socket_token', description: 'a 600-second socket token from POST /api/v1/socket_tokens' },
      'socket-token',
    );
  for (const [name, description] of Object.entries(API_TAGS)) builder.addTag(name, description);
  const options = builder.build();
  // A self-hosted deployment has no support address of its own: the contact is the API guide.
  options.info.contact = { name: 'API guide', url: `${config.baseUrl}/api/docs` };
  // A controller without @ApiTags is not tagged after its class: every tag is a declared one.
  const document = SwaggerModule.createDocument(app, options, { autoTagControllers: false });
  Object.assign(document.paths, SERVED_OUTSIDE_CONTROLLERS);
  saySecurityAndProblems(document);
  return document;
}

const PROBLEM_REF = '#/components/schemas/ProblemDto';
const UNSAFE_METHODS = new Set(['put', 'post', 'delete', 'patch']);
const CROSS_ORIGIN_REFUSAL = {
  description:
    "`cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's)",
  content: { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } },
};

/**
 * What the server does, said in the document (issue 57): an operation that declares no security
 * scheme is public and says `security: []` (the route-means walk opens each such operation
 * without a credential), and an error answer whose body is the problem schema is declared
 * `application/problem+json`, the type the server sends, not the `application/json` the Swagger
 * decorators write. An unsafe request under a cross-origin protected path can be refused 403
 * `cross_origin_request` before it reaches its route, so such an operation declares a 403 (the
 * public form posts of /users/* had none).
 */
function saySecurityAndProblems(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const crossOriginProtected = CROSS_ORIGIN_PROTECTED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const op = item[method];
      if (!op) continue;
      op.security ??= [];
      if (crossOriginProtected && UNSAFE_METHODS.has(method)) op.responses['403'] ??= CROSS_ORIGIN_REFUSAL;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400 || !response || !('content' in response) || !response.content) continue;
        const json = response.content['application/json'];
        if (json?.schema && '$ref' in json.schema && json.schema.$ref === PROBLEM_REF) {
          delete response.content['application/json'];
          response.content['application/problem+json'] = json;
        }
      }
    }
  }
}

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/**
 * Routes served by something other than a controller (the Swagger module, the WebSocket
 * adapter), listed by hand so the document names every route the service answers.
 */
const SERVED_OUTSIDE_CONTROLLERS: OpenAPIObject['paths'] = {
  '/api/docs': {
    get: {
      tags: ['docs'],
      operationId: 'ApiReference',
      summary: 'The API reference',
      description:
        'This document rendered as a browsable reference (Swagger UI), with every operation, schema and security scheme. No authentication.',
      responses: { '200': html('the reference page') },
    },
  },
  '/api/docs-json': {
    get: {
      tags: ['docs'],
      operationId: 'OpenApiDocument',
      summary: 'The OpenAPI document',
      description:
        "This OpenAPI 3 document as JSON, the source of the SDK's types. No authentication. The WebSocket is described by the AsyncAPI document at /api/asyncapi.json.",
      responses: { '200': { description: 'the OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  '/socket': {
    get: {
      tags: ['machine'],
      operationId: 'OpenSocket',
      summary: 'Open the WebSocket',
      description:
        'Upgrades to the WebSocket whose messages the AsyncAPI document at /api/asyncapi.json describes. A service agent authenticates with a ' +
        'socket token in the `socket_token` query parameter (POST /api/v1/socket_tokens, scope `sockets:connect`, valid 600 s); an ' +
        "operator's browser with its session cookie. A plain GET without `Upgrade: websocket` is 404.",
      security: [{ 'socket-token': [] }, { session: [] }],
      responses: {
        '101': { description: 'switching protocols: the socket is open' },
        '401': { description: 'no valid socket token or session: the upgrade is refused' },
        '404': { description: 'not an upgrade request' },
      },
    },
  },
};

export function mountOpenApi(app: INestApplication, config: AppConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
