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

/** The response's own `end`, which `endOutsideContext` calls. */
const END = Symbol('end');
type EndableResponse = Response & { [END]: Response['end'] };

const callEnd = (res: EndableResponse, args: unknown[]): unknown => (res[END] as (...a: unknown[]) => unknown).apply(res, args);

/**
 * `res.end`, run outside the request's context. Every timer, callback and promise Node creates
 * keeps the async context it was created in, and so the request that context holds, with its
 * response, headers, body and principal: whatever ending the response creates is Node's and
 * outlives the request. The keep-alive socket's next idle timeout (set when the response
 * finishes) would hold the finished request until that connection's next one, from the timer
 * list in the old generation: every request's objects would then survive a scavenge and some
 * be promoted, and each such timer is re-created per request (bench/README.md, "The exchange's
 * garbage"). Work the request started before its answer (an audit event written after it, ADR
 * 0240) keeps its context: it was created in it.
 */
function endOutsideContext(this: EndableResponse, ...args: unknown[]): unknown {
  return storage.exit(callEnd, this, args);
}

/**
 * Express middleware, mounted after the body parsers: their callbacks run in the socket's async
 * context, so a store entered before them would be lost by the time the route runs.
 */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const endable = res as EndableResponse;
  endable[END] = res.end;
  res.end = endOutsideContext as Response['end'];
  storage.run(req, next);
}

/** Runs `fn` as if for `req` (tests, and work a request hands to code outside its call chain). */
export const runForRequest = <T>(req: Request, fn: () => T): T => storage.run(req, fn);
