import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { sendPage } from '../core/pages/layout';
import { WorkspaceOperator } from '../sessions';
import type { WorkspaceOperatorPrincipal } from '../sessions';
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
import { ENGAGEMENT_SCOPES } from './partner-scopes';
import { PartnersService } from './partners.service';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' });
const PAGE = '/app/engagements';

/** A workspace's grants to marketplace partners: owners and admins of the session's workspace. */
@ApiTags('operator')
@ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' })
@Controller()
export class OperatorEngagementsController {
  constructor(
    private readonly engagements: EngagementsService,
    private readonly partners: PartnersService,
  ) {}

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/partners')
  @ApiList(ACTIVE_PARTNER_LIST)
  @ApiOkResponse({ type: PartnerSummaryListDto, description: 'the active partners (id, name) this workspace may engage' })
  listPartners(@Query() query: Record<string, unknown>): Promise<PartnerSummaryListDto> {
    return this.partners.listActive(parseList(ACTIVE_PARTNER_LIST, query));
  }

  @OperatorAuth({ role: 'admin' })
  @Post('api/v1/operator/engagements')
  @HttpCode(201)
  @ApiCreatedResponse({ type: EngagementEnvelopeDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'engagement_exists: the partner already has an active engagement here' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed (an unknown or suspended partner_id included)' })
  async grant(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() dto: GrantEngagementDto): Promise<EngagementEnvelopeDto> {
    return { engagement: await this.engagements.grant(op.workspaceId, op.userId, dto.partner_id, dto.scopes) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/engagements')
  @ApiList(ENGAGEMENT_LIST)
  @ApiOkResponse({ type: EngagementListDto })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<EngagementListDto> {
    return this.engagements.listForWorkspace(op.workspaceId, parseList(ENGAGEMENT_LIST, query));
  }

  /** Every token minted under the engagement stops at once, on every node. Idempotent. */
  @OperatorAuth({ role: 'admin' })
  @Post('api/v1/operator/engagements/:id/revoke')
  @HttpCode(200)
  @ApiOkResponse({ type: EngagementEnvelopeDto })
  @notFound
  async revoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuid) id: string): Promise<EngagementEnvelopeDto> {
    return { engagement: await this.engagements.revoke(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Get('api/v1/operator/engagements/:id/events')
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
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'engagements with grant and revoke' })
  async page(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Res() res: Response): Promise<void> {
    const [engagements, partners] = await Promise.all([
      this.engagements.listForWorkspace(op.workspaceId, parseList(ENGAGEMENT_LIST, { limit: '100' })),
      this.partners.listActive(parseList(ACTIVE_PARTNER_LIST, { limit: '100' })),
    ]);
    sendPage(res, engagementsPage(op.email, engagements.engagements, partners.partners));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Get('app/engagements/:id')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'one engagement and its latest events' })
  async eventsPage(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    const { engagement, events } = await this.engagements.showWithEvents(op.workspaceId, id, parseList(ENGAGEMENT_EVENT_LIST, {}));
    sendPage(res, engagementEventsPage(op.email, engagement, events.engagement_events));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('app/engagements')
  @ApiExcludeEndpoint()
  async pageGrant(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.engagements.grant(op.workspaceId, op.userId, formUuid(body, 'partner_id'), formChoices(body, 'scopes', ENGAGEMENT_SCOPES));
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('app/engagements/:id/revoke')
  @ApiExcludeEndpoint()
  async pageRevoke(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    await this.engagements.revoke(op.workspaceId, id);
    res.redirect(303, PAGE);
  }
}
