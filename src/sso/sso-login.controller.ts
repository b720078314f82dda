import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiFoundResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '../auth';
import { clientIp } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import {
  APP_PATH,
  clearSessionCookies,
  clearSsoCookie,
  consoleChrome,
  OperatorAuthStrategy,
  readCookies,
  safeReturnPath,
  SessionsService,
  SESSION_COOKIE,
  setSessionCookie,
  setSsoCookie,
  SSO_COOKIE,
} from '../sessions';
import { OidcClient, ProviderUnavailable, SignInRejected } from './oidc-client';
import { SsoConnectionsService } from './sso-connections.service';
import { SSO_FLOW_TTL_MS } from './sso-flow.store';
import { NO_CONNECTION, ssoRefusedPage, ssoStartPage, testReportPage } from './sso-pages';
import { SignInRefused, SsoSignInService } from './sso-sign-in.service';
import type { SsoConnectionRow } from './sso-connections.repository';
import type { Request, Response } from 'express';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNAVAILABLE = 'The identity provider could not be reached or did not answer in time. Try again in a minute.';

/**
 * The browser side of single sign-on (API.md Part 3): the start by address or by connection, and
 * the provider's redirect back. Every ending is a page: 302 onwards, 400, 403 or 503; never a 500.
 */
@ApiTags('pages')
@Controller('users/sso')
export class SsoLoginController {
  constructor(
    private readonly connections: SsoConnectionsService,
    private readonly signIns: SsoSignInService,
    private readonly sessions: SessionsService,
    private readonly operatorAuth: OperatorAuthStrategy,
    private readonly config: AppConfig,
    private readonly oidc: OidcClient,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Show the single sign-on form',
    description:
      'Public. A work-email field; its domain decides the SSO connection (`POST /users/sso`). `return_to` (a console path) is carried on.',
  })
  @ApiQuery({ name: 'email', required: false, type: String, description: 'fills the field in (the log-in form links here with it)' })
  @ApiQuery({ name: 'return_to', required: false, type: String, description: 'the console page to open after signing in' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the form' })
  form(@Res() res: Response, @Query('email') email?: unknown, @Query('return_to') returnTo?: unknown): void {
    sendPage(
      res,
      ssoStartPage({ email: typeof email === 'string' ? email.slice(0, 320) : undefined, returnTo: safeReturnPath(returnTo) }),
      200,
      {
        formTargets: this.oidc.providerFormTargets,
      },
    );
  }

  @Public()
  @Post()
  @HttpCode(302)
  @ApiOperation({
    summary: 'Start single sign-on by address',
    description:
      "Public; a form or JSON `{ email, return_to }`. The address's domain names the active SSO connection holding it: 302 to the provider's authorization " +
      'endpoint (authorization code flow, PKCE S256, `state`, `nonce`, scope `openid email profile`) with the `_agent_ops_sso` cookie (HttpOnly, SameSite=Lax, ' +
      '10 minutes, path /users/sso) that binds the sign-in to this browser. A domain without an active connection: the form again with one generic message ' +
      '(404; the same for every such address). The provider unreachable: a 503 page.',
  })
  @ApiFormPost({
    email: { description: 'the work address; only its domain is read', required: true },
    return_to: { description: 'the console page to open after signing in' },
  })
  @ApiConsumes('application/json')
  @ApiFoundResponse({ description: "to the identity provider's authorization endpoint" })
  @ApiServiceUnavailableResponse({ description: 'the identity provider could not be reached (HTML)' })
  async byAddress(@Res() res: Response, @Body() body: { email?: unknown; return_to?: unknown }): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
    const returnTo = safeReturnPath(body?.return_to);
    const at = email.lastIndexOf('@');
    const conn = at > 0 ? await this.connections.byDomain(email.slice(at + 1)) : undefined;
    if (!conn)
      return sendPage(res, ssoStartPage({ error: NO_CONNECTION, email, returnTo }), 404, { formTargets: this.oidc.providerFormTargets });
    await this.redirectToProvider(res, conn, { returnTo });
  }

  /** The provider's redirect back. Declared before `:connection_id`, which would otherwise take the path. */
  @Public()
  @Get('callback')
  @ApiOperation({
    summary: 'The identity provider returns here',
    description:
      'Public; the redirect URI of every connection (`${BASE_URL}/users/sso/callback`). Needs the `_agent_ops_sso` cookie of the browser that started the ' +
      'sign-in and its `state` (once: a replay is refused). The code is exchanged and the ID token verified (signature by the JWKS, iss, aud, exp with a ' +
      "minute of tolerance, nonce). The address is the `email` claim (or the connection's fallback claim), its domain one of the connection's, and " +
      "`email_verified` not false. The member of the connection's workspace with that address (or, with just-in-time provisioning, a new one) gets a " +
      'session (`auth_method: sso`) and a 302 to `return_to` or /app. A failed check or a provider error is a 400 page; an account that is not a member, ' +
      'a suspended one, or an address outside the domains a 403 page; the provider unreachable a 503 page. A test sign-in shows its report instead.',
  })
  @ApiProduces('text/html')
  @ApiFoundResponse({ description: 'signed in: to return_to or /app, with the session cookie' })
  @ApiOkResponse({ description: 'a test sign-in: the report page' })
  @ApiBadRequestResponse({ description: 'a bad or replayed state, another browser, a provider error, a token failing a check (HTML)' })
  @ApiForbiddenResponse({ description: 'not a member of the workspace, suspended, or an address outside the domains (HTML)' })
  @ApiServiceUnavailableResponse({ description: 'the identity provider could not be reached (HTML)' })
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const cookies = readCookies(req);
    // the cookie is spent whatever happens: a state works once
    clearSsoCookie(res, this.config);
    const tester = cookies[SESSION_COOKIE] ? await this.operatorAuth.sessionOf(req) : undefined;
    try {
      const outcome = await this.signIns.callback(cookies[SSO_COOKIE], new URL(req.originalUrl, this.config.baseUrl), {
        ip: clientIp(req, this.config.trustedProxyIps),
        userAgent: req.headers['user-agent'],
        testerId: tester?.userId,
      });
      if (outcome.kind === 'test') {
        return sendPage(res, testReportPage(tester && consoleChrome(this.operatorAuth.pagePrincipal(tester, req)), outcome.report));
      }
      await this.sessions.end(cookies[SESSION_COOKIE], outcome.actor);
      clearSessionCookies(res, this.config);
      setSessionCookie(res, this.config, outcome.token);
      res.redirect(302, safeReturnPath(outcome.returnTo) ?? APP_PATH);
    } catch (err) {
      if (err instanceof SignInRefused) return sendPage(res, ssoRefusedPage(err.status, err.reason), err.status);
      if (err instanceof ProviderUnavailable) return sendPage(res, ssoRefusedPage(503, UNAVAILABLE), 503);
      throw err;
    }
  }

  @Public()
  @Get(':connection_id')
  @HttpCode(302)
  @ApiOperation({
    summary: 'Start single sign-on through one connection',
    description:
      'Public. As `POST /users/sso`, for a known connection (a bookmark, an identity-provider tile). An unknown or disabled connection: the SSO form with ' +
      'the generic message (404).',
  })
  @ApiQuery({ name: 'return_to', required: false, type: String, description: 'the console page to open after signing in' })
  @ApiFoundResponse({ description: "to the identity provider's authorization endpoint" })
  @ApiServiceUnavailableResponse({ description: 'the identity provider could not be reached (HTML)' })
  async byConnection(@Res() res: Response, @Param('connection_id') id: string, @Query('return_to') returnTo?: unknown): Promise<void> {
    const conn = UUID.test(id) ? await this.connections.findForSignIn(id) : undefined;
    if (!conn || conn.status !== 'active')
      return sendPage(res, ssoStartPage({ error: NO_CONNECTION }), 404, { formTargets: this.oidc.providerFormTargets });
    await this.redirectToProvider(res, conn, { returnTo: safeReturnPath(returnTo) });
  }

  private redirectToProvider(res: Response, conn: SsoConnectionRow, opts: { returnTo?: string }): Promise<void> {
    return redirectToProvider(res, this.signIns, this.config, conn, opts);
  }
}

/** Starts a sign-in (or an owner's test sign-in): the flow cookie and a 302 to the provider, or the 503 page. */
export async function redirectToProvider(
  res: Response,
  signIns: SsoSignInService,
  config: AppConfig,
  conn: SsoConnectionRow,
  opts: { returnTo?: string; testBy?: string },
): Promise<void> {
  try {
    const { location, flowToken } = await signIns.start(conn, opts);
    setSsoCookie(res, config, flowToken, SSO_FLOW_TTL_MS);
    res.redirect(302, location);
  } catch (err) {
    // a discovery document that no longer passes its checks is as unusable as an unreachable one
    if (err instanceof ProviderUnavailable || err instanceof SignInRejected) return sendPage(res, ssoRefusedPage(503, UNAVAILABLE), 503);
    throw err;
  }
}
