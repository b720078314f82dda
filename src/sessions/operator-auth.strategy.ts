import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import {
  AuthPolicy,
  AuthStrategy,
  AuthStrategyFor,
  principalOf,
  RequestWithPrincipal,
  registerParamRequirement,
  roleAtLeast,
} from '../auth';
import { ForbiddenProblem, UnauthorizedProblem } from '../core/common/problem/problem.error';
import { RedirectError } from '../core/common/problem/redirect';
import { AppConfig } from '../core/config/app-config';
import { readCookies, setRememberMeCookie, setSessionCookie, verifyRememberMe } from './cookies';
import { safeReturnPath } from './return-path';
import {
  APP_PATH,
  LOGIN_PATH,
  REAUTHENTICATE_PATH,
  REMEMBER_ME_COOKIE,
  SECURITY_PAGE_PATH,
  SESSION_COOKIE,
  WORKSPACE_COOKIE,
} from './session.constants';
import { SessionsService } from './sessions.service';
import type { OperatorMembership, OperatorPrincipal, WorkspaceOperatorPrincipal } from './operator-principal';
import type { SessionUser } from './sessions.repository';
import type { Request, Response } from 'express';

type OperatorPolicy = Extract<AuthPolicy, { kind: 'operator' }>;

/**
 * @OperatorAuth: a live browser session. Falls back to the signed remember-me cookie when the
 * session cookie is gone, reissues sessions older than 7 days, picks the workspace the request
 * acts on, and enforces the route's minimum role or platform-admin right.
 * No session: 401 problem on JSON routes, 302 to the login page on pages.
 */
@AuthStrategyFor('operator')
@Injectable()
export class OperatorAuthStrategy implements AuthStrategy<OperatorPolicy, OperatorPrincipal> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
  ) {}

  async authenticate(req: Request, policy: OperatorPolicy): Promise<OperatorPrincipal> {
    const cookies = readCookies(req);
    const session = await this.sessionOf(req, cookies);
    if (!session) {
      if (policy.page) {
        // Back to the page asked for after logging in (a GET of a console page; /app is the default).
        const back = req.method === 'GET' ? safeReturnPath(req.originalUrl) : undefined;
        throw new RedirectError(back && back !== APP_PATH ? `${LOGIN_PATH}?return_to=${encodeURIComponent(back)}` : LOGIN_PATH);
      }
      throw new UnauthorizedProblem('session_required');
    }
    // Pages act on the workspace the header's switcher chose (a cookie; ADR 0265) while the account
    // is still its member; JSON routes on x-workspace-id, else the oldest membership (API.md).
    const chosen = policy.page ? cookies[WORKSPACE_COOKIE] : undefined;
    let principal = this.principal(session, req.headers['x-workspace-id'], chosen);
    if (policy.platformAdmin) {
      if (!principal.platformAdmin) throw new ForbiddenProblem('platform_admin_required');
      principal = { ...principal, actor: { type: 'platform_admin', id: principal.userId, label: principal.email } };
    }
    if (policy.role && (principal.role === null || !roleAtLeast(principal.role, policy.role))) {
      throw new ForbiddenProblem('insufficient_role');
    }
    if (!policy.mfaEnrollment && mustEnrollMfa(principal)) {
      if (policy.page) throw new RedirectError(SECURITY_PAGE_PATH);
      throw new ForbiddenProblem('mfa_enrollment_required');
    }
    if (policy.recentAuth && !this.sessions.recentlyAuthenticated(principal.auth)) {
      if (policy.page) {
        const back = req.method === 'GET' ? safeReturnPath(req.originalUrl) : undefined;
        throw new RedirectError(back ? `${REAUTHENTICATE_PATH}?return_to=${encodeURIComponent(back)}` : REAUTHENTICATE_PATH);
      }
      throw new ForbiddenProblem('reauthentication_required');
    }
    return principal;
  }

  /**
   * The session of the request, logging back in from remember-me and reissuing when due (then the
   * new session is returned, and its cookies are set on `req.res`).
   */
  async sessionOf(req: Request, cookies = readCookies(req)): Promise<SessionUser | undefined> {
    const res = req.res as Response;
    let token = cookies[SESSION_COOKIE];
    let session = await this.sessions.resolve(token);
    let restored = false;
    if (!session) {
      const remembered = verifyRememberMe(this.config, cookies[REMEMBER_ME_COOKIE]);
      if (remembered && remembered !== token) {
        session = await this.sessions.resolve(remembered);
        token = remembered;
        restored = session !== undefined;
      }
    }
    if (!session) return undefined;
    if (this.sessions.needsReissue(session)) {
      const fresh = await this.sessions.reissue(session);
      if (fresh) {
        token = fresh.token;
        session = fresh.session;
        restored = true;
        if (cookies[REMEMBER_ME_COOKIE]) setRememberMeCookie(res, this.config, fresh.token);
      }
    }
    if (restored && token) setSessionCookie(res, this.config, token);
    return session;
  }

  /** The operator of a page request whose session was resolved by `sessionOf` (the SSO test sign-in's report). */
  pagePrincipal(session: SessionUser, req: Request): OperatorPrincipal {
    return this.principal(session, undefined, readCookies(req)[WORKSPACE_COOKIE]);
  }

  /** The session's memberships were read with it (SessionsRepository.findLiveSessionUser). */
  private principal(session: SessionUser, requested: string | string[] | undefined, chosen: string | undefined): OperatorPrincipal {
    const workspaces = session.memberships;
    let current: OperatorMembership | undefined = (chosen && workspaces.find((w) => w.id === chosen)) || workspaces[0];
    if (requested !== undefined) {
      const id = Array.isArray(requested) ? requested[0] : requested;
      current = typeof id === 'string' && isUUID(id) ? workspaces.find((w) => w.id === id.toLowerCase()) : undefined;
      if (!current) throw new ForbiddenProblem('not_a_member');
    }
    return {
      kind: 'operator',
      via: 'session',
      userId: session.userId,
      email: session.email,
      name: session.name,
      sessionId: session.sessionId,
      // listed and proven: an account that merely claims a listed address (registered before its
      // owner did, or re-addressed by a workspace's SCIM) is no admin until a reset link mailed to it is used
      platformAdmin: session.emailConfirmed && this.config.platformAdminEmails.has(session.email),
      workspaceId: current?.id ?? null,
      role: current?.role ?? null,
      workspaces,
      auth: session.auth,
      mfaEnabled: session.mfaEnabled,
      scopes: [],
      rateLimitSubject: null,
      actor: { type: 'user', id: session.userId, label: session.email },
    };
  }
}

/**
 * The workspace the request acts on requires a second factor, and the account has none: only the
 * routes that enroll one stay open (API.md Part 3). An SSO session satisfies the policy (the
 * identity provider answers for the factors).
 */
export const mustEnrollMfa = (p: OperatorPrincipal): boolean =>
  !p.mfaEnabled && p.auth.method !== 'sso' && p.workspaces.some((w) => w.id === p.workspaceId && w.require_mfa);

const operatorOf = (ctx: ExecutionContext, decorator: string): OperatorPrincipal =>
  principalOf<OperatorPrincipal>(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'operator', decorator);

/** The authenticated operator of the current request. */
export const CurrentOperator = createParamDecorator((_: unknown, ctx: ExecutionContext): OperatorPrincipal =>
  operatorOf(ctx, '@CurrentOperator()'),
);

/**
 * The operator of a route that acts on a workspace, whose workspace and role cannot be missing:
 * only for routes declaring `@OperatorAuth({ role })` (the route walk checks it).
 */
export function workspaceOperatorOf(_: unknown, ctx: ExecutionContext): WorkspaceOperatorPrincipal {
  const operator = operatorOf(ctx, '@WorkspaceOperator()');
  if (operator.workspaceId === null || operator.role === null) {
    throw new Error('@WorkspaceOperator() used on a route whose @OperatorAuth declares no role');
  }
  return operator as WorkspaceOperatorPrincipal;
}
export const WorkspaceOperator = createParamDecorator(workspaceOperatorOf);
registerParamRequirement(workspaceOperatorOf, {
  decorator: '@WorkspaceOperator()',
  satisfiedBy: (policy) => policy.kind === 'operator' && policy.role !== undefined,
});
