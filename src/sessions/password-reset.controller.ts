import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Public } from '../auth';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { forgotPasswordPage, resetDeadEndPage, resetPasswordPage } from '../core/pages/session-pages';
import { formatDuration, formatDurationMs } from '../core/text/duration';
import { newPasswordErrors, newPasswordFields, PASSWORD_LENGTH } from '../identity';
import { PasswordResetService } from './password-reset.service';
import { LOGIN_PATH, RESET_LINK_TTL_MS, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_IP, RESET_WINDOW_S } from './session.constants';
import type { Request, Response } from 'express';

interface ResetBody {
  password?: unknown;
  password_confirmation?: unknown;
}

@ApiTags('pages')
@Controller('users')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('forgot-password')
  @ApiOperation({
    summary: 'Show the form to request a password reset link',
    description: 'Public. Renders the form (200, HTML) that asks for the email address of the account whose password was forgotten.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the form to request a reset link' })
  form(@Res() res: Response): void {
    sendPage(res, forgotPasswordPage());
  }

  /** Always the same panel: known or unknown address, throttled or not; the address is never echoed. */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Request a password reset link',
    description:
      'Public form post. Answers the same confirmation panel (200, HTML) whether or not the address has an account and whether or ' +
      'not the request was throttled, and never echoes the address. For an active account a background job mails a single-use link ' +
      `valid for ${formatDurationMs(RESET_LINK_TTL_MS, 'minute')}; links issued earlier stay valid. At most ${RESET_REQUESTS_PER_IP} requests per client IP (IPv6 per /64) and ${RESET_REQUESTS_PER_ADDRESS} per address are ` +
      `acted on within ${formatDuration(RESET_WINDOW_S)}; the others are silently dropped.`,
  })
  @ApiFormPost({ email: { description: 'the account email (trimmed and lower-cased; at most 254 characters)', required: true } })
  @ApiOkResponse({ description: 'the same confirmation panel in every case' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: { email?: unknown }): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (email.length > 0 && email.length <= 254) {
      await this.resets.request(email, ipBucket(clientIp(req, this.config.trustedProxyIps)));
    }
    sendPage(res, forgotPasswordPage({ submitted: true }));
  }

  @Public()
  @Get('reset-password/:token')
  @ApiOperation({
    summary: 'Show the new-password form of a reset link',
    description:
      `Public; the page the mailed reset link opens. A usable link (unused, less than ${formatDurationMs(RESET_LINK_TTL_MS, 'minute')} old, sent to the address the active ` +
      'account still has) renders the new-password form; an unknown, used, expired or otherwise unusable one renders a dead-end panel ' +
      'with a link to request a new one. Both are 200 HTML.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new-password form, or a dead-end panel for an unusable link' })
  async resetForm(@Param('token') token: string, @Res() res: Response): Promise<void> {
    sendPage(res, (await this.resets.isUsable(token)) ? resetPasswordPage({ token }) : resetDeadEndPage());
  }

  @Public()
  @Post('reset-password/:token')
  @ApiOperation({
    summary: 'Set a new password through a reset link',
    description:
      `Public form post of the new-password form. With a usable link and a valid password (${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, confirmation equal) ` +
      "it sets the password, confirms an unconfirmed account, deletes all of the user's reset links and sessions, disconnects their " +
      'live sockets and answers 302 to `/users/log-in?notice=reset`. An invalid password renders the form again with its errors ' +
      '(422, HTML); an unusable link (unknown, used, expired) renders the dead-end panel (200, HTML).',
  })
  @ApiFormPost({
    password: { description: `the new password, ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`, required: true },
    password_confirmation: { description: 'the same password again', required: true },
  })
  @ApiFoundResponse({ description: 'password set: redirect to /users/log-in?notice=reset' })
  @ApiUnprocessableEntityResponse({ description: 'the form again, with what is wrong with the password' })
  @ApiOkResponse({ description: 'the dead-end panel: the link is unknown, used or expired' })
  async reset(@Param('token') token: string, @Body() body: ResetBody, @Res() res: Response): Promise<void> {
    const { password, confirmation } = newPasswordFields(body);
    const errors = newPasswordErrors(password, confirmation);
    if (errors.length > 0) {
      if (!(await this.resets.isUsable(token))) return sendPage(res, resetDeadEndPage());
      return sendPage(res, resetPasswordPage({ token, errors }), 422);
    }
    if (!(await this.resets.reset(token, password))) return sendPage(res, resetDeadEndPage());
    res.redirect(302, `${LOGIN_PATH}?notice=reset`);
  }
}
