import { extractFilter } from './filters';
import { isNestedOnly, type ListDefinition } from './list-definition';
import { BadRequestProblem } from '../common/problem/problem.error';
import { type Page, pageParamNames, parsePage } from './page';

/** A validated list query: the page and the filters present, by name. */
export interface ListQuery<K extends string = string, P extends boolean = boolean> {
  definition: ListDefinition<K, P>;
  page: Page;
  filters: Readonly<Record<string, string>>;
}

/**
 * Reads a list's query string against its definition: the page first (400 invalid_limit /
 * invalid_offset), then each declared filter in order (400 invalid_<name>). Parameters the
 * definition does not declare are ignored. A declared parameter sent in a bracket form that
 * makes it an array or an object (`limit[]=1`, `status[x]=a`, `filter[status][]=a`) is 400
 * invalid_<name>, never silently dropped.
 */
export function parseList<K extends string, P extends boolean>(
  definition: ListDefinition<K, P>,
  query: Record<string, unknown>,
): ListQuery<K, P> {
  refuseStructured(definition, query);
  const page = parsePage(query, definition.page);
  const filters: Record<string, string> = {};
  for (const f of definition.filters ?? []) {
    const value = extractFilter(query, f.name, f.values, { nestedOnly: isNestedOnly(definition, f) });
    if (value !== undefined) filters[f.name] = value;
  }
  return { definition, page, filters };
}

const BRACKETED = /^([^[\]]+)\[([^\]]*)\](.*)$/;

function refuseStructured(definition: ListDefinition, query: Record<string, unknown>): void {
  const names = pageParamNames(definition.page);
  const flat = new Set([names.limit, ...(definition.page.offset ? [names.offset] : [])]);
  const nested = new Set<string>();
  for (const f of definition.filters ?? []) {
    nested.add(f.name);
    if (!isNestedOnly(definition, f)) flat.add(f.name);
  }
  for (const key of Object.keys(query)) {
    const m = BRACKETED.exec(key);
    if (!m) continue;
    const [, base, inner, rest] = m;
    if (base === 'filter' && nested.has(inner) && rest !== '') throw new BadRequestProblem(`invalid_${inner}`);
    if (base !== 'filter' && flat.has(base)) throw new BadRequestProblem(`invalid_${base}`);
  }
}
