import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { envDefault } from '../core/config/environment';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { formatDurationMs } from '../core/text/duration';
import { ordinal } from '../core/text/ordinal';
import { WorkspaceOperator } from '../sessions';
import {
  WEBHOOK_DELIVERY_LIST,
  WebhookDeliveryDetailEnvelopeDto,
  WebhookDeliveryEnvelopeDto,
  WebhookDeliveryListDto,
  WebhookPayloadDto,
} from './dto/webhook-delivery.dto';
import {
  CreateWebhookSubscriptionDto,
  UpdateWebhookSubscriptionDto,
  WEBHOOK_SUBSCRIPTION_LIST,
  WebhookSubscriptionEnvelopeDto,
  WebhookSubscriptionListDto,
  WebhookSubscriptionSecretEnvelopeDto,
} from './dto/webhook-subscription.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { SECRET_ROTATION_OVERLAP_MS, WEBHOOK_SUBSCRIPTIONS_MAX, WebhookSubscriptionsService } from './webhook-subscriptions.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'not found, not in this workspace, or not a UUID' });
const invalid = ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed (url, event_types, ...)' });
const dnsDown = ApiServiceUnavailableResponse({
  type: ProblemDto,
  description: 'dns_unavailable: the host could not be resolved now (production URL rule)',
});

const deliveryHeader = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * What the service sends to a subscription's URL and how it reads the answer, written out whole
 * (ApiCallbacks names only the body and one status): the receiver is reached with none of this
 * service's schemes (`security: []`), it checks the `webhook-signature` instead.
 */
const DELIVERY_CALLBACK = {
  operationId: 'WebhookDelivery',
  summary: 'Deliver an event to the subscription URL',
  description:
    "Each event is POSTed to the subscription's URL, signed the Standard Webhooks way with the subscription's secret. " +
    `An attempt that gets no 2xx within ${formatDurationMs(envDefault('WEBHOOK_TIMEOUT_MS'))} is retried with exponential backoff for ` +
    `${formatDurationMs(envDefault('WEBHOOK_RETRY_WINDOW_MS'), 'hour')} (both by default), and never sooner than the answer's \`retry-after\` asks.`,
  security: [],
  parameters: [
    deliveryHeader('webhook-id', 'the delivery id, the same on every attempt (the `id` of GET .../deliveries)'),
    deliveryHeader('webhook-timestamp', "this attempt's time in unix seconds"),
    deliveryHeader(
      'webhook-signature',
      '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` by the current secret and, for ' +
        `${formatDurationMs(SECRET_ROTATION_OVERLAP_MS, 'hour')} after a rotation, by the previous one too (space-separated)`,
    ),
  ],
  requestBody: { required: true, content: { 'application/json': { schema: { $ref: getSchemaPath(WebhookPayloadDto) } } } },
  responses: {
    '200': { description: 'any 2xx accepts the delivery' },
    '410': { description: 'Gone: the subscription is disabled and the delivery not retried' },
    default: { description: 'any other answer, or none in time, is retried' },
  },
};

/** Webhook subscriptions of the session's workspace and their deliveries: owners and admins. */
@ApiTags('operator')
@ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' })
@Controller('api/v1/operator/webhook_subscriptions')
export class WebhookSubscriptionsController {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  /** The signing secret is in this answer only. */
  @OperatorAuth({ role: 'admin' })
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a webhook subscription',
    description:
      'Owners and admins (session cookie). Subscribes `url` to `event_types` (known event types, or `["*"]` for every type, also ' +
      'those added later) and answers 201 with the subscription and its signing secret (`whsec_...`), shown only here: each event is ' +
      'POSTed as JSON signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with ' +
      `exponential backoff for ${formatDurationMs(envDefault('WEBHOOK_RETRY_WINDOW_MS'), 'hour')}, and a subscription failing for ${formatDurationMs(envDefault('WEBHOOK_DISABLE_AFTER_MS'))} (both by default) or answered 410 is disabled. The URL must be http(s) ` +
      'without credentials or fragment, and under the production URL policy https only, resolving to public addresses only; a refused ' +
      `URL, an unknown event type or a ${ordinal(WEBHOOK_SUBSCRIPTIONS_MAX + 1)} subscription of the workspace is 422 \`validation_failed\`, and a host that cannot be ` +
      'resolved right now 503 `dns_unavailable` with `retry-after`.',
    callbacks: { delivery: { '{$request.body#/url}': { post: DELIVERY_CALLBACK } } },
  })
  @ApiCreatedResponse({ type: WebhookSubscriptionSecretEnvelopeDto, description: 'the secret (whsec_...) is shown once' })
  @ApiExtraModels(WebhookPayloadDto)
  @invalid
  @dnsDown
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: CreateWebhookSubscriptionDto,
  ): Promise<WebhookSubscriptionSecretEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.create(op.workspaceId, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get()
  @ApiList(WEBHOOK_SUBSCRIPTION_LIST)
  @ApiOperation({
    summary: "List the workspace's webhook subscriptions",
    description:
      "Owners and admins (session cookie). The workspace's subscriptions newest first, without secrets, as `{ webhook_subscriptions, count, " +
      'pagination }`: `limit` 1 to 100 (default 50), `offset` 0 to 10000, and `status` (active or disabled) as `?status=` or ' +
      '`?filter[status]=` (the nested value wins). A bad value is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.',
  })
  @ApiOkResponse({ type: WebhookSubscriptionListDto, description: 'newest first, without secrets' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<WebhookSubscriptionListDto> {
    return this.subscriptions.list(op.workspaceId, parseList(WEBHOOK_SUBSCRIPTION_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id')
  @ApiOkResponse({ type: WebhookSubscriptionEnvelopeDto })
  @ApiOperation({
    summary: 'Get a webhook subscription',
    description:
      'Owners and admins (session cookie). The subscription without its secret, with why it is disabled (`operator`, `failing` or `gone`), since when ' +
      'its deliveries have been failing and until when the previous secret still signs. An unknown id, one of another workspace or ' +
      'one that is not a UUID is 404 `not_found`.',
  })
  @notFound
  async show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
  ): Promise<WebhookSubscriptionEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.show(op.workspaceId, id) };
  }

  /** Disabling fails the pending deliveries; enabling forgets past failures. */
  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
  @ApiOperation({
    summary: 'Update a webhook subscription',
    description:
      'Owners and admins (session cookie). Changes what the body gives of `url` (checked as at creation), `event_types`, `description` (null clears ' +
      'it) and `status`. `disabled` stops deliveries at once, the pending ones ending as failed; `active` re-enables and forgets past ' +
      'failures, but deliveries missed meanwhile are not sent (retry them one by one). 404 `not_found`, 422 `validation_failed` and 503 ' +
      '`dns_unavailable` as on create.',
  })
  @ApiOkResponse({ type: WebhookSubscriptionEnvelopeDto })
  @notFound
  @invalid
  @dnsDown
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateWebhookSubscriptionDto,
  ): Promise<WebhookSubscriptionEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.update(op.workspaceId, id, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a webhook subscription',
    description:
      'Owners and admins (session cookie). Deletes the subscription with its deliveries and answers 204; deliveries still queued are not sent. An ' +
      'unknown id, one of another workspace or one that is not a UUID is 404 `not_found`.',
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, with its deliveries' })
  @notFound
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.subscriptions.delete(op.workspaceId, id);
  }

  /** A new secret, shown once; the previous one keeps signing for 24 h. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/rotate_secret')
  @ApiOperation({
    summary: 'Rotate the signing secret of a webhook subscription',
    description:
      `Owners and admins (session cookie). Mints a new secret, shown only in this 200 answer with the subscription; for the next ${formatDurationMs(SECRET_ROTATION_OVERLAP_MS, 'hour')} deliveries ` +
      'are signed by both the new and the previous secret (two space-separated signatures in `webhook-signature`), so the receiver ' +
      'can switch without losing a delivery. 404 `not_found` for an unknown id.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookSubscriptionSecretEnvelopeDto })
  @notFound
  async rotateSecret(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
  ): Promise<WebhookSubscriptionSecretEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.rotateSecret(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'List the deliveries of a webhook subscription',
    description:
      'Owners and admins (session cookie). One delivery per event and subscription, newest first, as `{ deliveries, count, pagination }`, each with ' +
      'its status (`pending`, `succeeded` or `failed`), attempts, last response status and error, and when the next attempt is due: ' +
      '`limit` 1 to 100 (default 30), `offset` 0 to 10000, `status` as `?status=` or `?filter[status]=`. 404 `not_found` for an ' +
      'unknown subscription; a bad value is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.',
  })
  @ApiList(WEBHOOK_DELIVERY_LIST)
  @ApiOkResponse({ type: WebhookDeliveryListDto, description: 'newest first; an invalid status is 400 invalid_status' })
  @notFound
  listDeliveries(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<WebhookDeliveryListDto> {
    return this.deliveries.list(op.workspaceId, id, parseList(WEBHOOK_DELIVERY_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id/deliveries/:delivery_id')
  @ApiOperation({
    summary: 'Get a webhook delivery with its attempts',
    description:
      'Owners and admins (session cookie). The delivery with every recorded attempt, oldest first (number, whether it was a manual retry, start, ' +
      "duration, response status, error). 404 `not_found` when the subscription or the delivery is unknown, not the workspace's, " +
      'or not a UUID.',
  })
  @ApiOkResponse({ type: WebhookDeliveryDetailEnvelopeDto, description: 'with every attempt' })
  @notFound
  async showDelivery(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Param('delivery_id', uuidParam) deliveryId: string,
  ): Promise<WebhookDeliveryDetailEnvelopeDto> {
    return { delivery: await this.deliveries.show(op.workspaceId, id, deliveryId) };
  }

  /** Re-sends one delivery now (a new attempt, with the same webhook-id), even of a disabled subscription. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/deliveries/:delivery_id/retry')
  @ApiOperation({
    summary: 'Retry a webhook delivery now',
    description:
      'Owners and admins (session cookie). Re-sends one delivery at once, whatever its status and even for a disabled subscription: a new attempt ' +
      'with the same `webhook-id`. Answers 202 with the delivery, pending until the attempt is recorded; if that attempt fails ' +
      `within the retry window (${formatDurationMs(envDefault('WEBHOOK_RETRY_WINDOW_MS'), 'hour')} by default) of an active subscription, the automatic retries resume. 404 \`not_found\` for an unknown ` +
      'subscription or delivery.',
  })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: WebhookDeliveryEnvelopeDto, description: 'the delivery, pending until the attempt is made' })
  @notFound
  async retry(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Param('delivery_id', uuidParam) deliveryId: string,
  ): Promise<WebhookDeliveryEnvelopeDto> {
    return { delivery: await this.deliveries.retry(op.workspaceId, id, deliveryId) };
  }
}
