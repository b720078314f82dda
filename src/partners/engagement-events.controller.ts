import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { EngagementAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ENGAGEMENT_EVENT_LIST, EngagementEventEnvelopeDto, EngagementEventListDto, PostEngagementEventDto } from './dto/engagement.dto';
import { EngagementsService } from './engagements.service';
import { FailedAuthFilter } from './failed-auth.filter';
import { ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES, FAILED_AUTH_THROTTLE_TEXT } from './lifetimes';
import { CurrentEngagement } from './marketplace-auth.strategies';
import type { EngagementPrincipal } from './marketplace-principals';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'the id is not a UUID' });

/**
 * The engagement plane: `Authorization: Bearer <engagement token>` of this very engagement only.
 * Events land in the engagement's workspace and nowhere else.
 */
@ApiTags('engagement')
@UseFilters(FailedAuthFilter)
@Controller('api/v1/engagements/:id/events')
export class EngagementEventsController {
  constructor(private readonly engagements: EngagementsService) {}

  @EngagementAuth('engagement_events:write')
  @Post()
  @ApiOperation({
    summary: 'Post an engagement event',
    description:
      `A partner runtime, with an engagement token of this very engagement holding \`engagement_events:write\`, records an event (\`kind\` of 1 to 100 characters, optional JSON object \`payload\` of at most ${ENGAGEMENT_EVENT_PAYLOAD_MAX_BYTES / 1024} KiB) in the engagement's workspace. ` +
      'Answers 202 `{ engagement_event }`; 422 `validation_failed` for a bad body. ' +
      `Refusals: 401 \`invalid_token\`, \`token_expired\`, \`engagement_revoked\` or \`partner_key_expired\`; 403 \`partner_suspended\`, \`forbidden\` (a token of another engagement), a missing scope or a refused workspace; ${FAILED_AUTH_THROTTLE_TEXT}.`,
  })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EngagementEventEnvelopeDto })
  @ApiUnprocessableEntityResponse({ type: ProblemDto })
  @notFound
  async post(
    @CurrentEngagement() runtime: EngagementPrincipal,
    @Param('id', uuid) _id: string,
    @Body() dto: PostEngagementEventDto,
  ): Promise<EngagementEventEnvelopeDto> {
    return { engagement_event: await this.engagements.postEvent(runtime, dto.kind, dto.payload) };
  }

  @EngagementAuth('engagement_events:read')
  @Get()
  @ApiOperation({
    summary: "List the engagement's events",
    description:
      `A partner runtime, with an engagement token of this very engagement holding \`engagement_events:read\`: answers \`{ engagement_events, count, pagination }\`, newest first (limit ${ENGAGEMENT_EVENT_LIST.page.limit.min} to ${ENGAGEMENT_EVENT_LIST.page.limit.max}, default ${ENGAGEMENT_EVENT_LIST.page.limit.default}). ` +
      `Refusals: 401 \`invalid_token\`, \`token_expired\`, \`engagement_revoked\` or \`partner_key_expired\`; 403 \`partner_suspended\`, \`forbidden\` (a token of another engagement), a missing scope or a refused workspace; ${FAILED_AUTH_THROTTLE_TEXT}.`,
  })
  @ApiList(ENGAGEMENT_EVENT_LIST)
  @ApiOkResponse({ type: EngagementEventListDto })
  @notFound
  list(
    @CurrentEngagement() runtime: EngagementPrincipal,
    @Param('id', uuid) _id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EngagementEventListDto> {
    return this.engagements.listEventsForRuntime(runtime, parseList(ENGAGEMENT_EVENT_LIST, query));
  }
}
