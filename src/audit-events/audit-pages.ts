import { whenToTheMillisecond } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { AuditEventDto, AuditEventListDto, AuditVerifyDto } from '../audit';
import type { ConsoleChrome } from '../core/pages/layout';

export const AUDIT_PAGE = '/app/audit';
const EXPORT = '/api/v1/operator/audit_events/export';

/** The filter form's fields as the operator typed them (echoed back into the form and the links). */
export interface AuditPageFilters {
  action?: string;
  actor_id?: string;
  target_id?: string;
  since?: string;
  until?: string;
}

export interface AuditPageView {
  chrome: ConsoleChrome;
  filters: AuditPageFilters;
  /** Absent when the filters were refused (`error` says why). */
  list?: AuditEventListDto;
  /** Whether this page is not the newest (a cursor was followed). */
  paged: boolean;
  /** The page size asked for, kept by the paging links. */
  limit?: string;
  /** The chain's verification, when asked for (`verify=1`). */
  verify?: AuditVerifyDto;
  error?: string;
}

const FIELDS: { name: keyof AuditPageFilters; label: string; hint: string }[] = [
  { name: 'action', label: 'Action', hint: 'exact, or a prefix such as api_key.*' },
  { name: 'actor_id', label: 'Actor id', hint: '' },
  { name: 'target_id', label: 'Target id', hint: '' },
  { name: 'since', label: 'Since', hint: 'ISO 8601, e.g. 2026-12-01T00:00:00Z' },
  { name: 'until', label: 'Until', hint: 'ISO 8601, e.g. 2026-12-31T23:59:59Z' },
];

/** The page's own URL with the filters (and extra parameters such as the cursor). */
export function auditPageUrl(filters: AuditPageFilters, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  for (const { name } of FIELDS) if (filters[name]) p.set(`filter[${name}]`, filters[name]);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const qs = p.toString();
  return qs ? `${AUDIT_PAGE}?${qs}` : AUDIT_PAGE;
}

function exportUrl(filters: AuditPageFilters): string {
  const p = new URLSearchParams();
  if (filters.since) p.set('since', filters.since);
  if (filters.until) p.set('until', filters.until);
  const qs = p.toString();
  return qs ? `${EXPORT}?${qs}` : EXPORT;
}

/** An id as a link that filters the page by it. */
const filterLink = (filters: AuditPageFilters, field: 'actor_id' | 'target_id', id: string | null) =>
  id === null ? '' : html`<br><a href="${auditPageUrl({ ...filters, [field]: id })}"><code>${id}</code></a>`;

const changesOf = (e: AuditEventDto) =>
  e.changes === null
    ? ''
    : html`<ul class="changes">${Object.entries(e.changes).map(
        ([field, [before, after]]) => html`<li><code>${field}</code>: ${JSON.stringify(before)} → ${JSON.stringify(after)}</li>`,
      )}</ul>`;

function row(filters: AuditPageFilters, e: AuditEventDto): SafeHtml {
  return html`<tr data-audit-event-id="${e.id}"><td>${whenToTheMillisecond(e.occurred_at)}</td>
<td><code class="action">${e.action}</code>${changesOf(e)}</td><td class="outcome-${e.outcome}">${e.outcome}</td>
<td class="actor">${e.actor.label ?? ''} <small>(${e.actor.type})</small>${filterLink(filters, 'actor_id', e.actor.id)}</td>
<td class="target">${e.target ? html`${e.target.label ?? ''} <small>(${e.target.type})</small>${filterLink(filters, 'target_id', e.target.id)}` : '—'}</td>
<td class="ip">${e.ip ?? '—'}${e.user_agent ? html`<br><small class="user-agent">${e.user_agent}</small>` : ''}</td></tr>`;
}

function verification(v: AuditPageView): SafeHtml {
  const result = v.verify;
  if (!result) {
    return html`<p id="chain-status">Chain not checked on this view. <a id="verify-chain" href="${auditPageUrl(v.filters, { verify: '1' })}">Verify the chain now</a> (reads every kept event).</p>`;
  }
  return result.verified
    ? html`<p id="chain-status" class="notice" role="status">Chain verified: ${result.events ?? 0} sealed events, head <code>${result.head ?? 'none'}</code>.</p>`
    : html`<p id="chain-status" class="error" role="alert">Chain broken: the first event that does not hold is <code>${result.first_mismatch_id ?? 'unknown'}</code>.</p>`;
}

/** /app/audit: the workspace's audit events newest first, filtered, a page at a time (owners and admins). */
export function auditPage(v: AuditPageView): SafeHtml {
  const list = v.list;
  const sized: Record<string, string> = v.limit ? { limit: v.limit } : {};
  const table =
    list === undefined
      ? ''
      : list.audit_events.length === 0
        ? html`<p id="no-audit-events">No audit events.</p>`
        : html`<table id="audit-events"><thead><tr><th scope="col">Time</th><th scope="col">Action</th><th scope="col">Outcome</th><th scope="col">Actor</th><th scope="col">Target</th><th scope="col">IP</th></tr></thead>
<tbody>${list.audit_events.map((e) => row(v.filters, e))}</tbody></table>`;
  const paging =
    list === undefined
      ? ''
      : html`<p id="paging"><span id="audit-count">${list.count}</span> events match.${v.paged ? html` <a href="${auditPageUrl(v.filters, sized)}" rel="first">Newest</a>` : ''}${
          list.next_cursor
            ? html` <a id="older" href="${auditPageUrl(v.filters, { ...sized, cursor: list.next_cursor })}" rel="next">Older</a>`
            : ''
        }</p>`;
  return layout(
    { title: 'Audit log', chrome: v.chrome, current: '/app/audit' },
    html`<section class="panel" aria-labelledby="audit-title">
  <h1 id="audit-title">Audit log</h1>
  <p>Who changed what in this workspace, from where: newest first, in the order the changes committed.</p>
  ${verification(v)}
  <form method="get" action="${AUDIT_PAGE}" role="search">
    ${FIELDS.map(
      (f) => html`<label for="filter-${f.name}">${f.label}</label>
    <input type="text" id="filter-${f.name}" name="filter[${f.name}]" value="${v.filters[f.name] ?? ''}" maxlength="200"${f.hint ? html` aria-describedby="hint-${f.name}"` : ''}>
    ${f.hint ? html`<small id="hint-${f.name}">${f.hint}</small>` : ''}`,
    )}
    <p><button type="submit">Filter</button> <a href="${AUDIT_PAGE}">Clear</a></p>
  </form>
  ${v.error ? html`<p class="error" role="alert" id="filter-error">${v.error}</p>` : ''}
  ${table}
  ${paging}
  <p><a id="export" href="${exportUrl(v.filters)}">Export as NDJSON</a>${v.filters.since || v.filters.until ? ' (the time range above)' : ''} · see docs/audit.md to verify an export yourself.</p>
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
