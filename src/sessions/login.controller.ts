import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiExtraModels,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Public } from '../auth';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { loginPage } from '../core/pages/session-pages';
import { durationAdjective, formatDuration } from '../core/text/duration';
import { ordinal } from '../core/text/ordinal';
import { clearSessionCookies, readCookies, setMfaCookie, setRememberMeCookie, setSessionCookie } from './cookies';
import { LoginService } from './login.service';
import { OperatorAuthStrategy } from './operator-auth.strategy';
import { safeReturnPath } from './return-path';
import {
  APP_PATH,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_COOLDOWN_S,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_IDENTITY_WINDOW_S,
  LOGIN_IP_WINDOW_S,
  LOGIN_PATH,
  MFA_LOGIN_PATH,
  REMEMBER_ME_MAX_AGE_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SSO_PATH,
} from './session.constants';
import { SessionsService } from './sessions.service';
import type { Request, Response } from 'express';

const GENERIC_FAILURE = 'Invalid email or password.';
/** An address in a domain enforcing single sign-on: the same words for every failure and for a member's right password. */
const SSO_REQUIRED = 'Your organization signs in with single sign-on for this address.';
const NOTICES: Record<string, string> = {
  reset: 'Your password has been reset. Log in with your new password.',
  'logged-out': 'You have been logged out.',
  'mfa-expired': 'That log-in was not completed in time, or had too many wrong codes. Log in again.',
};

/** Form or JSON: { email, password, remember_me, return_to }. Anything else is simply not read. */
interface LoginBody {
  email?: unknown;
  password?: unknown;
  remember_me?: unknown;
  return_to?: unknown;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1' || v === 1;

@ApiTags('pages')
@Controller('users')
export class LoginController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
    private readonly operatorAuth: OperatorAuthStrategy,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('log-in')
  @ApiOperation({
    summary: 'Show the log-in form',
    description:
      'Public. Renders the operator log-in form (200, HTML); `notice=reset` or `notice=logged-out` adds the matching notice, and ' +
      '`return_to` (a console path under `/app` or `/admin`; anything else is dropped) is carried into the form. ' +
      'A browser that already has a live session (or a valid remember-me cookie) is redirected (302) to `return_to` or `/app` instead.',
  })
  @ApiQuery({ name: 'notice', required: false, enum: Object.keys(NOTICES), description: 'a notice to show above the form' })
  @ApiQuery({
    name: 'return_to',
    required: false,
    type: String,
    description: 'the console page to open after logging in (`/app...` or `/admin...`)',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the login form' })
  @ApiFoundResponse({ description: 'already logged in: redirect to `return_to` or /app' })
  async form(
    @Req() req: Request,
    @Res() res: Response,
    @Query('notice') notice?: string,
    @Query('return_to') returnTo?: unknown,
  ): Promise<void> {
    const back = safeReturnPath(returnTo);
    if (await this.operatorAuth.sessionOf(req)) return res.redirect(302, back ?? APP_PATH);
    sendPage(
      res,
      loginPage({ notice: typeof notice === 'string' && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : undefined, returnTo: back }),
    );
  }

  /**
   * Success: 302 to /app (or the console page the form's `return_to` names) with the session
   * cookie. Failure: the form again with one generic message, or for a JSON client a 401 problem
   * `invalid_credentials` (the same whatever was wrong: no account enumeration).
   */
  @Public()
  @Post('log-in')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Log in with email and password',
    description:
      `Public; takes a form or a JSON body \`{ email, password, remember_me, return_to }\`. On success it starts a new ${durationAdjective(SESSION_TTL_MS / 1000)} session ` +
      '(ending the one the browser had), sets the `_agent_ops_key` cookie (HttpOnly, SameSite=Lax, Secure in production) and, with ' +
      `\`remember_me\`, a ${durationAdjective(REMEMBER_ME_MAX_AGE_MS / 1000)} remember-me cookie, and answers 302 to \`return_to\` or \`/app\`. Every failure (unknown address, wrong ` +
      'password, suspended account, account without a password) gives the same answer, the form again with one generic message ' +
      `(401, HTML) or for a JSON body a 401 problem \`invalid_credentials\`, so nothing tells whether an account exists. Throttles: ${LOGIN_FAILURES_PER_IDENTITY} ` +
      `failed passwords for one email and client IP within ${formatDuration(LOGIN_IDENTITY_WINDOW_S)} start a ${durationAdjective(LOGIN_COOLDOWN_S)} cooldown (the ${ordinal(LOGIN_FAILURES_PER_IDENTITY)} failure is already refused), ` +
      `and each client IP (IPv6 per /64) has ${LOGIN_ATTEMPTS_PER_IP} attempts per ${formatDuration(LOGIN_IP_WINDOW_S)}, a successful log-in giving its attempt back; a throttled ` +
      'attempt is 429 with `retry-after` and a plain-text body. ' +
      'The right password of an account with a second factor (an authenticator app or a passkey) starts no session: a form gets 302 to ' +
      '`/users/log-in/mfa` with the `_agent_ops_mfa` cookie (HttpOnly, SameSite=Lax, 5 minutes), a JSON body the 401 problem `mfa_required` ' +
      'whose `extra.mfa_token` is posted with the code to `POST /users/log-in/mfa`. ' +
      'An address in a domain whose workspace enforces single sign-on (an active SSO connection with `enforce`): every failure, and the right password ' +
      'of a member other than an owner, answer the form with a link to `/users/sso` (401) or for a JSON body the 401 problem `sso_required` with ' +
      '`extra.sso_url`; owners keep password log-in as the way back in.',
  })
  @ApiFormPost({
    email: { description: 'the account email (trimmed and lower-cased)', required: true },
    password: { description: 'the account password', required: true },
    remember_me: {
      description: `\`true\`, \`on\` or \`1\`: also set the ${durationAdjective(REMEMBER_ME_MAX_AGE_MS / 1000)} remember-me cookie`,
    },
    return_to: { description: 'the console page to open after logging in (`/app...` or `/admin...`; anything else: /app)' },
  })
  @ApiConsumes('application/json')
  @ApiExtraModels(ProblemDto)
  @ApiFoundResponse({
    description:
      'logged in: redirect to `return_to` or /app with the _agent_ops_key cookie; or, for an account with a second factor, to /users/log-in/mfa with the _agent_ops_mfa cookie',
  })
  @ApiTooManyRequestsResponse({
    description: 'throttled: retry-after and a plain-text body (no redirect)',
    content: { 'text/plain': { schema: { type: 'string', example: 'Too many login attempts. Try again later.' } } },
  })
  @ApiUnauthorizedResponse({
    description:
      'log-in failed: a form gets the form again with a generic message, a JSON body the problem invalid_credentials; ' +
      'or, for a JSON body with the right password of an account with a second factor, the problem mfa_required with extra.mfa_token',
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } },
    },
  })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: LoginBody): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body?.password === 'string' ? body.password : '';
    const ip = clientIp(req, this.config.trustedProxyIps);
    const back = safeReturnPath(body?.return_to);
    // A throttled attempt throws LoginThrottled: ProblemFilter answers its plain-text 429.
    const outcome = await this.login.login(email, password, {
      ip,
      ipBucket: ipBucket(ip),
      userAgent: req.headers['user-agent'],
      rememberMe: truthy(body?.remember_me),
      returnTo: back,
    });
    if (outcome.ok === 'mfa') {
      // reached only with the right password: the second factor completes the log-in
      if (req.is('application/json')) throw new UnauthorizedProblem('mfa_required', { extra: { mfa_token: outcome.pendingToken } });
      setMfaCookie(res, this.config, outcome.pendingToken);
      return res.redirect(302, MFA_LOGIN_PATH);
    }
    if (outcome.ok === 'sso') {
      const ssoUrl = `${SSO_PATH}?email=${encodeURIComponent(email)}${back ? `&return_to=${encodeURIComponent(back)}` : ''}`;
      if (req.is('application/json')) throw new UnauthorizedProblem('sso_required', { extra: { sso_url: ssoUrl } });
      return sendPage(res, loginPage({ error: SSO_REQUIRED, ssoUrl, email, returnTo: back }), 401);
    }
    if (!outcome.ok) {
      if (req.is('application/json')) throw new UnauthorizedProblem('invalid_credentials');
      return sendPage(res, loginPage({ error: GENERIC_FAILURE, email, returnTo: back }), 401);
    }
    // A new login always gets a new session; whatever session the browser had is ended.
    await this.sessions.end(readCookies(req)[SESSION_COOKIE], outcome.actor);
    setSessionCookie(res, this.config, outcome.token);
    if (truthy(body?.remember_me)) setRememberMeCookie(res, this.config, outcome.token);
    res.redirect(302, back ?? APP_PATH);
  }

  /** Ends the session: deletes its row and both cookies, closes its sockets on every node. */
  @Public()
  @Delete('log-out')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Log out',
    description:
      "Public (works with or without a session). Ends the browser's session if it has one (the session row is deleted and its live " +
      'sockets are closed on every node), clears the session and remember-me cookies and answers 302 to `/users/log-in?notice=logged-out`.',
  })
  @ApiFoundResponse({ description: 'logged out: redirect to /users/log-in?notice=logged-out' })
  logOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.end(req, res);
  }

  /** The console header's log-out button: a form post, since pages carry no script. */
  @Public()
  @Post('log-out')
  @HttpCode(302)
  @ApiOperation({
    summary: "Log out from the console's log-out button",
    description:
      'The form post (no fields) behind the log-out button in the header of every console page; does exactly what ' +
      "`DELETE /users/log-out` does: ends the browser's session if any, clears both cookies and answers 302 to " +
      '`/users/log-in?notice=logged-out`.',
  })
  @ApiFormPost()
  @ApiFoundResponse({ description: 'logged out: redirect to /users/log-in?notice=logged-out' })
  logOutForm(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.end(req, res);
  }

  private async end(req: Request, res: Response): Promise<void> {
    const session = await this.operatorAuth.sessionOf(req);
    if (session) await this.sessions.logOut(session);
    clearSessionCookies(res, this.config);
    res.redirect(302, `${LOGIN_PATH}?notice=logged-out`);
  }
}
