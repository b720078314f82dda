/** An Express router layer as the prefilter needs it: routes have `route`, middleware does not. */
export interface PrefilterLayer {
  route?: unknown;
  rawPath?: unknown;
  match(path: string): unknown;
}

/** What ends the literal start of a route path (path-to-regexp's reserved characters). */
const RESERVED = /[{}()[\]+?!:*\\]/;

/** The lower-cased text every path a route matches starts with, ignoring case; '' when the path starts with a parameter. */
export function literalPrefix(routePath: string): string {
  const cut = routePath.search(RESERVED);
  return (cut === -1 ? routePath : routePath.slice(0, cut)).toLowerCase();
}

const PREFILTERED = Symbol('route-prefilter');

/**
 * Makes the router's route layers refuse a path that cannot match before running their regular
 * expression. Express looks for a request's route layer by layer, running each route's regular
 * expression in registration order, so a route registered late paid for every route before it:
 * about 0.26 µs a layer on this machine, 15 µs for `GET /api/v1/operator/service_agents` (the
 * 89th of 286 layers) against `GET /api/v1/messages` (the 32nd), 60 µs for the last ones (ADR
 * 0264). A route's literal start (its text up to the first parameter, wildcard or group) is
 * compared first, ignoring case as the router does by default; only a path that starts with it
 * runs the expression. The check only ever turns away paths the expression would refuse: a path
 * whose lower-cased form does not start with the lower-cased literal cannot match it, with or
 * without case sensitivity (JavaScript's case-insensitive matching never pairs a non-ASCII
 * character with an ASCII one, and the literals are ASCII). Routes with several paths or a
 * regular expression for a path are left as they are. The lower-cased path is computed once per
 * look-up (the router calls every layer with the same string).
 */
export function prefilterRoutes(stack: PrefilterLayer[]): number {
  let lastPath: string | undefined;
  let lastLower = '';
  const lower = (path: string) => {
    if (path !== lastPath) {
      lastPath = path;
      lastLower = path.toLowerCase();
    }
    return lastLower;
  };
  let wrapped = 0;
  for (const layer of stack) {
    if (!layer.route || typeof layer.rawPath !== 'string' || (layer as { [PREFILTERED]?: true })[PREFILTERED]) continue;
    const prefix = literalPrefix(layer.rawPath);
    if (prefix.length <= 1) continue;
    const match = layer.match.bind(layer);
    layer.match = (path: string) => (typeof path === 'string' && !lower(path).startsWith(prefix) ? false : match(path));
    (layer as { [PREFILTERED]?: true })[PREFILTERED] = true;
    wrapped++;
  }
  return wrapped;
}
