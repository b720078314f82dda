import { Injectable } from '@nestjs/common';
import { stringifySetCookie } from 'cookie';
import { clientIp } from '../core/common/http/client-ip';
import { ForbiddenProblem, UnauthorizedProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { MachineAuthError } from '../credentials';
import { readCookies, OperatorAuthStrategy, REMEMBER_ME_COOKIE, SESSION_COOKIE } from '../sessions';
import { SocketTokensService } from '../socket-tokens';
import type { SocketIdentity } from './socket-registry';
import type { CookieOptions, Request } from 'express';
import type { IncomingMessage } from 'node:http';

export interface AuthenticatedUpgrade {
  identity: SocketIdentity;
  /** Set-Cookie values for the 101 response (an operator session reissued or restored at the upgrade). */
  setCookies: string[];
}

interface RecordedCookie {
  name: string;
  value: string;
  header: string;
}

/**
 * Stands in for the Express response that session authentication writes cookies to: an upgrade
 * has no response object until the 101, so the cookies are recorded and sent with it.
 */
function cookieRecorder(into: RecordedCookie[]) {
  return {
    cookie(name: string, value: string, options: CookieOptions = {}) {
      const maxAge = options.maxAge === undefined ? undefined : Math.floor(options.maxAge / 1000);
      const header = stringifySetCookie({
        name,
        value,
        httpOnly: options.httpOnly,
        secure: options.secure,
        sameSite: options.sameSite,
        path: options.path,
        maxAge,
        expires: maxAge === undefined ? undefined : new Date(Date.now() + maxAge * 1000),
      });
      into.push({ name, value, header });
      return this;
    },
  };
}

/**
 * Authentication of websocket upgrades, with the same services as HTTP: a service agent presents
 * a socket token (query parameter socket_token) checked by SocketTokensService against its
 * credential's current state; an operator's browser presents its session cookie, resolved by the
 * operator session strategy of the HTTP guard. Refusals are ProblemErrors whose status the
 * upgrade answers with (401, 403).
 */
@Injectable()
export class SocketAuthService {
  constructor(
    private readonly config: AppConfig,
    private readonly tokens: SocketTokensService,
    private readonly operators: OperatorAuthStrategy,
  ) {}

  async authenticate(req: IncomingMessage): Promise<AuthenticatedUpgrade> {
    const origin = req.headers.origin;
    // SPEC.md: in production, upgrades are accepted only from the configured HTTPS origin.
    if (this.config.isProduction && origin !== this.config.baseOrigin) throw new ForbiddenProblem('origin_not_allowed');
    const presented = new URL(req.url ?? '/', 'http://upgrade.invalid').searchParams.getAll('socket_token');
    if (presented.length > 1) throw new MachineAuthError('invalid_token');
    if (presented.length === 1) {
      const principal = await this.tokens.authenticate(presented[0], () => clientIp(req, this.config.trustedProxyIps));
      return { identity: { kind: 'service_agent', ...principal }, setCookies: [] };
    }
    return this.authenticateOperator(req, origin);
  }

  private async authenticateOperator(req: IncomingMessage, origin: string | undefined): Promise<AuthenticatedUpgrade> {
    const cookies = readCookies(req as Request);
    if (!cookies[SESSION_COOKIE] && !cookies[REMEMBER_ME_COOKIE]) throw new UnauthorizedProblem('socket_token_required');
    // The cookie is ambient authority: as for unsafe requests to operator routes, a browser
    // Origin other than BASE_URL's is refused (cross-site websocket hijacking).
    if (origin !== undefined && origin !== this.config.baseOrigin) throw new ForbiddenProblem('cross_origin_request');
    const recorded: RecordedCookie[] = [];
    const view = Object.create(req, { res: { value: cookieRecorder(recorded) } }) as Request;
    const session = await this.operators.sessionOf(view);
    if (!session) throw new UnauthorizedProblem('session_required');
    // A session reissued at this upgrade comes back with its new id: log-out will name that one.
    return {
      identity: { kind: 'operator', sessionId: session.sessionId, userId: session.userId },
      setCookies: recorded.map((cookie) => cookie.header),
    };
  }
}
