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

/**
 * Builds the SQL pieces of a parsed list. Values are always $n parameters, numbered after the
 * scope's; column names come only from the definition (checked by defineList).
 */
export function listSql(q: ListQuery, scope: ListScope = {}): ListSql {
  const d = q.definition;
  const col = (c: string) => (scope.alias ? `${scope.alias}.${c}` : c);
  const params: unknown[] = [...(scope.params ?? [])];
  const conditions = scope.sql ? [scope.sql] : [];
  const applied: string[] = [];
  for (const f of d.filters ?? []) {
    const value = q.filters[f.name];
    if (value === undefined) continue;
    params.push(value);
    conditions.push(`${col(filterColumn(f))} = $${params.length}`);
    applied.push(f.name);
  }
  const search = d.search && q.search !== undefined ? { columns: d.search.columns, term: q.search } : undefined;
  if (search) {
    // a substring: its own %, _ and backslashes match literally (ILIKE's default escape is the backslash)
    params.push(`%${search.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(${search.columns.map((c) => `${c.includes('.') ? c : col(c)} ILIKE $${params.length}`).join(' OR ')})`);
  }
  const countParams = [...params];
  params.push(q.page.limit);
  let limit = `LIMIT $${params.length}`;
  if (d.page.offset) {
    params.push(q.page.offset);
    limit += ` OFFSET $${params.length}`;
  }
  return {
    where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    orderBy: `ORDER BY ${orderColumns(d)
      .map((c) => `${col(c)} ${d.order.direction}`)
      .join(', ')}`,
    limit,
    params,
    countParams,
    variant: (applied.length ? `_by_${applied.join('_and_')}` : '') + (search ? '_matching' : ''),
  };
}
