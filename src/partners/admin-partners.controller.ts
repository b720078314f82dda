import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth, PARTNER_SCOPES } from '../auth';
import { uuidParam as uuid } from '../core/common/http/uuid-param';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { ApiShownOnceAnswers, ApiShownOnceQuery, consoleChrome, CurrentOperator, redirectShowingOnce, ShownOnce } from '../sessions';
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
import { formChoices, formInteger, formName, formOptionalName } from './page-forms';
import { adminPartnersPage } from './partner-pages';
import { PartnersService } from './partners.service';
import type { OperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const notFound = ApiNotFoundResponse({ type: ProblemDto, description: 'no such partner' });
const invalid = ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' });
// The page's forms answer a browser with an error page (HTML), an API client with a problem body.
const pageNotFound = ApiNotFoundResponse({ description: 'no such partner: an error page' });
const pageInvalid = ApiUnprocessableEntityResponse({ description: 'a field is invalid: an error page' });
const PAGE = '/admin/partners';
const LIST_PAGE = PARTNER_LIST.page;

/** Partners, for platform admins only (PLATFORM_ADMIN_EMAILS); everyone else 403. */
@ApiTags('admin')
@Controller()
export class AdminPartnersController {
  constructor(
    private readonly partners: PartnersService,
    private readonly shownOnce: ShownOnce,
  ) {}

  /** The key is in this response only; only the SHA-256 of its secret is stored. */
  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners')
  @ApiOperation({
    summary: 'Create a marketplace partner and its key',
    description:
      'Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): creates an active partner with `name` and `scopes` (`engagements:read`, `engagement_tokens:write`). ' +
      'Answers 201 `{ partner, partner_key }`: the `mpk_` key is in this response only, and only the SHA-256 of its secret is stored. 422 `validation_failed` for a bad name or an empty or unknown scope.',
  })
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssuedPartnerKeyEnvelopeDto })
  @invalid
  issue(@Body() dto: CreatePartnerDto): Promise<IssuedPartnerKeyEnvelopeDto> {
    return this.partners.issue(dto.name, dto.scopes);
  }

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/partners')
  @ApiOperation({
    summary: 'List the marketplace partners',
    description:
      'Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): answers `{ partners, count, pagination }`, every partner (active and suspended), newest first, with its scopes, current key prefix and last use.',
  })
  @ApiList(PARTNER_LIST)
  @ApiOkResponse({ type: PartnerListDto })
  list(@Query() query: Record<string, unknown>): Promise<PartnerListDto> {
    return this.partners.list(parseList(PARTNER_LIST, query));
  }

  @OperatorAuth({ platformAdmin: true })
  @Get('api/v1/admin/partners/:id')
  @ApiOperation({
    summary: 'Show a marketplace partner',
    description:
      'Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): answers `{ partner }` with its status, scopes, current key prefix and last use. 404 `not_found` for an unknown id.',
  })
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async show(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.get(id) };
  }

  /** Narrowed scopes bind the partner's key at once, on every node. */
  @OperatorAuth({ platformAdmin: true })
  @Patch('api/v1/admin/partners/:id')
  @ApiOperation({
    summary: 'Rename a partner or change its scopes',
    description:
      "Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): changes `name` and/or `scopes` and answers `{ partner }`. Narrowed scopes bind the partner's keys at once on every node. " +
      '404 `not_found` for an unknown id; 422 `validation_failed` for a bad name or an empty or unknown scope.',
  })
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  @invalid
  async update(@Param('id', uuid) id: string, @Body() dto: UpdatePartnerDto): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.update(id, dto) };
  }

  /** A new key (shown once); the old one works for `grace_period_seconds` more (default 0: it stops at once). */
  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners/:id/rotate')
  @ApiOperation({
    summary: "Rotate a partner's key",
    description:
      'Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): issues a new `mpk_` key, shown in this response only (`{ partner, partner_key }`). ' +
      'The old key keeps working for `grace_period_seconds` (0 to 604800, default 0: it stops at once); when it stops, the engagement tokens it minted stop with it. 404 `not_found` for an unknown id; 422 `validation_failed` for a grace period out of range.',
  })
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
  @ApiOperation({
    summary: 'Suspend a partner',
    description:
      "Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): the partner's key and every engagement token under it are refused at once on every node (403 `partner_suspended`). " +
      'Idempotent; answers `{ partner }`. 404 `not_found` for an unknown id.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async suspend(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.setStatus(id, 'suspended') };
  }

  @OperatorAuth({ platformAdmin: true })
  @Post('api/v1/admin/partners/:id/reinstate')
  @ApiOperation({
    summary: 'Reinstate a suspended partner',
    description:
      'Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): the partner becomes active again, and its unexpired key and the engagement tokens under it are accepted again. Idempotent; answers `{ partner }`. 404 `not_found` for an unknown id.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: PartnerEnvelopeDto })
  @notFound
  async reinstate(@Param('id', uuid) id: string): Promise<PartnerEnvelopeDto> {
    return { partner: await this.partners.setStatus(id, 'active') };
  }

  // ---- the /admin/partners page ---------------------------------------------------------------

  @OperatorAuth({ platformAdmin: true, page: true })
  @Get('admin/partners')
  @ApiOperation({
    summary: 'Marketplace partners page',
    description:
      'The platform admin page of the partners, with status, scopes, last use, and forms to issue, edit, rotate, suspend and reinstate. ' +
      'Platform admins only (session cookie; without one a redirect to the log-in page, anyone else a 403 page). Pages with `limit` and `offset` as the REST list does.',
  })
  @ApiProduces('text/html')
  @ApiQuery({
    name: 'offset',
    required: false,
    schema: { type: 'integer', minimum: LIST_PAGE.offset?.min, maximum: LIST_PAGE.offset?.max, default: 0 },
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: LIST_PAGE.limit.min, maximum: LIST_PAGE.limit.max, default: LIST_PAGE.limit.default },
  })
  @ApiShownOnceQuery('the new key')
  @ApiOkResponse({ description: 'partners with status, scopes, last use and actions; once after an issue or rotation, the new key' })
  @ApiBadRequestResponse({ description: 'invalid_limit or invalid_offset: an error page' })
  async page(@CurrentOperator() op: OperatorPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const { shown, ...listQuery } = query;
    const list = await this.partners.list(parseList(PARTNER_LIST, listQuery));
    sendPage(res, adminPartnersPage(consoleChrome(op), list, await this.shownOnce.take(op.sessionId, PAGE, shown)));
  }

  /** Issue from the page: the key is shown once by the page this redirects to (a reload there issues nothing). */
  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners')
  @ApiOperation({
    summary: 'Create a partner from the page',
    description:
      'The issue form of /admin/partners, for platform admins (session cookie): creates an active partner with the ticked scopes. ' +
      'Answers 303 to the page, which shows the new `mpk_` key once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201). ' +
      'A bad field is a 422 error page.',
  })
  @ApiFormPost({
    name: { description: 'the partner name, 1 to 120 characters', required: true },
    scopes: { description: 'ticked scopes (at least one)', enum: PARTNER_SCOPES, required: true, array: true },
  })
  @ApiShownOnceAnswers('the new key', '/admin/partners')
  @pageInvalid
  async pageIssue(@CurrentOperator() op: OperatorPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const issued = await this.partners.issue(formName(body, 'name', PARTNER_NAME_MAX), formChoices(body, 'scopes', PARTNER_SCOPES));
    await this.showKey(op, res, issued);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id')
  @ApiOperation({
    summary: 'Edit a partner from the page',
    description:
      'The edit form of a partner on /admin/partners, for platform admins (session cookie): sets the ticked scopes (at least one; narrowed scopes bind its keys at once) and the name when one is given, then a 303 redirect back to the page. ' +
      'An unknown partner is a 404 error page, a bad field a 422 error page.',
  })
  @ApiFormPost({
    name: { description: 'the new name, 1 to 120 characters; empty keeps the current one' },
    scopes: { description: 'ticked scopes (at least one)', enum: PARTNER_SCOPES, required: true, array: true },
  })
  @ApiSeeOtherResponse({ description: 'saved: to /admin/partners' })
  @pageNotFound
  @pageInvalid
  async pageUpdate(@Param('id', uuid) id: string, @Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.partners.update(id, {
      name: formOptionalName(body, 'name', PARTNER_NAME_MAX),
      scopes: formChoices(body, 'scopes', PARTNER_SCOPES),
    });
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/rotate')
  @ApiOperation({
    summary: "Rotate a partner's key from the page",
    description:
      'The rotate form of a partner on /admin/partners, for platform admins (session cookie): issues a new `mpk_` key; the old one works for `grace_period_seconds` more (0 to 604800, default 0). ' +
      'Answers 303 to the page, which shows the new key once (`?shown=`, as the issue form). An unknown partner is a 404 error page, a bad grace period a 422 error page.',
  })
  @ApiFormPost({
    grace_period_seconds: { description: 'seconds the old key keeps working, 0 to 604800; empty or 0 stops it at once' },
  })
  @ApiShownOnceAnswers('the new key', '/admin/partners')
  @pageNotFound
  @pageInvalid
  async pageRotate(
    @CurrentOperator() op: OperatorPrincipal,
    @Param('id', uuid) id: string,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    await this.showKey(op, res, await this.partners.rotate(id, formInteger(body, 'grace_period_seconds', 0, ROTATION_MAX_GRACE_S)));
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/suspend')
  @ApiOperation({
    summary: 'Suspend a partner from the page',
    description:
      "The suspend button of /admin/partners, for platform admins (session cookie): the partner's key and every engagement token under it are refused at once (403 `partner_suspended`), then a 303 redirect back to the page. An unknown partner is a 404 error page.",
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'suspended: to /admin/partners' })
  @pageNotFound
  async pageSuspend(@Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    await this.partners.setStatus(id, 'suspended');
    res.redirect(303, PAGE);
  }

  @OperatorAuth({ platformAdmin: true, page: true })
  @Post('admin/partners/:id/reinstate')
  @ApiOperation({
    summary: 'Reinstate a partner from the page',
    description:
      'The reinstate button of /admin/partners, for platform admins (session cookie): the partner becomes active again, then a 303 redirect back to the page. An unknown partner is a 404 error page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'reinstated: to /admin/partners' })
  @pageNotFound
  async pageReinstate(@Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    await this.partners.setStatus(id, 'active');
    res.redirect(303, PAGE);
  }

  /** The end of an issue or rotation: the page shows the new key once (ShownOnce, ADR 0265). */
  private showKey(op: OperatorPrincipal, res: Response, issued: IssuedPartnerKeyEnvelopeDto): Promise<void> {
    const secrets = { key: issued.partner_key.key, partner: issued.partner.name };
    return redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: PAGE,
      secrets,
      inline: async () => {
        const list = await this.partners.list(parseList(PARTNER_LIST, {}));
        sendPage(res, adminPartnersPage(consoleChrome(op), list, { secrets }), 201);
      },
    });
  }
}
