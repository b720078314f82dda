import type { InvalidQueryParameter } from '../problem/problem-codes';
import { BadRequestProblem } from '../problem/problem.error';

export interface Range {
  min: number;
  max: number;
}

export interface PaginationRules {
  limit: Range & { default: number };
  offset?: Range;
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
  if (typeof raw !== 'string' || !INTEGER.test(raw)) throw new BadRequestProblem(code);
  const value = Number(raw);
  if (value < range.min || value > range.max) throw new BadRequestProblem(code);
  return value;
}

/**
 * limit/offset from a query string, each checked against the route's range (SPEC.md Lists).
 * Outside the range, not an integer, or repeated: 400 invalid_limit / invalid_offset.
 * Pagination never widens scope: callers always filter by the authenticated workspace.
 */
export function parsePage(query: Record<string, unknown>, rules: PaginationRules, limitParam = 'limit'): Page {
  return {
    limit: parseBounded(query[limitParam], rules.limit, rules.limit.default, `invalid_${limitParam}`),
    offset: rules.offset ? parseBounded(query.offset, rules.offset, 0, 'invalid_offset') : 0,
  };
}

export function paginationMeta(page: Page, total: number): PaginationMeta {
  return { limit: page.limit, offset: page.offset, total, has_more: page.offset + page.limit < total };
}
