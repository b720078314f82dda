import { whenToTheMillisecond } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ConsoleChrome } from '../core/pages/layout';
import type { TraceListDto, TraceWithSpansDto } from './dto/trace.dto';

export interface TracesPageView {
  chrome: ConsoleChrome;
  list: TraceListDto;
  status?: string;
  serviceAgentId?: string;
}

/** /app/traces: newest first, filtered by status and agent through the list's nested filters. */
export function tracesPage(v: TracesPageView): SafeHtml {
  const rows = v.list.traces.map(
    (t) =>
      html`<tr data-trace-id="${t.id}"><td><a href="/app/traces/${t.id}">${t.name}</a><br><small><code>${t.trace_id}</code></small></td>
<td class="status-${t.status}">${t.status}</td><td>${t.duration_ms} ms</td><td>${t.span_count}</td><td>${whenToTheMillisecond(t.inserted_at)}</td></tr>`,
  );
  const { offset, limit, total, has_more } = v.list.pagination;
  const query = (o: number) => {
    const p = new URLSearchParams({ offset: String(o), limit: String(limit) });
    if (v.status) p.set('filter[status]', v.status);
    if (v.serviceAgentId) p.set('filter[service_agent_id]', v.serviceAgentId);
    return `/app/traces?${p.toString()}`;
  };
  return layout(
    { title: 'Traces', chrome: v.chrome, current: '/app/traces' },
    html`<section class="panel" aria-labelledby="traces-title">
  <h1 id="traces-title">Traces</h1>
  <form method="get" action="/app/traces" role="search">
    <label for="status">Status</label>
    <select id="status" name="filter[status]">
      <option value="">any</option>
      ${['ok', 'error'].map((s) => html`<option value="${s}"${s === v.status ? new SafeHtml(' selected') : ''}>${s}</option>`)}
    </select>
    <label for="agent">Service agent id</label>
    <input type="text" id="agent" name="filter[service_agent_id]" value="${v.serviceAgentId ?? ''}">
    <p><button type="submit">Filter</button></p>
  </form>
  ${
    v.list.traces.length === 0
      ? html`<p id="no-traces">No traces.</p>`
      : html`<table id="traces"><thead><tr><th scope="col">Trace</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Spans</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>`
  }
  <p>${offset > 0 ? html`<a href="${query(Math.max(0, offset - limit))}" rel="prev">Newer</a> ` : ''}${total} in all${has_more ? html` <a href="${query(offset + limit)}" rel="next">Older</a>` : ''}</p>
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}

/** /app/traces/:id: the trace and a waterfall of its spans, each bar placed on the trace's time line. */
export function tracePage(chrome: ConsoleChrome, t: TraceWithSpansDto): SafeHtml {
  const start = new Date(t.started_at).getTime();
  const total = Math.max(1, t.duration_ms, ...t.spans.map((s) => new Date(s.started_at).getTime() - start + s.duration_ms));
  const depth = new Map<string, number>();
  for (const s of t.spans) depth.set(s.span_id, s.parent_span_id ? (depth.get(s.parent_span_id) ?? 0) + 1 : 0);
  const pct = (n: number) => `${Math.max(0, Math.min(100, (n / total) * 100)).toFixed(2)}%`;
  const bars = t.spans.map((s) => {
    const offset = new Date(s.started_at).getTime() - start;
    return html`<tr class="span" data-span-id="${s.span_id}"><th scope="row" style="padding-left:${(depth.get(s.span_id) ?? 0) * 1.25}rem">${s.name}</th>
<td><div class="bar status-${s.status}" style="margin-left:${pct(offset)};width:${pct(Math.max(s.duration_ms, total / 500))}" title="${s.duration_ms} ms from +${offset} ms"></div></td>
<td>${s.duration_ms} ms</td></tr>`;
  });
  return layout(
    { title: `Trace ${t.name}`, chrome, current: '/app/traces' },
    html`<section class="panel" aria-labelledby="trace-title">
  <h1 id="trace-title">${t.name}</h1>
  <dl><dt>Trace id</dt><dd><code>${t.trace_id}</code></dd><dt>Status</dt><dd class="status-${t.status}">${t.status}</dd>
  <dt>Started</dt><dd>${whenToTheMillisecond(t.started_at)}</dd><dt>Duration</dt><dd>${t.duration_ms} ms</dd>
  <dt>Service agent</dt><dd><code>${t.service_agent_id ?? 'deleted'}</code></dd><dt>Spans</dt><dd>${t.span_count}</dd></dl>
  <style>.bar{height:.9rem;border-radius:3px;background:#1f6feb;min-width:2px}.bar.status-error{background:#b42318}table.waterfall td:nth-child(2){width:60%}</style>
  ${
    t.spans.length === 0
      ? html`<p>No spans.</p>`
      : html`<table class="waterfall" id="waterfall"><thead><tr><th scope="col">Span</th><th scope="col">Time line (${total} ms)</th><th scope="col">Duration</th></tr></thead><tbody>${bars}</tbody></table>`
  }
  <p><a href="/app/traces">All traces</a></p>
</section>`,
  );
}
