import { BadRequestProblem } from '../problem/problem.error';

/**
 * The shared filter extraction of SPEC.md (Operator list filters): `?name=` and `?filter[name]=`,
 * the nested value winning when both are present. With `nestedOnly`, a top-level value is
 * ignored. A value outside `allowed` is a 400 with detail `invalid_<name>`.
 */
export function extractFilter<T extends string>(
  query: Record<string, unknown>,
  name: string,
  allowed: readonly T[],
  options: { nestedOnly?: boolean } = {},
): T | undefined {
  const nestedMap = query.filter;
  const nested =
    nestedMap !== null && typeof nestedMap === 'object' && !Array.isArray(nestedMap)
      ? (nestedMap as Record<string, unknown>)[name]
      : query[`filter[${name}]`];
  const value = nested !== undefined ? nested : options.nestedOnly ? undefined : query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new BadRequestProblem(`invalid_${name}`);
  }
  return value as T;
}
