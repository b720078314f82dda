import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Returns the incoming id when it is 1..128 chars of [A-Za-z0-9._-], otherwise a new UUID. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Express middleware, mounted first: every response carries x-request-id, and the request's
 * header is normalised so loggers and the problem filter read the same value.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  (req as Request & { id: string }).id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}
