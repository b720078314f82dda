/**
 * A list query as a console page's filter form sends it: an empty field or `any` option means no
 * filter, so empty nested (`filter[x]=`) and top-level values are dropped before parseList.
 */
export function withoutEmptyFilters(query: Record<string, unknown>): Record<string, unknown> {
  const nested = query.filter;
  const out = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    out.filter = Object.fromEntries(Object.entries(nested as Record<string, unknown>).filter(([, v]) => v !== ''));
  }
  return out;
}
