import { filterColumn, orderColumns } from './list-definition';
import type { ListQuery } from './list-query';

/** The repository's own condition (the workspace scope) and its values, numbered from $1. */
export interface ListScope {
  /** e.g. `t.workspace_id = $1`; omitted for an unscoped (platform) list */
  sql?: string;
  params?: readonly unknown[];
  /** table alias the definition's columns are qualified with */
  alias?: string;
}

/** Pieces of a list's SELECT and COUNT, for the repository to place around its own select list and FROM. */
export interface ListSql {
  /** `WHERE <scope> AND col = $n ...`, or '' when there is neither scope nor filter */
  where: string;
  /** `ORDER BY a DESC, id DESC` */
  orderBy: string;
  /** `LIMIT $n OFFSET $m` (`LIMIT $n` for a list without offset) */
  limit: string;
  /** scope, filter values, then limit (and offset): for the page read */
  params: unknown[];
  /** scope and filter values: for the count */
  countParams: unknown[];
  /** '' or `_by_<filter>[_and_<filter>]`, then `_matching` with a search: tells the texts apart, for prepared statement names */
  variant: string;
}

/** The values of a parsed list, in the order of its statement's $n, and which of its texts it runs. */
export type ListValues = Pick<ListSql, 'params' | 'countParams' | 'variant'>;

/**
 * A parsed list's parameters (scope, filter values, the search's pattern, then limit and offset)
 * and its variant, without its SQL: what a list declared at load (listStatements) needs per
 * request, since its texts were built then. listSql places its $n from these.
 */
export function listValues(q: ListQuery, scopeParams: readonly unknown[] = []): ListValues & { applied: string[]; searched: boolean } {
  const d = q.definition;
  const params: unknown[] = [...scopeParams];
  const applied: string[] = [];
  for (const f of d.filters ?? []) {
    const value = q.filters[f.name];
    if (value === undefined) continue;
    params.push(value);
    applied.push(f.name);
  }
  const searched = d.search !== undefined && q.search !== undefined;
  // a substring: its own %, _ and backslashes match literally (ILIKE's default escape is the backslash)
  if (searched) params.push(`%${q.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const countParams = [...params];
  params.push(q.page.limit);
  if (d.page.offset) params.push(q.page.offset);
  const variant = (applied.length ? `_by_${applied.join('_and_')}` : '') + (searched ? '_matching' : '');
  return { params, countParams, variant, applied, searched };
}

/**
 * Builds the SQL pieces of a parsed list. Values are always $n parameters, numbered after the
 * scope's; column names come only from the definition (checked by defineList).
 */
export function listSql(q: ListQuery, scope: ListScope = {}): ListSql {
  const d = q.definition;
  const col = (c: string) => (scope.alias ? `${scope.alias}.${c}` : c);
  const { params, countParams, variant, applied, searched } = listValues(q, scope.params);
  const first = (scope.params ?? []).length + 1;
  const conditions = scope.sql ? [scope.sql] : [];
  const byName = new Map((d.filters ?? []).map((f) => [f.name, f]));
  applied.forEach((name, i) => conditions.push(`${col(filterColumn(byName.get(name)!))} = $${first + i}`));
  if (searched) {
    const n = first + applied.length;
    conditions.push(`(${d.search!.columns.map((c) => `${c.includes('.') ? c : col(c)} ILIKE $${n}`).join(' OR ')})`);
  }
  let limit = `LIMIT $${countParams.length + 1}`;
  if (d.page.offset) limit += ` OFFSET $${countParams.length + 2}`;
  return {
    where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    orderBy: `ORDER BY ${orderColumns(d)
      .map((c) => `${col(c)} ${d.order.direction}`)
      .join(', ')}`,
    limit,
    params,
    countParams,
    variant,
  };
}
