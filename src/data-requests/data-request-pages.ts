import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { copyable, pageMessages, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { DATA_SUBJECT_TYPES } from '../data-subjects';
import { DATA_REQUEST_KINDS } from './dto/data-request.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { DataRequestDto } from './dto/data-request.dto';

export const DATA_REQUESTS_PAGE = '/app/data-requests';

const SUBJECT_WORDS: Readonly<Record<string, string>> = { user: 'operator', service_agent: 'service agent', robot: 'robot' };

export interface DataRequestsPageView {
  chrome: ConsoleChrome;
  q: ListQuery;
  requests: DataRequestDto[];
  total: number;
  /** each request's subject by name, while it has one (an erased subject has none) */
  labels: ReadonlyMap<string, string>;
  notice?: string;
  error?: string;
  form?: Record<string, string | undefined>;
}

function row(r: DataRequestDto, labels: ReadonlyMap<string, string>): SafeHtml {
  const download =
    r.kind === 'export' && r.status === 'completed' && r.download_expires_at
      ? html`<a href="/api/v1/operator/data_requests/${r.id}/download">Download</a> <small>until ${when(r.download_expires_at)}</small>`
      : '';
  return html`<tr data-data-request-id="${r.id}"><td>${r.kind}</td>
<td>${labels.get(r.subject_id) ?? html`<small>(no name)</small>`}<br><small>${SUBJECT_WORDS[r.subject_type]} ${copyable(r.subject_id)}</small></td>
<td class="status">${r.status}${r.error ? html`<br><small>${r.error}</small>` : ''}</td><td>${when(r.inserted_at)}</td><td>${when(r.completed_at, '—')}</td><td>${download}</td></tr>`;
}

/** /app/data-requests: exports and erasures of personal data (workspace owners). */
export function dataRequestsPage(v: DataRequestsPageView): SafeHtml {
  const f = v.form ?? {};
  const options = (values: readonly string[], chosen: string | undefined, words: Readonly<Record<string, string>> = {}) =>
    values.map((x) => html`<option value="${x}"${x === chosen ? html` selected` : ''}>${words[x] ?? x}</option>`);
  return layout(
    { title: 'Data requests', chrome: v.chrome, current: DATA_REQUESTS_PAGE },
    html`<section class="panel" aria-labelledby="data-requests-title">
  <h1 id="data-requests-title">Data requests</h1>
  ${pageMessages(v)}
  <p>An export gathers everything the service holds about an operator, a service agent or a robot into one JSON document; an erasure anonymises or removes it.</p>
  ${listFilterForm(DATA_REQUESTS_PAGE, v.q)}
  ${
    v.requests.length === 0
      ? listEmpty('no-data-requests', DATA_REQUESTS_PAGE, v.q, 'No data requests yet: ask for one below.')
      : html`<table id="data-requests"><thead><tr><th scope="col">Kind</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Asked</th><th scope="col">Done</th><th scope="col"><span class="skip">Download</span></th></tr></thead>
<tbody>${v.requests.map((r) => row(r, v.labels))}</tbody></table>`
  }
  ${listPager(DATA_REQUESTS_PAGE, v.q, v.requests.length, v.total)}
</section>
<section class="panel" aria-labelledby="new-data-request-title"><h2 id="new-data-request-title">New request</h2>
  <p>The subject's id is on its page (a robot's or an agent's page, or the members page), with a Copy button.</p>
  <form method="post" action="${DATA_REQUESTS_PAGE}">
    <label for="kind">Kind</label><select id="kind" name="kind">${options(DATA_REQUEST_KINDS, f.kind)}</select>
    <label for="subject_type">Subject</label><select id="subject_type" name="subject_type">${options(DATA_SUBJECT_TYPES, f.subject_type, SUBJECT_WORDS)}</select>
    <label for="subject_id">Subject id</label><input id="subject_id" name="subject_id" type="text" required value="${f.subject_id ?? ''}">
    <p><label style="display:inline;font-weight:normal"><input type="checkbox" name="confirm_erasure" value="yes"> For an erasure: I understand it cannot be undone</label></p>
    <p><button type="submit">Ask</button></p>
  </form></section>`,
  );
}
