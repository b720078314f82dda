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
import {
  ApiShownOnceAnswers,
  ApiShownOnceQuery,
  consoleChrome,
  CurrentOperator,
  mustEnrollMfa,
  redirectShowingOnce,
  SessionsService,
  ShownOnce,
} from '../sessions';
import { SECURITY_PAGE, securityPage, type SecurityPageView } from './mfa-pages';
import { MfaService, type TotpEnrollment } from './mfa.service';
import type { SafeHtml } from '../core/pages/html';
import type { OperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const NOTICES: Record<string, string> = {
  'totp-disabled': 'The authenticator app is off, and its recovery codes no longer work.',
  'passkey-added': 'Passkey added.',
  'passkey-removed': 'Passkey removed.',
  'totp-enabled': 'The authenticator app is on.',
  'codes-replaced': 'New recovery codes: the earlier ones no longer work.',
};

/** The security page carries the passkeys section, whose scripts (this origin's only) its CSP lets run. */
const sendSecurityPage = (res: Response, page: SafeHtml, status = 200) => sendPage(res, page, status, { scripts: true });
const RECENT = 'Needs recent authentication (else a redirect to `/users/reauthenticate`). ';

/**
 * /app/account/security: the operator's second factors, as pages (no script): set up an
 * authenticator app from a QR code drawn on the server (inline SVG: the page CSP allows no
 * external image), confirm it, see the recovery codes once (after a redirect, ShownOnce: ADR
 * 0265), replace them, turn it off.
 * Open to a member who must still enroll (require_mfa).
 */
@ApiTags('pages')
@Controller(SECURITY_PAGE)
export class SecurityPageController {
  constructor(
    private readonly mfa: MfaService,
    private readonly sessions: SessionsService,
    private readonly passkeys: PasskeysService,
    private readonly shownOnce: ShownOnce,
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
  @ApiShownOnceQuery('the new recovery codes')
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'the account security page; once after the app is turned on or the codes replaced, the new recovery codes',
  })
  async page(
    @CurrentOperator() op: OperatorPrincipal,
    @Query('notice') notice: unknown,
    @Query('shown') shown: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const pending = await this.mfa.pendingTotp(op);
    const taken = await this.shownOnce.take(op.sessionId, SECURITY_PAGE, shown);
    sendSecurityPage(
      res,
      securityPage(
        await this.view(op, {
          notice: typeof notice === 'string' && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : undefined,
          enrollment: pending && this.sessions.recentlyAuthenticated(op.auth) ? await this.withQr(pending) : undefined,
          recoveryCodes: taken.secrets?.codes?.split(' '),
          shownMissing: taken,
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
  @ApiOperation({
    summary: 'Confirm the authenticator app from the security page',
    description:
      'As `POST /api/v1/operator/me/mfa/totp/confirm`: with the current `code`, turns the app on and answers 303 to the page, which shows the ten ' +
      'recovery codes once (`?shown=`; a reload shows the page without them; should Redis not hold them, this answer is that page with them, 201). ' +
      'A wrong code: 422, the QR code and the form again.',
  })
  @ApiFormPost({ code: { description: 'the 6-digit code the app shows now', required: true } })
  @ApiShownOnceAnswers('the recovery codes', 'the security page')
  @ApiUnprocessableEntityResponse({ description: 'the QR code and the form again, with what was wrong' })
  async confirm(
    @CurrentOperator() op: OperatorPrincipal,
    @Body() body: Record<string, unknown> | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const code = typeof body?.code === 'string' ? body.code.trim().slice(0, 16) : '';
    let codes: string[];
    try {
      codes = await this.mfa.confirmTotp(op, code);
    } catch (err) {
      if (!(err instanceof ValidationProblem)) throw err;
      const pending = await this.mfa.pendingTotp(op);
      const error = 'That code is not the one the app shows now. Try the next one.';
      return sendSecurityPage(res, securityPage(await this.view(op, { enrollment: pending && (await this.withQr(pending)), error })), 422);
    }
    await this.showCodes(op, res, codes, 'totp-enabled', { recent: true, mustEnroll: false });
  }

  @OperatorAuth({ page: true, mfaEnrollment: true, recentAuth: true })
  @Post('recovery_codes')
  @ApiOperation({
    summary: 'Replace the recovery codes from the security page',
    description:
      RECENT +
      'As `POST /api/v1/operator/me/mfa/recovery_codes`: answers 303 to the page, which shows the ten new codes once (`?shown=`, as the confirm form; ' +
      'a reload shows the page without them and replaces nothing).',
  })
  @ApiFormPost()
  @ApiShownOnceAnswers('the new recovery codes', 'the security page')
  async regenerate(@CurrentOperator() op: OperatorPrincipal, @Res() res: Response): Promise<void> {
    await this.showCodes(op, res, await this.mfa.regenerateRecoveryCodes(op), 'codes-replaced');
  }

  /** The end of a form that issued recovery codes: the page shows them once, with `notice` (ShownOnce, ADR 0265). */
  private showCodes(
    op: OperatorPrincipal,
    res: Response,
    codes: string[],
    notice: string,
    extra: Partial<SecurityPageView> = {},
  ): Promise<void> {
    return redirectShowingOnce(res, this.shownOnce, op.sessionId, {
      page: SECURITY_PAGE,
      query: { notice },
      secrets: { codes: codes.join(' ') },
      inline: async () =>
        sendSecurityPage(res, securityPage(await this.view(op, { recoveryCodes: codes, notice: NOTICES[notice], ...extra })), 201),
    });
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
