import { createHmac } from 'node:crypto';
import { parseCookie } from 'cookie';
import { constantTimeEqual } from '../core/common/crypto/secrets';
import {
  MFA_COOKIE,
  MFA_PENDING_TTL_MS,
  REMEMBER_ME_COOKIE,
  REMEMBER_ME_MAX_AGE_MS,
  SESSION_COOKIE,
  SSO_COOKIE,
  SSO_COOKIE_PATH,
  WORKSPACE_COOKIE,
} from './session.constants';
import type { AppConfig } from '../core/config/app-config';
import type { CookieOptions, Request, Response } from 'express';

export function readCookies(req: Request): Record<string, string | undefined> {
  const header = req.headers.cookie;
  return header ? parseCookie(header) : {};
}

const baseOptions = (config: AppConfig): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: config.isProduction,
  path: '/',
});

/** A browser-session cookie (no Max-Age): the server-side row carries the 14-day lifetime. */
export function setSessionCookie(res: Response, config: AppConfig, token: string): void {
  res.cookie(SESSION_COOKIE, token, baseOptions(config));
}

/** The console's workspace choice: a preference, not a credential (the membership is checked on each request). */
export function setWorkspaceCookie(res: Response, config: AppConfig, workspaceId: string): void {
  res.cookie(WORKSPACE_COOKIE, workspaceId, { ...baseOptions(config), maxAge: REMEMBER_ME_MAX_AGE_MS });
}

export function setRememberMeCookie(res: Response, config: AppConfig, token: string): void {
  res.cookie(REMEMBER_ME_COOKIE, signRememberMe(config, token), { ...baseOptions(config), maxAge: REMEMBER_ME_MAX_AGE_MS });
}

/** The pending second-factor step's cookie: HttpOnly, SameSite=Lax, Secure in production, 5 minutes. */
export function setMfaCookie(res: Response, config: AppConfig, token: string): void {
  res.cookie(MFA_COOKIE, token, { ...baseOptions(config), maxAge: MFA_PENDING_TTL_MS });
}

export function clearMfaCookie(res: Response, config: AppConfig): void {
  res.clearCookie(MFA_COOKIE, baseOptions(config));
}

/** A sign-in in flight at an identity provider: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), 10 minutes, only under /users/sso. */
export function setSsoCookie(res: Response, config: AppConfig, token: string, maxAgeMs: number): void {
  res.cookie(SSO_COOKIE, token, { ...baseOptions(config), path: SSO_COOKIE_PATH, maxAge: maxAgeMs });
}

export function clearSsoCookie(res: Response, config: AppConfig): void {
  res.clearCookie(SSO_COOKIE, { ...baseOptions(config), path: SSO_COOKIE_PATH });
}

export function clearSessionCookies(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, baseOptions(config));
  res.clearCookie(REMEMBER_ME_COOKIE, baseOptions(config));
}

const mac = (config: AppConfig, token: string) =>
  createHmac('sha256', config.sessionSecret).update(`remember_me:${token}`).digest('base64url');

/** `<token>.<HMAC-SHA256(SESSION_SECRET)>`: tampering or another secret makes it unreadable. */
export function signRememberMe(config: AppConfig, token: string): string {
  return `${token}.${mac(config, token)}`;
}

export function verifyRememberMe(config: AppConfig, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const token = value.slice(0, dot);
  return constantTimeEqual(value.slice(dot + 1), mac(config, token)) ? token : undefined;
}
