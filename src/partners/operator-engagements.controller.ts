import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ENGAGEMENT_SCOPES, OperatorAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import {
  ENGAGEMENT_EVENT_LIST,
  ENGAGEMENT_LIST,
  EngagementEnvelopeDto,
  EngagementEventListDto,
  EngagementListDto,
  GrantEngagementDto,
} from './dto/engagement.dto';
import { ACTIVE_PARTNER_LIST, PartnerSummaryListDto } from './dto/partner.dto';
import { EngagementsService } from './engagements.service';
import { formChoices, formUuid } from './page-forms';
import { engagementEventsPage, engagementsPage } from './partner-pages';
import { PartnersService } from './partners.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' });
const PAGE = '/app/engagements';

/**
 * A workspace's grants to marketplace partners: owners and admins of the session's workspace.
 * The /app/engagements pages and forms carry the `pages` tag besides `operator`: Swagger adds a
 * method's tags to the controller's, and names a controller without tags after its class, so one
 * tag per route would take `autoTagControllers: false` in the document options.
 */
@ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' })
@Controller()
export class OperatorEngagementsController {
  constructor(
    private readonly engagements: EngagementsService,
    private readonly partners: PartnersService,
  ) {}

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/partners')
  @ApiTags('operator')
  @ApiOperation({
    summary: 'List the partners the workspace may engage',
    description:
      'Owners and admins of the workspace (session cookie): answers `{ partners, count, pagination }`, the active marketplace partners (id and name only), newest first, to pick one to grant an engagement to.',
  })
  @ApiList(ACTIVE_PARTNER_LIST)
  @ApiOkResponse({ type: PartnerSummaryListDto, description: 'the active partners (id, name) this workspace may engage' })
  listPartners(@Query() query: Record<string, unknown>): Promise<PartnerSummaryListDto> {
    return this.partners.listActive(parseList(ACTIVE_PARTNER_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api/v1/operator/engagements')
  @ApiTags('operator')
  @ApiOperation({
    summary: 'Grant an engagement to a partner',
    description:
      'Owners and admins of the workspace (session cookie): grants the active partner `partner_id` an engagement in this workspace with `scopes` (default: every engagement scope), under which the partner mints engagement tokens. ' +
      'Answers 201 `{ engagement }`; 409 `engagement_exists` when the partner already has an active engagement here; 422 `validation_failed` for a bad body or a partner that is unknown or suspended.',
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: EngagementEnvelopeDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'engagement_exists: the partner already has an active engagement here' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed (an unknown or suspended partner_id included)' })
  async grant(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: GrantEngagementDto): Promise<EngagementEnvelopeDto> {
    return { engagement: await this.engagements.grant(op.workspaceId, op.userId, dto.partner_id, dto.scopes) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/engagements')
  @ApiTags('operator')
  @ApiOperation({
    summary: "List the workspace's engagements",
    description:
      "Owners and admins of the workspace (session cookie): answers `{ engagements, count, pagination }`, the workspace's engagements (active and revoked), newest first.",
  })
  @ApiList(ENGAGEMENT_LIST)
  @ApiOkResponse({ type: EngagementListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EngagementListDto> {
    return this.engagements.listForWorkspace(op.workspaceId, parseList(ENGAGEMENT_LIST, query));
  }

  /** Every token minted under the engagement stops at once, on every node. Idempotent. */
  @OperatorAuth({ role: 'admin' })
  @Post('api/v1/operator/engagements/:id/revoke')
  @ApiTags('operator')
  @ApiOperation({
    summary: 'Revoke an engagement',
    description:
      'Owners and admins of the workspace (session cookie): the engagement becomes `revoked` and every token minted under it is refused at once on every node (401 `engagement_revoked`). ' +
      'Idempotent: a revoked engagement is answered unchanged. Answers `{ engagement }`; 404 `not_found` for an engagement of another workspace.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: EngagementEnvelopeDto })
  @notFound
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuid) id: string): Promise<EngagementEnvelopeDto> {
    return { engagement: await this.engagements.revoke(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/engagements/:id/events')
  @ApiTags('operator')
  @ApiOperation({
    summary: "List an engagement's events",
    description:
      "Owners and admins of the workspace (session cookie): answers `{ engagement_events, count, pagination }`, the events the partner's runtime posted under the engagement, newest first (limit 1 to 100, default 50). 404 `not_found` for an engagement of another workspace.",
  })
  @ApiList(ENGAGEMENT_EVENT_LIST)
  @ApiOkResponse({ type: EngagementEventListDto })
  @notFound
  events(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EngagementEventListDto> {
    return this.engagements.listEventsForWorkspace(op.workspaceId, id, parseList(ENGAGEMENT_EVENT_LIST, query));
  }

  // ---- the /app/engagements pages -------------------------------------------------------------

  @OperatorAuth({ role: 'admin', page: true })
  @Get('app/engagements')
  @ApiTags('pages')
  @ApiOperation({
    summary: 'Engagements page',
    description:
      "The console page of the workspace's newest 100 engagements, with a form to grant one to an active partner and a revoke button on each active one. " +
      'Owners and admins of the workspace (session cookie); without a session, a redirect to the log-in page.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'engagements with grant and revoke' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const [engagements, partners] = await Promise.all([
      this.engagements.listForWorkspace(op.workspaceId, parseList(ENGAGEMENT_LIST, { limit: '100' })),
      this.partners.listActive(parseList(ACTIVE_PARTNER_LIST, { limit: '100' })),
    ]);
    sendPage(res, engagementsPage(consoleChrome(op), engagements.engagements, partners.partners));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get('app/engagements/:id')
  @ApiTags('pages')
  @ApiOperation({
    summary: 'Engagement events page',
    description:
      'The console page of one engagement and its newest 50 events. Owners and admins of the workspace (session cookie); without a session, a redirect to the log-in page. An engagement of another workspace is a 404 error page.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'one engagement and its latest events' })
  async eventsPage(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const { engagement, events } = await this.engagements.showWithEvents(op.workspaceId, id, parseList(ENGAGEMENT_EVENT_LIST, {}));
    sendPage(res, engagementEventsPage(consoleChrome(op), engagement, events.engagement_events));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('app/engagements')
  @ApiTags('pages')
  @ApiOperation({
    summary: 'Grant an engagement from the page',
    description:
      'The grant form of /app/engagements, for owners and admins (session cookie): grants the chosen active partner an engagement with the ticked scopes, then a 303 redirect back to the page. ' +
      'A partner that already has an active engagement here is a 409 error page; a bad field, or a partner that is unknown or suspended, a 422 error page.',
  })
  @ApiFormPost({
    partner_id: { description: 'the active partner to engage (a UUID)', required: true },
    scopes: { description: 'ticked engagement scopes (at least one)', enum: ENGAGEMENT_SCOPES, required: true, array: true },
  })
  @ApiSeeOtherResponse({ description: 'granted: to /app/engagements' })
  @ApiConflictResponse({ description: 'engagement_exists: an error page' })
  @ApiUnprocessableEntityResponse({ description: 'a field is invalid: an error page' })
  async pageGrant(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.engagements.grant(op.workspaceId, op.userId, formUuid(body, 'partner_id'), formChoices(body, 'scopes', ENGAGEMENT_SCOPES));
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('app/engagements/:id/revoke')
  @ApiTags('pages')
  @ApiOperation({
    summary: 'Revoke an engagement from the page',
    description:
      'The revoke button of /app/engagements, for owners and admins (session cookie): every token minted under the engagement is refused at once, then a 303 redirect back to the page. ' +
      'Idempotent; an engagement of another workspace is a 404 error page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'revoked: to /app/engagements' })
  @ApiNotFoundResponse({ description: 'not found, or not in this workspace: an error page' })
  async pageRevoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuid) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.engagements.revoke(op.workspaceId, id);
    res.redirect(303, PAGE);
  }
}
