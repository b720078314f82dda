import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ProblemDto } from '../core/common/problem/problem.dto';
import type { Request, Response } from 'express';
import { Public } from '../auth';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { loginPage } from '../core/pages/session-pages';
import { sendPage } from '../core/pages/layout';
import { clearSessionCookies, readCookies, setRememberMeCookie, setSessionCookie } from './cookies';
import { LoginService } from './login.service';
import { OperatorAuthStrategy } from './operator-auth.strategy';
import { APP_PATH, LOGIN_PATH, SESSION_COOKIE } from './session.constants';
import { SessionsService } from './sessions.service';
import { safeReturnPath } from './return-path';
import { UnauthorizedProblem } from '../core/common/problem/problem.error';

const GENERIC_FAILURE = 'Invalid email or password.';
const NOTICES: Record<string, string> = {
  reset: 'Your password has been reset. Log in with your new password.',
  'logged-out': 'You have been logged out.',
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
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the login form' })
  async form(@Req() req: Request, @Res() res: Response, @Query('notice') notice?: string, @Query('return_to') returnTo?: unknown): Promise<void> {
    const back = safeReturnPath(returnTo);
    if (await this.operatorAuth.sessionOf(req)) return res.redirect(302, back ?? APP_PATH);
    sendPage(res, loginPage({ notice: typeof notice === 'string' ? NOTICES[notice] : undefined, returnTo: back }));
  }

  /**
   * Success: 302 to /app (or the console page the form's `return_to` names) with the session
   * cookie. Failure: the form again with one generic message, or for a JSON client a 401 problem
   * `invalid_credentials` (the same whatever was wrong: no account enumeration).
   */
  @Public()
  @Post('log-in')
  @HttpCode(302)
  @ApiProduces('text/html')
  @ApiFoundResponse({ description: 'logged in: redirect to /app with the _agent_ops_key cookie' })
  @ApiTooManyRequestsResponse({ description: 'throttled: retry-after and a plain-text body' })
  @ApiUnauthorizedResponse({ type: ProblemDto, description: 'a JSON log-in that failed: invalid_credentials (a form gets the form again, 401)' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: LoginBody): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body?.password === 'string' ? body.password : '';
    const ip = clientIp(req, this.config.trustedProxyIps);
    // A throttled attempt throws LoginThrottled: ProblemFilter answers its plain-text 429.
    const outcome = await this.login.login(email, password, {
      ip,
      ipBucket: ipBucket(ip),
      userAgent: req.headers['user-agent'],
    });
    const back = safeReturnPath(body?.return_to);
    if (!outcome.ok) {
      if (req.is('application/json')) throw new UnauthorizedProblem('invalid_credentials');
      return sendPage(res, loginPage({ error: GENERIC_FAILURE, email, returnTo: back }), 401);
    }
    // A new login always gets a new session; whatever session the browser had is ended.
    await this.sessions.end(readCookies(req)[SESSION_COOKIE]);
    setSessionCookie(res, this.config, outcome.token);
    if (truthy(body?.remember_me)) setRememberMeCookie(res, this.config, outcome.token);
    res.redirect(302, back ?? APP_PATH);
  }

  /** Ends the session: deletes its row and both cookies, closes its sockets on every node. */
  @Public()
  @Delete('log-out')
  @HttpCode(302)
  @ApiFoundResponse({ description: 'logged out: redirect to the login page' })
  logOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.end(req, res);
  }

  @Public()
  @Post('log-out')
  @HttpCode(302)
  @ApiExcludeEndpoint()
  logOutForm(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.end(req, res);
  }

  private async end(req: Request, res: Response): Promise<void> {
    const session = await this.operatorAuth.sessionOf(req);
    if (session) await this.sessions.endById(session.sessionId);
    clearSessionCookies(res, this.config);
    res.redirect(302, `${LOGIN_PATH}?notice=logged-out`);
  }
}
