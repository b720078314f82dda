import { Body, Controller, Get, HttpCode, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { PartnerAuth } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ENGAGEMENT_LIST, EngagementListDto, EngagementTokenEnvelopeDto, MintEngagementTokenDto } from './dto/engagement.dto';
import { EngagementsService } from './engagements.service';
import { FailedAuthFilter } from './failed-auth.filter';
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
  @ApiList(ENGAGEMENT_LIST)
  @ApiOkResponse({ type: EngagementListDto, description: "this partner's active engagements" })
  list(@CurrentPartner() partner: PartnerPrincipal, @Query() query: Record<string, unknown>): Promise<EngagementListDto> {
    return this.engagements.listForPartner(partner, parseList(ENGAGEMENT_LIST, query));
  }

  /** A token for the engagement's runtime: shown once, only its SHA-256 is stored. */
  @PartnerAuth('engagement_tokens:write')
  @Post('engagements/:id/tokens')
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
