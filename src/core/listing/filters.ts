import { BadRequestProblem } from '../common/problem/problem.error';

/** What a filter accepts: one of a fixed list of values, or any UUID. */
export type FilterValues = readonly string[] | 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const accepts = (values: FilterValues, value: string) => (values === 'uuid' ? UUID.test(value) : values.includes(value));

/**
 * The shared filter extraction of SPEC.md (Operator list filters): `?name=` and `?filter[name]=`,
 * the nested value winning when both are present. With `nestedOnly`, a top-level value is
 * ignored. A value not accepted (outside the list, not a UUID, repeated) is a 400 with detail
 * `invalid_<name>` and `extra: { parameter, allowed }` (or `format: 'uuid'`).
 */
export function extractFilter<T extends string>(
  query: Record<string, unknown>,
  name: string,
  values: readonly T[] | 'uuid',
  options: { nestedOnly?: boolean } = {},
): T | undefined {
  const nestedMap = query.filter;
  const nested =
    nestedMap !== null && typeof nestedMap === 'object' && !Array.isArray(nestedMap)
      ? (nestedMap as Record<string, unknown>)[name]
      : query[`filter[${name}]`];
  const value = nested !== undefined ? nested : options.nestedOnly ? undefined : query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !accepts(values, value)) {
    // the fixed detail names the parameter; extra says what it takes (issue 57)
    const takes = values === 'uuid' ? { format: 'uuid' } : { allowed: [...values] };
    throw new BadRequestProblem(`invalid_${name}`, { extra: { parameter: name, ...takes } });
  }
  return value as T;
}
