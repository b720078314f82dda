import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExcludeEndpoint,
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
import { CurrentOperator } from '../sessions';
import type { OperatorPrincipal } from '../sessions';
import {
  CreatePartnerDto,
  IssuedPartnerKeyEnvelopeDto,
  PARTNER_LIST,
  PARTNER_NAME_MAX,
  PartnerEnvelopeDto,
  PartnerListDto,
  RotatePartnerKeyDto,
  UpdatePartnerDto,
} from './dto/partner.dto';
import { ROTATION_MAX_GRACE_S } from './lifetimes';
import { formChoices, formInteger, formName, formText } from './page-forms';
import { adminPartnersPage } from './partner-pages';
import { PARTNER_SCOPES } from './partner-scopes';
import { PartnersService } from './partners.service';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'no such partner' });
const invalid = ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' });
const PAGE = '/admin/partners';

/** Partners, for platform admins only (PLATFORM_ADMIN_EMAILS); everyone else 403. */
@ApiTags('admin')
@Controller()
export class AdminPartnersController {
  constructor(private readonly partners: PartnersService) {}

  /** The key is in this response only; only the SHA-256 of its secret is stored. */
  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners')
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedPartnerKeyEnvelopeDto })
  @invalid
  issue(@Body() dto: CreatePartnerDto): Promise<IssuedPartnerKeyEnvelopeDto> {
    return this.partners.issue(dto.name, dto.scopes);
  }

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/partners')
  @ApiList(PARTNER_LIST)
  @ApiOkResponse({ type: PartnerListDto })
  list(@Query() query: Record<string, unknown>): Promise<PartnerListDto> {
    return this.partners.list(parseList(PARTNER_LIST, query));
  }

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/partners/:id')
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async show(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.get(id) };
  }

  /** Narrowed scopes bind the partner's key at once, on every node. */
  @OperatorAuth({ platformAdmin: true })
  @Patch('api/v1/admin/partners/:id')
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  @invalid
  async update(@Param('id', uuid) id: string, @Body() dto: UpdatePartnerDto): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.update(id, dto) };
  }

  /** A new key (shown once); the old one works for `grace_period_seconds` more (default 0: it stops at once). */
  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners/:id/rotate')
  @HttpCode(200)
  @ApiOkResponse({ type: IssuedPartnerKeyEnvelopeDto })
  @notFound
  @invalid
  rotate(@Param('id', uuid) id: string, @Body() dto: RotatePartnerKeyDto): Promise<IssuedPartnerKeyEnvelopeDto> {
    return this.partners.rotate(id, dto.grace_period_seconds);
  }

  /** The key and every engagement token under the partner are refused (403 partner_suspended) at once. */
  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners/:id/suspend')
  @HttpCode(200)
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async suspend(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.setStatus(id, 'suspended') };
  }

  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners/:id/reinstate')
  @HttpCode(200)
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async reinstate(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.setStatus(id, 'active') };
  }

  // ---- the /admin/partners page ---------------------------------------------------------------

  @OperatorAuth({ platformAdmin: true, page: true })
  @Get('admin/partners')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'partners with status, scopes, last use and actions' })
  async page(@CurrentOperator() op: OperatorPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    sendPage(res, adminPartnersPage(op.email, await this.partners.list(parseList(PARTNER_LIST, query))));
  }

  /** Issue from the page: the key is shown in this response only (no redirect, so a reload cannot show it). */
  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners')
  @ApiExcludeEndpoint()
  async pageIssue(@CurrentOperator() op: OperatorPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const issued = await this.partners.issue(formName(body, 'name', PARTNER_NAME_MAX), formChoices(body, 'scopes', PARTNER_SCOPES));
    const list = await this.partners.list(parseList(PARTNER_LIST, {}));
    sendPage(res, adminPartnersPage(op.email, list, { key: issued.partner_key, partner: issued.partner }), 201);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id')
  @ApiExcludeEndpoint()
  async pageUpdate(@Param('id', uuid) id: string, @Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.partners.update(id, { name: formText(body, 'name'), scopes: formChoices(body, 'scopes', PARTNER_SCOPES) });
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/rotate')
  @ApiExcludeEndpoint()
  async pageRotate(@CurrentOperator() op: OperatorPrincipal, @Param('id', uuid) id: string, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const rotated = await this.partners.rotate(id, formInteger(body, 'grace_period_seconds', 0, ROTATION_MAX_GRACE_S));
    const list = await this.partners.list(parseList(PARTNER_LIST, {}));
    sendPage(res, adminPartnersPage(op.email, list, { key: rotated.partner_key, partner: rotated.partner }), 201);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/suspend')
  @ApiExcludeEndpoint()
  async pageSuspend(@Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    await this.partners.setStatus(id, 'suspended');
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/reinstate')
  @ApiExcludeEndpoint()
  async pageReinstate(@Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    await this.partners.setStatus(id, 'active');
    res.redirect(303, PAGE);
  }
}
