import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSeeOtherResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import * as QRCode from 'qrcode';
import { OperatorAuth } from '../auth';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { PasskeysService } from '../passkeys';
import { consoleChrome, CurrentOperator, mustEnrollMfa, SessionsService } from '../sessions';
import { SECURITY_PAGE, securityPage, type SecurityPageView } from './mfa-pages';
import { MfaService, type TotpEnrollment } from './mfa.service';
import type { SafeHtml } from '../core/pages/html';
import type { OperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const NOTICES: Record<string, string> = {
  'totp-disabled': 'The authenticator app is off, and its recovery codes no longer work.',
  'passkey-added': 'Passkey added.',
  'passkey-removed': 'Passkey removed.',
};

/** The security page carries the passkeys section, whose scripts (this origin's only) its CSP lets run. */
const sendSecurityPage = (res: Response, page: SafeHtml, status = 200) => sendPage(res, page, status, { scripts: true });
const RECENT = 'Needs recent authentication (else a redirect to `/users/reauthenticate`). ';

/**
 * /app/account/security: the operator's second factors, as pages (no script): set up an
 * authenticator app from a QR code drawn on the server (inline SVG: the page CSP allows no
 * external image), confirm it, see the recovery codes once, replace them, turn it off.
 * Open to a member who must still enroll (require_mfa).
 */
@ApiTags('pages')
@Controller(SECURITY_PAGE)
export class SecurityPageController {
  constructor(
    private readonly mfa: MfaService,
    private readonly sessions: SessionsService,
    private readonly passkeys: PasskeysService,
  ) {}

  private async view(op: OperatorPrincipal, extra: Partial<SecurityPageView> = {}): Promise<SecurityPageView> {
    const [status, passkeys] = await Promise.all([this.mfa.status(op.userId), this.passkeys.list(op.userId)]);
    return {
      passkeys,
      chrome: consoleChrome(op),
      status,
      recent: this.sessions.recentlyAuthenticated(op.auth),
      mustEnroll: mustEnrollMfa(op) && status.totp !== 'enabled' && passkeys.length === 0,
      ...extra,
    };
  }

  private async withQr(e: TotpEnrollment): Promise<TotpEnrollment & { qrSvg: string }> {
    return { ...e, qrSvg: await QRCode.toString(e.otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  }

  @OperatorAuth({ page: true, mfaEnrollment: true })
  @Get()
  @ApiOperation({
    summary: 'Account security page',
    description:
      'A signed-in operator (session cookie; none: to the log-in page). Shows whether the authenticator app is on and how many recovery ' +
      'codes are left, with the forms that set it up, replace the recovery codes and turn it off (these need recent authentication: ' +
      'without it the page links to the re-check). Open to a member of a `require_mfa` workspace who has no second factor yet.',
  })
  @ApiQuery({ name: 'notice', required: false, enum: Object.keys(NOTICES) })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the account security page' })
  async page(@CurrentOperator() op: OperatorPrincipal, @Query('notice') notice: unknown, @Res() res: Response): Promise<void> {
    const pending = await this.mfa.pendingTotp(op);
    sendSecurityPage(
      res,
      securityPage(
        await this.view(op, {
          notice: typeof notice === 'string' && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : undefined,
          enrollment: pending && this.sessions.recentlyAuthenticated(op.auth) ? await this.withQr(pending) : undefined,
        }),
      ),
    );
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post('totp')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Start setting up an authenticator app from the security page',
    description:
      RECENT +
      'As `POST /api/v1/operator/me/mfa/totp`: answers 201 with the page showing the QR code (inline SVG) and the secret, and the form ' +
      'that confirms it; 409 (the page with the reason) when an app is already on.',
  })
  @ApiFormPost()
  @ApiOkResponse({ description: 'the page with the QR code, the secret and the confirm form' })
  async start(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    const enrollment = await this.mfa.startTotp(op);
    sendSecurityPage(res, securityPage(await this.view(op, { enrollment: await this.withQr(enrollment) })), 201);
  }

  @OperatorAuth({ page: true, mfaEnrollment: true })
  @Post('totp/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm the authenticator app from the security page',
    description:
      'As `POST /api/v1/operator/me/mfa/totp/confirm`: with the current `code`, turns the app on and answers the page showing the ten ' +
      'recovery codes, this once (not a redirect, so a reload cannot show them again). A wrong code: 422, the QR code and the form again.',
  })
  @ApiFormPost({ code: { description: 'the 6-digit code the app shows now', required: true } })
  @ApiOkResponse({ description: 'the page with the recovery codes, shown once' })
  @ApiUnprocessableEntityResponse({ description: 'the QR code and the form again, with what was wrong' })
  async confirm(
    @CurrentOperator() op: OperatorPrincipal,
    @Body() body: Record<string, unknown> | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const code = typeof body?.code === 'string' ? body.code.trim().slice(0, 16) : '';
    try {
      const codes = await this.mfa.confirmTotp(op, code);
      sendSecurityPage(
        res,
        securityPage(
          await this.view(op, { recoveryCodes: codes, recent: true, mustEnroll: false, notice: 'The authenticator app is on.' }),
        ),
      );
    } catch (err) {
      if (!(err instanceof ValidationProblem)) throw err;
      const pending = await this.mfa.pendingTotp(op);
      const error = 'That code is not the one the app shows now. Try the next one.';
      sendSecurityPage(res, securityPage(await this.view(op, { enrollment: pending && (await this.withQr(pending)), error })), 422);
    }
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post('recovery_codes')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the recovery codes from the security page',
    description: RECENT + 'As `POST /api/v1/operator/me/mfa/recovery_codes`: answers the page showing the ten new codes, this once.',
  })
  @ApiFormPost()
  @ApiOkResponse({ description: 'the page with the new recovery codes, shown once' })
  async regenerate(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    const codes = await this.mfa.regenerateRecoveryCodes(op);
    sendSecurityPage(
      res,
      securityPage(await this.view(op, { recoveryCodes: codes, notice: 'New recovery codes: the earlier ones no longer work.' })),
    );
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post('totp/disable')
  @HttpCode(303)
  @ApiOperation({
    summary: 'Turn off the authenticator app from the security page',
    description: RECENT + 'As `DELETE /api/v1/operator/me/mfa/totp`: 303 back to the page with a notice.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'back to the security page' })
  async disable(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.mfa.disableTotp(op);
    res.redirect(303, `${SECURITY_PAGE}?notice=totp-disabled`);
  }
}
