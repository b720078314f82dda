import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  WEBHOOK_DELIVERY_LIST,
  WebhookDeliveryDetailEnvelopeDto,
  WebhookDeliveryEnvelopeDto,
  WebhookDeliveryListDto,
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
import { WebhookSubscriptionsService } from './webhook-subscriptions.service';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'not found, not in this workspace, or not a UUID' });
const invalid = ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed (url, event_types, ...)' });
const dnsDown = ApiServiceUnavailableResponse({ type: ProblemDto, description: 'dns_unavailable: the host could not be resolved now (production URL rule)' });

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
  @ApiCreatedResponse({ type: WebhookSubscriptionSecretEnvelopeDto, description: 'the secret (whsec_...) is shown once' })
  @invalid
  @dnsDown
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: CreateWebhookSubscriptionDto): Promise<WebhookSubscriptionSecretEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.create(op.workspaceId, dto) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get()
  @ApiList(WEBHOOK_SUBSCRIPTION_LIST)
  @ApiOkResponse({ type: WebhookSubscriptionListDto, description: 'newest first, without secrets' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<WebhookSubscriptionListDto> {
    return this.subscriptions.list(op.workspaceId, parseList(WEBHOOK_SUBSCRIPTION_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id')
  @ApiOkResponse({ type: WebhookSubscriptionEnvelopeDto })
  @notFound
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<WebhookSubscriptionEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.show(op.workspaceId, id) };
  }

  /** Disabling fails the pending deliveries; enabling forgets past failures. */
  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
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
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, with its deliveries' })
  @notFound
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.subscriptions.delete(op.workspaceId, id);
  }

  /** A new secret, shown once; the previous one keeps signing for 24 h. */
  @OperatorAuth({ role: 'admin' })
  @Post(':id/rotate_secret')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookSubscriptionSecretEnvelopeDto })
  @notFound
  async rotateSecret(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<WebhookSubscriptionSecretEnvelopeDto> {
    return { webhook_subscription: await this.subscriptions.rotateSecret(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get(':id/deliveries')
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
