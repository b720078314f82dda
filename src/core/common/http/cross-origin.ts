import { ForbiddenProblem } from '../problem/problem.error';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-origin protection for unsafe requests to pages and operator routes, as Go's
 * http.CrossOriginProtection decides (API.md): Sec-Fetch-Site same-origin or none passes,
 * cross-site or same-site is refused; without Sec-Fetch-Site, an Origin other than BASE_URL's
 * is refused; with neither header the request passes (non-browser clients).
 */
export function crossOriginProtection(allowedOrigin: string) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site.length > 0) {
      return site === 'same-origin' || site === 'none' ? next() : next(refused());
    }
    const origin = req.headers.origin;
    if (typeof origin === 'string' && origin.length > 0 && origin !== allowedOrigin) return next(refused());
    next();
  };
}

const refused = () => new ForbiddenProblem('cross_origin_request');

/** Where the protection applies: browser pages and the operator and admin REST routes. */
export const CROSS_ORIGIN_PROTECTED_PATHS = ['/users', '/app', '/admin', '/api/v1/operator', '/api/v1/admin'];
