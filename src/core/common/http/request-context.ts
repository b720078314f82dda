import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * The HTTP request that the current code runs for, wherever it is in the call chain: what the
 * audit log reads its actor (the principal the guard set), address, user agent and request id
 * from, so that no service passes them along and no route builds an actor of its own (ADR 0238).
 * Undefined outside a request (jobs, sweeps, socket frames).
 */
const storage = new AsyncLocalStorage<Request>();

export const currentRequest = (): Request | undefined => storage.getStore();

/**
 * Express middleware, mounted after the body parsers: their callbacks run in the socket's async
 * context, so a store entered before them would be lost by the time the route runs.
 */
export function requestContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  storage.run(req, next);
}

/** Runs `fn` as if for `req` (tests, and work a request hands to code outside its call chain). */
export const runForRequest = <T>(req: Request, fn: () => T): T => storage.run(req, fn);
