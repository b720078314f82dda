/**
 * What the typed `request(method, path, options)` of AgentClient and OperatorClient shares: the
 * options tuple, and turning `{ params: { path, query }, body, signal }` into the request sent.
 */

/** A tuple that makes the options argument optional when nothing in it is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends O` asks whether every member of O is optional
export type OptionalIfEmpty<O> = {} extends O ? [options?: O] : [options: O];

/** A route's path parameters, as the generated types declare them. */
type PathParams = Record<string, string | number | boolean | null | undefined>;

/** `/api/v1/traces/{id}` with `{ id }` → `/api/v1/traces/<id>`, each value URL-encoded. */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A typed call's options (checked against the document by the caller's signature) as the request to send. */
export function typedRequest(
  path: string,
  options: unknown,
): { path: string; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal } {
  const opts = (options ?? {}) as { params?: { path?: PathParams; query?: Record<string, unknown> }; body?: unknown; signal?: AbortSignal };
  return { path: fillPath(path, opts.params?.path), query: opts.params?.query, body: opts.body, signal: opts.signal };
}
