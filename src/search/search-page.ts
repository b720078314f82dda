import { when } from '../core/pages/format';
import { escapeHtml, html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { SEARCH_KINDS } from './search-sources';
import type { ConsoleChrome } from '../core/pages/layout';
import type { SearchResultDto } from './dto/search.dto';

/** A snippet with its «matches» marked: escaped first, so only the markers become markup. */
const highlighted = (snippet: string) => new SafeHtml(escapeHtml(snippet).replace(/«/g, '<mark>').replace(/»/g, '</mark>'));

const LINKS: Record<string, (id: string) => string | undefined> = { trace: (id) => `/app/traces/${id}` };

export interface SearchPageView {
  chrome: ConsoleChrome;
  q: string;
  kind?: string;
  result?: SearchResultDto;
  error?: string;
}

/** /app/search: one box over traces, messages, agent commands, security violations and events. */
export function searchPage(v: SearchPageView): SafeHtml {
  const hits = v.result?.hits.map((h) => {
    const link = LINKS[h.kind]?.(h.id);
    return html`<li class="hit" data-kind="${h.kind}" data-id="${h.id}"><strong>${link ? html`<a href="${link}">${h.title}</a>` : h.title}</strong>
<small>${h.kind}, ${when(h.inserted_at)}</small><br>${highlighted(h.snippet)}</li>`;
  });
  return layout(
    { title: 'Search', chrome: v.chrome, current: '/app/search' },
    html`<section class="panel" aria-labelledby="search-title">
  <h1 id="search-title">Search</h1>
  <form method="get" action="/app/search" role="search">
    <label for="q">Search traces, messages, commands, violations and events</label>
    <input type="text" id="q" name="q" value="${v.q}" maxlength="200" required>
    <label for="kind">Kind</label>
    <select id="kind" name="kind"><option value="">all</option>
      ${SEARCH_KINDS.map((k) => html`<option value="${k}"${k === v.kind ? new SafeHtml(' selected') : ''}>${k}</option>`)}
    </select>
    <p><button type="submit">Search</button></p>
  </form>
  ${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}
  ${v.result ? (v.result.count === 0 ? html`<p id="no-hits">Nothing found.</p>` : html`<ol id="hits">${hits}</ol>`) : ''}
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
