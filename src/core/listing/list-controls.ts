import { html, SafeHtml } from '../pages/html';
import { SEARCH_PARAM } from './list-definition';
import { pageParamNames } from './page';
import type { ListQuery } from './list-query';

/**
 * The console's controls of a list page, from the list's own definition (the one its REST list
 * parses): a search box and a select per fixed-valued filter, and Previous/Next links that keep
 * them. A page reads its query with `parseList(DEF, withoutEmptyFilters(query))`, as the REST
 * list does, so a refusal there is the REST list's refusal.
 */

/** The address of the list at `offset`, with its filters, search and (when not the default) limit. */
export function listPageHref(path: string, q: ListQuery, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(q.filters)) params.set(`filter[${name}]`, value);
  if (q.search !== undefined) params.set(SEARCH_PARAM, q.search);
  const names = pageParamNames(q.definition.page);
  if (q.page.limit !== q.definition.page.limit.default) params.set(names.limit, String(q.page.limit));
  if (offset > 0) params.set(names.offset, String(offset));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** What a search box says it searches: `serial number or name` (a joined table's alias left out). */
export const searchedWords = (columns: readonly string[]) => columns.map((c) => (c.split('.').pop() ?? c).replace(/_/g, ' ')).join(' or ');

/** Whether the operator narrowed the list (an empty state then says so, and offers to clear). */
export const isNarrowed = (q: ListQuery) => q.search !== undefined || Object.keys(q.filters).length > 0;

/** A list page's empty state: what to do next (`next`), or, narrowed by a search or filter, that nothing matched and the way back to all. */
export const listEmpty = (id: string, path: string, q: ListQuery, next: SafeHtml | string): SafeHtml =>
  html`<p id="${id}">${isNarrowed(q) ? html`Nothing matches. <a href="${path}">Show all</a>` : next}</p>`;

/** The search and filter form of a list page; `labels` names a filter (default: its name). */
export function listFilterForm(path: string, q: ListQuery, labels: Readonly<Record<string, string>> = {}): SafeHtml {
  const d = q.definition;
  const search = d.search
    ? html`<div class="field"><label for="list-q">Search</label><input id="list-q" name="${SEARCH_PARAM}" type="search" maxlength="100" value="${q.search ?? ''}" placeholder="${searchedWords(d.search.columns)}"></div>`
    : '';
  const selects = (d.filters ?? []).map((f) => {
    const current = q.filters[f.name];
    if (f.values === 'uuid') return current ? html`<input type="hidden" name="filter[${f.name}]" value="${current}">` : '';
    return html`<div class="field"><label for="list-${f.name}">${labels[f.name] ?? f.name.replace(/_/g, ' ')}</label><select id="list-${f.name}" name="filter[${f.name}]">
<option value="">any</option>${f.values.map((v) => html`<option value="${v}"${v === current ? html` selected` : ''}>${v.replace(/_/g, ' ')}</option>`)}</select></div>`;
  });
  return html`<form method="get" action="${path}" role="search" class="list-controls">${search}${selects}<div class="field"><button type="submit">Apply</button>${
    isNarrowed(q) ? html` <a href="${path}">Clear</a>` : ''
  }</div></form>`;
}

/**
 * "21-40 of 312" and the links to the pages around it. `total` is the list's count where its
 * envelope has one; without it (an unpaginated envelope) a full page means there may be more.
 */
export function listPager(path: string, q: ListQuery, shown: number, total?: number): SafeHtml {
  const { limit, offset } = q.page;
  // an empty first page has its empty state; past the end, the way back
  if (shown === 0 && offset === 0) return html``;
  const range = shown === 0 ? 'none' : `${offset + 1}-${offset + shown}`;
  const more = total !== undefined ? offset + shown < total : shown === limit;
  const previous = offset > 0 ? html`<a href="${listPageHref(path, q, Math.max(0, offset - limit))}" rel="prev">Previous</a>` : '';
  const next = more && q.definition.page.offset ? html`<a href="${listPageHref(path, q, offset + limit)}" rel="next">Next</a>` : '';
  return html`<nav class="pager" aria-label="Pages"><span>${range}${total !== undefined ? ` of ${total}` : ''}</span> ${previous} ${next}</nav>`;
}
