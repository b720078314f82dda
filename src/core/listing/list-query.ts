import { BadRequestProblem } from '../common/problem/problem.error';
import { extractFilter } from './filters';
import { isNestedOnly, type ListDefinition, SEARCH_MAX, SEARCH_PARAM } from './list-definition';
import { type Page, pageParamNames, parsePage } from './page';

/** A validated list query: the page and the filters present, by name. */
export interface ListQuery<K extends string = string, P extends boolean = boolean> {
  definition: ListDefinition<K, P>;
  page: Page;
  filters: Readonly<Record<string, string>>;
  /** the trimmed `?q=` of a list with a search, when one was sent */
  search?: string;
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
  const search = definition.search ? parseSearch(query[SEARCH_PARAM]) : undefined;
  return search === undefined ? { definition, page, filters } : { definition, page, filters, search };
}

/** `?q=`: absent or blank is no search; more than SEARCH_MAX characters, or repeated, is 400 invalid_q. */
function parseSearch(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text.length > SEARCH_MAX) {
    throw new BadRequestProblem(`invalid_${SEARCH_PARAM}`, { extra: { parameter: SEARCH_PARAM, maxLength: SEARCH_MAX } });
  }
  return text === '' ? undefined : text;
}

const BRACKETED = /^([^[\]]+)\[([^\]]*)\](.*)$/;

/** A definition's parameter names that may not be bracketed (flat) and its filters (nested), worked out once. */
const structuredNames = new WeakMap<ListDefinition, { flat: Set<string>; nested: Set<string> }>();

function namesOf(definition: ListDefinition): { flat: Set<string>; nested: Set<string> } {
  let names = structuredNames.get(definition);
  if (!names) {
    const page = pageParamNames(definition.page);
    const flat = new Set([page.limit, ...(definition.page.offset ? [page.offset] : []), ...(definition.search ? [SEARCH_PARAM] : [])]);
    const nested = new Set<string>();
    for (const f of definition.filters ?? []) {
      nested.add(f.name);
      if (!isNestedOnly(definition, f)) flat.add(f.name);
    }
    names = { flat, nested };
    structuredNames.set(definition, names);
  }
  return names;
}

function refuseStructured(definition: ListDefinition, query: Record<string, unknown>): void {
  const { flat, nested } = namesOf(definition);
  for (const key of Object.keys(query)) {
    if (!key.includes('[')) continue;
    const m = BRACKETED.exec(key);
    if (!m) continue;
    const [, base, inner, rest] = m;
    if (base === 'filter' && nested.has(inner) && rest !== '') throw new BadRequestProblem(`invalid_${inner}`);
    if (base !== 'filter' && flat.has(base)) throw new BadRequestProblem(`invalid_${base}`);
  }
}
