import type { Request } from 'express';

/**
 * What the auth guard tells the problem filter about a request, for `auth_failures_total`: the
 * mechanism the route is reached by, and whether a refusal was already counted (by the guard,
 * when authentication itself refused). The filter counts every other 401 and 403 answer.
 */
const MECHANISM = Symbol('auth mechanism');
const COUNTED = Symbol('auth refusal counted');

type Marked = Request & { [MECHANISM]?: string; [COUNTED]?: boolean };

export const setAuthMechanism = (req: Request, mechanism: string): void => {
  (req as Marked)[MECHANISM] = mechanism;
};
export const markAuthRefusalCounted = (req: Request): void => {
  (req as Marked)[COUNTED] = true;
};
/** The mechanism label of a refusal still to count, or undefined when the guard counted it. */
export const uncountedRefusalMechanism = (req: Request): string | undefined =>
  (req as Marked)[COUNTED] ? undefined : ((req as Marked)[MECHANISM] ?? 'none');
