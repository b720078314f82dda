import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth, Public } from '../auth';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { UnauthorizedProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { authenticatorAnswerOf, PasskeysService } from '../passkeys';
import {
  APP_PATH,
  clearMfaCookie,
  consoleChrome,
  CurrentOperator,
  LOGIN_PATH,
  MFA_COOKIE,
  readCookies,
  safeReturnPath,
  SecondFactorService,
  SESSION_COOKIE,
  SessionsService,
  setRememberMeCookie,
  setSessionCookie,
} from '../sessions';
import { mfaLoginPage, reauthPage } from './mfa-pages';
import { MfaService } from './mfa.service';
import type { FactorCheck, OperatorPrincipal, StepClient } from '../sessions';
import type { Request, Response } from 'express';

const EXPIRED = `${LOGIN_PATH}?notice=mfa-expired`;
const WRONG_CODE = 'That code is not right. Try again with the current code, or a recovery code.';
const WRONG_RECHECK = 'That is not right. Try again.';
const WRONG_PASSKEY = 'That passkey could not be verified. Try again, or enter a code.';
const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The header a JSON client names its pending log-in with on `GET /users/log-in/mfa/options` (a browser sends the cookie). */
const MFA_TOKEN_HEADER = 'x-mfa-token';

/** A passkey's assertion as sent: an object (JSON) or its JSON text (the page's hidden field); undefined when absent. */
const assertionOf = (value: unknown): unknown =>
  value === undefined || value === null || value === '' ? undefined : typeof value === 'string' ? authenticatorAnswerOf(value) : value;

/**
 * The second step of a log-in (`/users/log-in/mfa`) and the re-check of "recent authentication"
 * (`/users/reauthenticate`), API.md Part 3. Their rules live in SecondFactorService (src/sessions);
 * this controller parses forms and JSON and picks the answer.
 */
@ApiTags('pages')
@Controller('users')
export class MfaLoginController {
  constructor(
    private readonly steps: SecondFactorService,
    private readonly mfa: MfaService,
    private readonly sessions: SessionsService,
    private readonly passkeys: PasskeysService,
    private readonly config: AppConfig,
  ) {}

  /** The login step's page, with the passkey form when the account has a passkey. */
  private async sendStepPage(res: Response, userId: string | undefined, error?: string): Promise<void> {
    const passkey = userId !== undefined && (await this.passkeys.hasPasskeys(userId));
    sendPage(res, mfaLoginPage({ error, passkey }), error ? 401 : 200, { scripts: passkey });
  }

  /**
   * A passkey as the step's factor: the assertion must answer the challenge issued to this
   * pending log-in (`GET /users/log-in/mfa/options`, keyed by the step's token) with one of the
   * account's passkeys; the counter moves with it (PasskeysService.verifyAuthentication).
   */
  private passkeyCheck(token: string, assertion: unknown): FactorCheck {
    return { kind: 'webauthn', verify: (_tx, userId) => this.passkeys.verifyAuthentication(userId, token, assertion) };
  }

  private client(req: Request): StepClient {
    const ip = clientIp(req, this.config.trustedProxyIps);
    return { ip, ipBucket: ipBucket(ip), userAgent: req.headers['user-agent'] };
  }

  @Public()
  @Get('log-in/mfa')
  @ApiOperation({
    summary: 'Show the second step of a log-in',
    description:
      'Public. With a live `_agent_ops_mfa` cookie (set by a correct password of an account with a second factor, at most 5 minutes ago, ' +
      'in this browser) renders the code form (200, HTML); otherwise 302 to `/users/log-in?notice=mfa-expired`.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the code form' })
  @ApiFoundResponse({ description: 'no live pending log-in: back to the log-in page' })
  async form(@Req() req: Request, @Res() res: Response): Promise<void> {
    const userId = await this.steps.pendingUser(readCookies(req)[MFA_COOKIE], req.headers['user-agent']);
    if (!userId) return res.redirect(302, EXPIRED);
    await this.sendStepPage(res, userId);
  }

  @Public()
  @Get('log-in/mfa/options')
  @ApiOperation({
    summary: "Passkey options for a log-in's second step",
    description:
      'Public. For a live pending log-in (the `_agent_ops_mfa` cookie, or for a JSON client its `mfa_token` in the `x-mfa-token` header, ' +
      "from the same user agent): the options to pass to `navigator.credentials.get()` (JSON; the account's passkeys allowed, rp id " +
      "BASE_URL's host), with a challenge that is this log-in's only one (asking again replaces it), answerable once within 5 minutes. " +
      'Then `POST /users/log-in/mfa { webauthn_response }` completes the log-in. No live pending log-in: 401 `mfa_step_expired`.',
  })
  @ApiOkResponse({ description: 'PublicKeyCredentialRequestOptionsJSON' })
  @ApiUnauthorizedResponse({ description: 'mfa_step_expired: no live pending log-in' })
  async passkeyOptions(@Req() req: Request): Promise<unknown> {
    const header = req.headers[MFA_TOKEN_HEADER];
    const token = readCookies(req)[MFA_COOKIE] ?? (typeof header === 'string' ? header : undefined);
    const userId = await this.steps.pendingUser(token, req.headers['user-agent']);
    if (!token || !userId) throw new UnauthorizedProblem('mfa_step_expired');
    return (await this.passkeys.authenticationOptions(userId, token)).options;
  }

  @Public()
  @Post('log-in/mfa')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Complete a log-in with a second factor',
    description:
      'Public. A form `{ code }` with the `_agent_ops_mfa` cookie, or JSON `{ mfa_token, code }` (the token from the `mfa_required` problem ' +
      'of a JSON log-in). `code` is the 6-digit code of the authenticator app (each accepted once) or a recovery code (each works once). ' +
      "Instead of `code`, `webauthn_response`: the assertion of one of the account's passkeys (`PublicKeyCredential.toJSON()`, or its " +
      'JSON text in a form) over the challenge of `GET /users/log-in/mfa/options`, which a wrong or replayed one uses up. ' +
      'Success: the session starts as a password log-in would (with `remember_me` as asked then) and the answer is 302 to the `return_to` ' +
      'of the log-in or `/app`, with the session cookie. A wrong code: the form again (401, HTML) or 401 `invalid_mfa_code`; the 5th wrong ' +
      'code ends the pending log-in. No live pending log-in (older than 5 minutes, another browser, ended by wrong codes, a password ' +
      'reset or a suspension): 302 to the log-in page, or 401 `mfa_step_expired`. Wrong codes count in the per-identity login throttle ' +
      '(429 with `retry-after`, plain text).',
  })
  @ApiFormPost({
    code: { description: 'a code of the authenticator app, or a recovery code' },
    webauthn_response: { description: "instead of a code: a passkey's assertion, as JSON text" },
  })
  @ApiConsumes('application/json')
  @ApiFoundResponse({
    description: 'logged in: redirect to return_to or /app with the _agent_ops_key cookie; or no pending log-in: to the log-in page',
  })
  @ApiUnauthorizedResponse({
    description: 'a wrong code (the form again, or invalid_mfa_code), or no pending log-in (mfa_step_expired, JSON)',
  })
  @ApiTooManyRequestsResponse({ description: 'throttled: retry-after and a plain-text body' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: Record<string, unknown> | undefined): Promise<void> {
    const json = Boolean(req.is('application/json'));
    const token = json ? text(body?.mfa_token) : readCookies(req)[MFA_COOKIE];
    const assertion = assertionOf(body?.webauthn_response);
    const check =
      assertion !== undefined && token ? this.passkeyCheck(token, assertion) : this.mfa.codeCheck(text(body?.code).slice(0, 64));
    const outcome = await this.steps.complete(token, this.client(req), check);
    if (!outcome.ok) {
      if (outcome.reason === 'wrong') {
        if (json) throw new UnauthorizedProblem('invalid_mfa_code');
        return this.sendStepPage(
          res,
          await this.steps.pendingUser(token, req.headers['user-agent']),
          assertion ? WRONG_PASSKEY : WRONG_CODE,
        );
      }
      if (json) throw new UnauthorizedProblem('mfa_step_expired');
      clearMfaCookie(res, this.config);
      return res.redirect(302, EXPIRED);
    }
    // a new log-in always gets a new session: whatever session the browser had is ended
    await this.sessions.end(readCookies(req)[SESSION_COOKIE], outcome.actor);
    clearMfaCookie(res, this.config);
    setSessionCookie(res, this.config, outcome.token);
    if (outcome.rememberMe) setRememberMeCookie(res, this.config, outcome.token);
    res.redirect(302, outcome.returnTo ?? APP_PATH);
  }

  @OperatorAuth({ page: true, mfaEnrollment: true })
  @Get('reauthenticate')
  @ApiOperation({
    summary: 'Show the re-check of recent authentication',
    description:
      'A signed-in operator (session cookie; none: to the log-in page). Renders the password form, and the code form when the account has ' +
      'an authenticator app; `return_to` (a console path) is carried to where the check sends the browser back.',
  })
  @ApiQuery({ name: 'return_to', required: false, type: String, description: 'the console page to go back to (`/app...` or `/admin...`)' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the re-check forms' })
  async reauthForm(@CurrentOperator() op: OperatorPrincipal, @Query('return_to') returnTo: unknown, @Res() res: Response): Promise<void> {
    sendPage(
      res,
      reauthPage({ chrome: consoleChrome(op), returnTo: safeReturnPath(returnTo), hasTotp: await this.mfa.hasTotp(op.userId) }),
    );
  }

  @OperatorAuth({ mfaEnrollment: true })
  @Post('reauthenticate')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Re-check the password or second factor (recent authentication)',
    description:
      'A signed-in operator. A form or JSON with `password`, or `code` (of the authenticator app, or a recovery code) for an account ' +
      "that has one. A correct check renews the session's authentication (routes that need recent authentication pass for 10 minutes; " +
      'a code also marks the session as checked with a second factor): a form gets 302 to `return_to` or `/app`, JSON 204. A wrong ' +
      'answer: the form again (401, HTML) or 401 `invalid_credentials`; it counts in the per-identity login throttle (429, plain text). ' +
      'JSON with neither or both fields: 422 `validation_failed`.',
  })
  @ApiFormPost({
    password: { description: 'the account password' },
    code: { description: 'a code of the authenticator app, or a recovery code (instead of the password)' },
    return_to: { description: 'the console page to go back to (`/app...` or `/admin...`; anything else: /app)' },
  })
  @ApiConsumes('application/json')
  @ApiFoundResponse({ description: 'checked (form): back to return_to or /app' })
  @ApiNoContentResponse({ description: 'checked (JSON)' })
  @ApiUnauthorizedResponse({ description: 'wrong password or code: the form again, or invalid_credentials' })
  @ApiUnprocessableEntityResponse({ description: 'JSON without exactly one of password and code' })
  @ApiTooManyRequestsResponse({ description: 'throttled: retry-after and a plain-text body' })
  async reauthenticate(
    @CurrentOperator() op: OperatorPrincipal,
    @Req() req: Request,
    @Res() res: Response,
    @Body() body: Record<string, unknown> | undefined,
  ): Promise<void> {
    const json = Boolean(req.is('application/json'));
    const password = text(body?.password);
    const code = text(body?.code);
    if (json && (password === '') === (code === '')) {
      const errors = { base: ['give exactly one of password and code'] };
      throw new ValidationProblem(errors);
    }
    const back = safeReturnPath(body?.return_to);
    const proof = password !== '' ? { password: password.slice(0, 200) } : { factor: this.mfa.codeCheck(code.slice(0, 64)) };
    if (await this.steps.reauthenticate(op, this.client(req), proof)) {
      if (json) return void res.status(204).end();
      return res.redirect(302, back ?? APP_PATH);
    }
    if (json) throw new UnauthorizedProblem('invalid_credentials');
    sendPage(
      res,
      reauthPage({ chrome: consoleChrome(op), returnTo: back, hasTotp: await this.mfa.hasTotp(op.userId), error: WRONG_RECHECK }),
      401,
    );
  }
}
