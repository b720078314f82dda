import { BadRequestProblem } from '../common/problem/problem.error';
import type { InvalidQueryParameter } from '../common/problem/problem-codes';

export interface Range {
  min: number;
  max: number;
}

/** A list's page rules (SPEC.md Lists): limit range and default, offset range when it pages by offset. */
export interface PageRules {
  limit: Range & { default: number };
  /** absent: no offset parameter, every read starts at 0 */
  offset?: Range;
  /** query parameter names, when not `limit`/`offset` (e.g. a show payload's `target_limit`) */
  names?: { limit: string; offset: string };
}

export interface Page {
  limit: number;
  offset: number;
}

export interface PaginationMeta {
  limit: number;
  offset: number;
  total: number;
  has_more: boolean;
}

const INTEGER = /^(0|[1-9][0-9]{0,8})$/;

function parseBounded(raw: unknown, range: Range, fallback: number, code: InvalidQueryParameter): number {
  if (raw === undefined) return fallback;
  const refused = () => new BadRequestProblem(code, { extra: { minimum: range.min, maximum: range.max } });
  if (typeof raw !== 'string' || !INTEGER.test(raw)) throw refused();
  const value = Number(raw);
  if (value < range.min || value > range.max) throw refused();
  return value;
}

export const pageParamNames = (rules: PageRules) => rules.names ?? { limit: 'limit', offset: 'offset' };

/**
 * limit/offset from a query string, each checked against the route's range (SPEC.md Lists).
 * Outside the range, not an integer, or repeated: 400 invalid_<param> (invalid_limit / invalid_offset).
 * Pagination never widens scope: callers always filter by the authenticated workspace.
 */
export function parsePage(query: Record<string, unknown>, rules: PageRules): Page {
  const names = pageParamNames(rules);
  return {
    limit: parseBounded(query[names.limit], rules.limit, rules.limit.default, `invalid_${names.limit}`),
    offset: rules.offset ? parseBounded(query[names.offset], rules.offset, 0, `invalid_${names.offset}`) : 0,
  };
}

export function paginationMeta(page: Page, total: number): PaginationMeta {
  return { limit: page.limit, offset: page.offset, total, has_more: page.offset + page.limit < total };
}
