import type { AppConfig } from '../../config/app-config';
import type { NextFunction, Request, Response } from 'express';

/**
 * The hardening headers of every response (ADR 0229): `x-content-type-options: nosniff`, so a
 * browser never runs a JSON body, an upload or a problem as HTML or script; and in production
 * `strict-transport-security` (HSTS_MAX_AGE_SECONDS, with `includeSubDomains` when
 * HSTS_INCLUDE_SUBDOMAINS is true). Outside production BASE_URL may be plain http, and HSTS there
 * would pin a developer's browser to https on localhost. Pages add their own CSP and framing
 * headers (pages/layout.ts).
 */
export function securityHeaders(config: Pick<AppConfig, 'isProduction' | 'hsts'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (config.isProduction) {
    const { maxAgeSeconds, includeSubDomains } = config.hsts;
    headers['strict-transport-security'] = `max-age=${maxAgeSeconds}${includeSubDomains ? '; includeSubDomains' : ''}`;
  }
  return Object.freeze(headers);
}

/** Express middleware, mounted first: sets securityHeaders() on every response. */
export function securityHeadersMiddleware(config: Pick<AppConfig, 'isProduction' | 'hsts'>) {
  const headers = Object.entries(securityHeaders(config));
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
