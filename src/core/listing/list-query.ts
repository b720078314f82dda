import { extractFilter } from './filters';
import { isNestedOnly, type ListDefinition } from './list-definition';
import { type Page, parsePage } from './page';

/** A validated list query: the page and the filters present, by name. */
export interface ListQuery<K extends string = string, P extends boolean = boolean> {
  definition: ListDefinition<K, P>;
  page: Page;
  filters: Readonly<Record<string, string>>;
}

/**
 * Reads a list's query string against its definition: the page first (400 invalid_limit /
 * invalid_offset), then each declared filter in order (400 invalid_<name>). Parameters the
 * definition does not declare are ignored.
 */
export function parseList<K extends string, P extends boolean>(
  definition: ListDefinition<K, P>,
  query: Record<string, unknown>,
): ListQuery<K, P> {
  const page = parsePage(query, definition.page);
  const filters: Record<string, string> = {};
  for (const f of definition.filters ?? []) {
    const value = extractFilter(query, f.name, f.values, { nestedOnly: isNestedOnly(definition, f) });
    if (value !== undefined) filters[f.name] = value;
  }
  return { definition, page, filters };
}
