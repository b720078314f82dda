import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PartnerAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ENGAGEMENT_LIST, EngagementListDto, EngagementTokenEnvelopeDto, MintEngagementTokenDto } from './dto/engagement.dto';
import { EngagementsService } from './engagements.service';
import { FailedAuthFilter } from './failed-auth.filter';
import { ENGAGEMENT_TOKEN_DEFAULT_TTL_S, ENGAGEMENT_TOKEN_MAX_TTL_S, FAILED_AUTH_THROTTLE_TEXT } from './lifetimes';
import { CurrentPartner } from './marketplace-auth.strategies';
import type { PartnerPrincipal } from './marketplace-principals';

/** The partner plane: `Authorization: Bearer mpk_...` only; failed authentications are throttled per address. */
@ApiTags('partner')
@UseFilters(FailedAuthFilter)
@Controller('api/v1/partner')
export class PartnerController {
  constructor(private readonly engagements: EngagementsService) {}

  @PartnerAuth('engagements:read')
  @Get('engagements')
  @ApiOperation({
    summary: "List the partner's active engagements",
    description:
      "A marketplace partner, with `Authorization: Bearer mpk_...` holding `engagements:read`: answers `{ engagements, count, pagination }`, the partner's active engagements across workspaces, newest first. " +
      `Refusals: 401 \`invalid_token\` (also for any credential that is not an \`mpk_\` key) or \`partner_key_expired\`; 403 \`partner_suspended\` or a missing scope; ${FAILED_AUTH_THROTTLE_TEXT}.`,
  })
  @ApiList(ENGAGEMENT_LIST)
  @ApiOkResponse({ type: EngagementListDto, description: "this partner's active engagements" })
  list(@CurrentPartner() partner: PartnerPrincipal, @Query() query: Record<string, unknown>): Promise<EngagementListDto> {
    return this.engagements.listForPartner(partner, parseList(ENGAGEMENT_LIST, query));
  }

  /** A token for the engagement's runtime: shown once, only its SHA-256 is stored. */
  @PartnerAuth('engagement_tokens:write')
  @Post('engagements/:id/tokens')
  @ApiOperation({
    summary: 'Mint an engagement token',
    description:
      `A marketplace partner, with \`Authorization: Bearer mpk_...\` holding \`engagement_tokens:write\`, mints a token for the runtime of one of its active engagements: \`expires_in\` defaults to ${ENGAGEMENT_TOKEN_DEFAULT_TTL_S} s and is clamped to ${ENGAGEMENT_TOKEN_MAX_TTL_S} s (the effective value is returned), \`scopes\` only narrow the engagement's. ` +
      'Answers 201 `{ engagement_token }`, shown once (only its SHA-256 is stored); it works only while the engagement, the partner and the key that minted it are valid. ' +
      "404 `not_found` for an engagement that is not this partner's or not active; 422 `validation_failed` for a non-positive or non-integer `expires_in` or scopes beyond the engagement's; 403 when the workspace is frozen, paused or archived. " +
      `Refusals: 401 \`invalid_token\` (also for any credential that is not an \`mpk_\` key) or \`partner_key_expired\`; 403 \`partner_suspended\` or a missing scope; ${FAILED_AUTH_THROTTLE_TEXT}.`,
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: EngagementTokenEnvelopeDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: "not this partner's active engagement" })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'expires_in not a positive integer, or scopes beyond the engagement' })
  async mint(
    @CurrentPartner() partner: PartnerPrincipal,
    @Param('id', uuid) id: string,
    @Body() dto: MintEngagementTokenDto,
  ): Promise<EngagementTokenEnvelopeDto> {
    return { engagement_token: await this.engagements.mint(partner, id, dto.expires_in, dto.scopes) };
  }
}
