import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { AppValidationPipe } from '../core/common/validation/validation';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost, type FormField } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { formatDurationMs } from '../core/text/duration';
import { DOMAIN_EVENT_TYPES } from '../events';
import { ApiShownOnceAnswers, ApiShownOnceQuery, redirectShowingOnce, ShownOnce, WorkspaceOperator } from '../sessions';
import {
  ALL_EVENT_TYPES,
  CreateWebhookSubscriptionDto,
  UpdateWebhookSubscriptionDto,
  WEBHOOK_DELIVERY_LIST,
  WEBHOOK_DELIVERY_STATUSES,
  SECRET_ROTATION_OVERLAP_MS,
  WEBHOOK_SUBSCRIPTION_LIST,
  WebhookDeliveriesService,
  WebhookSubscriptionsService,
} from '../webhooks';
import { type SubscriptionForm, webhookPage, webhooksPage } from './webhook-pages';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const PAGE = '/app/webhooks';
const pipe = new AppValidationPipe();

/** The subscription form's fields, as subscriptionForm reads them. */
const SUBSCRIPTION_FIELDS: Record<string, FormField> = {
  url: {
    description: 'where deliveries are posted; in production https only, never a private, loopback or link-local address',
    required: true,
  },
  description: { description: 'a note for operators; empty clears it' },
  event_types: {
    description: 'one checkbox per event type to receive, or `*` alone for every type',
    enum: [ALL_EVENT_TYPES, ...DOMAIN_EVENT_TYPES],
    array: true,
  },
};
const NOT_FOUND = { description: 'not found, or not in this workspace' };

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
 * settings, enable/disable, secret rotation, deletion and recent deliveries with retry. A form
 * that makes a signing secret redirects (303) to the subscription's page, which shows it once
 * (ShownOnce, ADR 0265); when Redis cannot hold it, the form's own answer shows it (201).
 */
@ApiTags('pages')
@Controller(PAGE)
export class WebhooksPageController {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsService,
    private readonly deliveries: WebhookDeliveriesService,
    private readonly shownOnce: ShownOnce,
  ) {}

  @OperatorAuth({ role: 'admin', page: true })
  @Get()
  @ApiOperation({
    summary: 'Webhooks page',
    description:
      'Console page for owners and admins (operator session; none: redirect to the log-in page). ' +
      "Lists the workspace's webhook subscriptions with their URL, event types and status, with the query of `GET /api/v1/operator/webhook_subscriptions` (`status`, `limit`, `offset`; its 400s alike), and the form that adds one.",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the subscriptions and the form that adds one' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const notice = query.notice;
    sendPage(res, webhooksPage(op, await this.list(op, query), { notice: typeof notice === 'string' ? notice : undefined }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post()
  @ApiOperation({
    summary: 'Add a webhook subscription from the webhooks page',
    description:
      "The webhooks page's form (owners and admins), validated as the JSON body of the REST route is. " +
      "Answers 303 to the new subscription's page, which shows its `whsec_` signing secret once (`?shown=`; a reload shows the page without it); " +
      'should Redis not hold the secret, this answer is that page with it (201). ' +
      'An invalid URL or event type selection, or a 21st subscription in the workspace, gives 422: the form again with what to fix.',
  })
  @ApiFormPost(SUBSCRIPTION_FIELDS)
  @ApiShownOnceAnswers('the signing secret', 'the new subscription')
  @ApiUnprocessableEntityResponse({ description: 'the form again, with what to fix' })
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = subscriptionForm(body);
    let created: Awaited<ReturnType<WebhookSubscriptionsService['create']>>;
    try {
      created = await this.subscriptions.create(op.workspaceId, await validated(CreateWebhookSubscriptionDto, form));
    } catch (err) {
      if (!(err instanceof ValidationProblem)) throw err;
      return sendPage(res, webhooksPage(op, await this.list(op), { form, errors: err.fieldErrors }), 422);
    }
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: `${PAGE}/${created.id}`,
      secrets: { secret: created.secret },
      inline: () => sendPage(res, webhookPage(op, created, [], { shown: { secrets: { secret: created.secret } } }), 201),
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get(':id')
  @ApiOperation({
    summary: 'Webhook subscription page',
    description:
      'Console page for owners and admins. Shows one subscription with the forms that edit, enable or disable, rotate the secret of and delete it, ' +
      'and its 30 most recent deliveries (`?status=` pending, succeeded or failed filters them), each with a retry button. 404 for a subscription of another workspace.',
  })
  @ApiQuery({ name: 'status', required: false, enum: WEBHOOK_DELIVERY_STATUSES, description: 'show only the deliveries in this status' })
  @ApiShownOnceQuery('the new signing secret')
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'one subscription and its recent deliveries (?status= filters them); once after a creation or rotation, its new secret',
  })
  @ApiNotFoundResponse(NOT_FOUND)
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
    // taken once the subscription is known to be this workspace's: a 404 leaves the secret held
    const shown = await this.shownOnce.take(op.sessionId, `${PAGE}/${id}`, query.shown);
    sendPage(res, webhookPage(op, subscription, deliveries, { notice, status: q.filters.status, shown }));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id')
  @ApiOperation({
    summary: 'Edit a webhook subscription from its page',
    description:
      'The settings form of the subscription page (owners and admins): URL, description and event types, validated as the REST update is. ' +
      'Saved, it redirects back to the subscription; 422 renders the form again with what to fix.',
  })
  @ApiFormPost(SUBSCRIPTION_FIELDS)
  @ApiSeeOtherResponse({ description: 'saved; back to the subscription' })
  @ApiUnprocessableEntityResponse({ description: 'the form again, with what to fix' })
  @ApiNotFoundResponse(NOT_FOUND)
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
  @ApiOperation({
    summary: 'Enable or disable a webhook subscription',
    description:
      'The enable/disable button of the subscription page (owners and admins). `status=active` enables it and forgets its failure streak (deliveries missed meanwhile are not sent); ' +
      'any other value disables it, and its pending deliveries end as failed. Then back to the subscription.',
  })
  @ApiFormPost({ status: { description: '`active` enables the subscription; anything else disables it', enum: ['active', 'disabled'] } })
  @ApiNotFoundResponse(NOT_FOUND)
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

  /** The new secret is shown once by the subscription's page this redirects to; a reload there rotates nothing. */
  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/rotate')
  @ApiOperation({
    summary: "Rotate a webhook subscription's signing secret",
    description:
      "The rotate button of the subscription page (owners and admins). Mints a new `whsec_` secret and answers 303 to the subscription's page, which shows it once " +
      '(`?shown=`; a reload shows the page without it and rotates nothing; should Redis not hold it, this answer is that page with it, 201); ' +
      `for ${formatDurationMs(SECRET_ROTATION_OVERLAP_MS, 'hour')} deliveries carry signatures by both the old and the new secret, so receivers can switch without losing one.`,
  })
  @ApiFormPost()
  @ApiShownOnceAnswers('the new signing secret', 'the subscription')
  @ApiNotFoundResponse(NOT_FOUND)
  async rotate(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const rotated = await this.subscriptions.rotateSecret(op.workspaceId, id);
    await redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: `${PAGE}/${id}`,
      secrets: { secret: rotated.secret },
      inline: async () => {
        const { deliveries } = await this.deliveries.list(op.workspaceId, id, parseList(WEBHOOK_DELIVERY_LIST, {}));
        sendPage(res, webhookPage(op, rotated, deliveries, { shown: { secrets: { secret: rotated.secret } } }), 201);
      },
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/delete')
  @ApiOperation({
    summary: 'Delete a webhook subscription',
    description:
      'The delete button of the subscription page (owners and admins). Deletes the subscription and its deliveries, then redirects to the webhooks page.',
  })
  @ApiFormPost()
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiSeeOtherResponse({ description: 'deleted; back to the list' })
  async delete(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.subscriptions.delete(op.workspaceId, id);
    res.redirect(303, `${PAGE}?notice=deleted`);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':id/deliveries/:delivery_id/retry')
  @ApiOperation({
    summary: 'Retry a webhook delivery',
    description:
      "The retry button of a delivery on the subscription page (owners and admins). Queues a new attempt of that delivery now, whatever its status or its subscription's, " +
      "then redirects back to the subscription. 404 for a delivery that is not the subscription's.",
  })
  @ApiFormPost()
  @ApiNotFoundResponse(NOT_FOUND)
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

  /** A page of the subscriptions, with the query of GET /api/v1/operator/webhook_subscriptions (status, limit, offset). */
  private async list(op: WorkspaceOperatorPrincipal, query: Record<string, unknown> = {}) {
    const q = parseList(WEBHOOK_SUBSCRIPTION_LIST, withoutEmptyFilters(query));
    const list = await this.subscriptions.list(op.workspaceId, q);
    return { q, subscriptions: list.webhook_subscriptions, total: list.pagination.total };
  }
}
