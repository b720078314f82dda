import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Public } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { formatDurationMs } from '../core/text/duration';
import { newPasswordErrors, newPasswordFields, PASSWORD_LENGTH } from '../identity';
import { APP_PATH, OperatorAuthStrategy, setSessionCookie } from '../sessions';
import { INVITATION_TTL_MS } from './dto/invitation.dto';
import { InvitationsService, type InvitationView, type Visitor } from './invitations.service';
import { invitationPage } from './member-pages';
import type { Request, Response } from 'express';

const status = (view: InvitationView) => (view.state === 'invalid' ? 404 : 200);

/**
 * The page an invitation's link opens (public; API.md Part 3, ADR 0242). An unusable link is one
 * 404 page whatever the reason. A usable one asks a password for a new account, a log-in for an
 * existing one, shows the Accept button to the invited account, or says it is for another address.
 */
@ApiTags('pages')
@Controller('users/invitations')
export class InvitationPageController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly operatorAuth: OperatorAuthStrategy,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get(':token')
  @ApiOperation({
    summary: "Show an invitation's acceptance page",
    description:
      `Public; the page the mailed link opens. A usable link (pending, less than ${formatDurationMs(INVITATION_TTL_MS, 'day')} old) renders, for a browser without a session, ` +
      'the new-account password form when the address has no account, or a link to log in that comes back here when it has one; a browser signed in as the invited ' +
      'account gets the Accept button; one signed in as another account a page saying the invitation is for another address. An unknown, used, revoked, replaced or ' +
      'expired link renders one page saying it is not valid (404).',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the acceptance page' })
  @ApiNotFoundResponse({ description: 'the link is not valid (unknown, used, revoked, replaced or expired)' })
  async show(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const view = await this.invitations.view(token, await this.visitor(req));
    sendPage(res, invitationPage(token, view), status(view));
  }

  @Public()
  @Post(':token')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Accept an invitation',
    description:
      `Public form post of the acceptance page. Without a session, for an address without an account: \`password\` and \`password_confirmation\` (${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} ` +
      'characters, equal, as the reset form) create a confirmed account with the membership, sign it in (the `_agent_ops_key` cookie, a session with `auth_method: invitation`) ' +
      'and answer 302 to `/app`; a bad password renders the form again (422). Signed in as the invited account (no fields): adds the membership and answers 302 to `/app`. ' +
      'A link works once: of two accepts at once one joins, the other gets the not-valid page (404). Anything else renders the page as GET does.',
  })
  @ApiFormPost({
    password: { description: `a new account's password, ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters` },
    password_confirmation: { description: 'the same password again' },
  })
  @ApiFoundResponse({ description: 'joined: redirect to /app (with the session cookie for a new account)' })
  @ApiOkResponse({ description: 'the page again: log in first, or the invitation is for another address' })
  @ApiUnprocessableEntityResponse({ description: 'the password form again, with what is wrong with the password' })
  @ApiNotFoundResponse({ description: 'the link is not valid (unknown, used, revoked, replaced or expired)' })
  async accept(
    @Param('token') token: string,
    @Body() body: { password?: unknown; password_confirmation?: unknown },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const visitor = await this.visitor(req);
    const view = await this.invitations.view(token, visitor);
    if (view.state === 'accept' && visitor) {
      const outcome = await this.invitations.acceptExisting(token, visitor);
      return outcome.ok ? res.redirect(302, APP_PATH) : sendPage(res, invitationPage(token, outcome.view), status(outcome.view));
    }
    if (view.state !== 'new_account') return sendPage(res, invitationPage(token, view), status(view));
    const { password, confirmation } = newPasswordFields(body);
    const errors = newPasswordErrors(password, confirmation);
    if (errors.length > 0) return sendPage(res, invitationPage(token, view, errors), 422);
    const outcome = await this.invitations.acceptNewAccount(token, password, {
      ip: clientIp(req, this.config.trustedProxyIps),
      userAgent: req.headers['user-agent'],
    });
    if (!outcome.ok) return sendPage(res, invitationPage(token, outcome.view), status(outcome.view));
    setSessionCookie(res, this.config, outcome.session!.token);
    res.redirect(302, APP_PATH);
  }

  private async visitor(req: Request): Promise<Visitor | undefined> {
    const session = await this.operatorAuth.sessionOf(req);
    return session && { userId: session.userId, email: session.email };
  }
}
