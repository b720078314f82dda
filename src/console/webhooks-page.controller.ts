import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { AppValidationPipe } from '../core/common/validation/validation';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import {
  CreateWebhookSubscriptionDto,
  UpdateWebhookSubscriptionDto,
  WEBHOOK_DELIVERY_LIST,
  WEBHOOK_SUBSCRIPTION_LIST,
  WebhookDeliveriesService,
  WebhookSubscriptionsService,
} from '../webhooks';
import { type SubscriptionForm, webhookPage, webhooksPage } from './webhook-pages';

const PAGE = '/app/webhooks';
const pipe = new AppValidationPipe();

/** A subscription form as posted: checkboxes give one string or several, an empty description clears it. */
function subscriptionForm(body: Record<string, unknown> | undefined): SubscriptionForm {
  const types = body?.event_types;
  const description = typeof body?.description === 'string' ? body.description.trim() : undefined;
  return {
    url: typeof body?.url === 'string' ? body.url : undefined,
    description: description ? description : null,
    event_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : typeof types === 'string' ? [types] : [],
  };
}

/** The form, validated as the REST body would be (the same DTO and messages). */
const validated = <T>(metatype: new () => T, form: SubscriptionForm): Promise<T> =>
  pipe.transform({ ...form }, { type: 'body', metatype }) as Promise<T>;

/**
 * The webhooks console (owners and admins): list and add subscriptions, then per subscription its
 * settings, enable/disable, secret rotation, deletion and recent deliveries with retry. Secrets
 * are shown in the answer to the POST that made them (no redirect), never again.
 */
@ApiTags('pages')
@Controller(PAGE)
export class WebhooksPageController {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the subscriptions and the form that adds one' })
  async index(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    sendPage(res, webhooksPage(op, await this.list(op), { notice: typeof notice === 'string' ? notice : undefined }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post()
  @HttpCode(201)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new subscription with its secret, shown once (422: the form again, with what to fix)' })
  async create(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const form = subscriptionForm(body);
    try {
      const created = await this.subscriptions.create(op.workspaceId, await validated(CreateWebhookSubscriptionDto, form));
      sendPage(res, webhookPage(op, created, [], { secret: created.secret }), 201);
    } catch (err) {
      if (!(err instanceof ValidationProblem)) throw err;
      sendPage(res, webhooksPage(op, await this.list(op), { form, errors: err.fieldErrors }), 422);
    }
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get(':id')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'one subscription and its recent deliveries (?status= filters them)' })
  async show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const q = parseList(WEBHOOK_DELIVERY_LIST, { status: query.status });
    const subscription = await this.subscriptions.show(op.workspaceId, id);
    const { deliveries } = await this.deliveries.list(op.workspaceId, id, q);
    const notice = typeof query.notice === 'string' ? query.notice : undefined;
    sendPage(res, webhookPage(op, subscription, deliveries, { notice, status: q.filters.status }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'saved; back to the subscription (422: the form again)' })
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = subscriptionForm(body);
    try {
      await this.subscriptions.update(op.workspaceId, id, await validated(UpdateWebhookSubscriptionDto, form));
      res.redirect(303, `${PAGE}/${id}?notice=saved`);
    } catch (err) {
      if (!(err instanceof ValidationProblem)) throw err;
      const subscription = await this.subscriptions.show(op.workspaceId, id);
      sendPage(res, webhookPage(op, subscription, [], { form, errors: err.fieldErrors }), 422);
    }
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/status')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'enabled or disabled; back to the subscription' })
  async setStatus(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const status = body?.status === 'active' ? 'active' : 'disabled';
    await this.subscriptions.update(op.workspaceId, id, { status });
    res.redirect(303, `${PAGE}/${id}?notice=${status === 'active' ? 'enabled' : 'disabled'}`);
  }

  /** The new secret is in this answer only (not a redirect, so a reload cannot show it again). */
  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/rotate')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the subscription with its new secret, shown once' })
  async rotate(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    const rotated = await this.subscriptions.rotateSecret(op.workspaceId, id);
    const { deliveries } = await this.deliveries.list(op.workspaceId, id, parseList(WEBHOOK_DELIVERY_LIST, {}));
    sendPage(res, webhookPage(op, rotated, deliveries, { secret: rotated.secret }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/delete')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'deleted; back to the list' })
  async delete(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string, @Res() res: Response): Promise<void> {
    await this.subscriptions.delete(op.workspaceId, id);
    res.redirect(303, `${PAGE}?notice=deleted`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/deliveries/:delivery_id/retry')
  @ApiProduces('text/html')
  @ApiSeeOtherResponse({ description: 'a new attempt is queued; back to the subscription' })
  async retry(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Param('delivery_id', uuidParam) deliveryId: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.deliveries.retry(op.workspaceId, id, deliveryId);
    res.redirect(303, `${PAGE}/${id}?notice=retried`);
  }

  private async list(op: WorkspaceOperatorPrincipal) {
    return (await this.subscriptions.list(op.workspaceId, parseList(WEBHOOK_SUBSCRIPTION_LIST, { limit: '100' }))).webhook_subscriptions;
  }
}
