import { when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ConsoleChrome } from '../core/pages/layout';
import type { EvalRunListDto } from './dto/eval.dto';

/** /app/eval_runs: runs newest first with status and score, filtered by status. */
export function evalRunsPage(chrome: ConsoleChrome, list: EvalRunListDto, status: string | undefined): SafeHtml {
  const rows = list.eval_runs.map(
    (r) =>
      html`<tr data-run-id="${r.id}"><td><code>${r.eval_suite_id}</code></td><td class="status-${r.status}">${r.status}</td>
<td>${r.score === null ? '—' : r.score.toFixed(3)}</td><td>${when(r.started_at, '—')}</td><td>${when(r.finished_at, '—')}</td></tr>`,
  );
  return layout(
    { title: 'Eval runs', chrome, current: '/app/eval_runs' },
    html`<section class="panel" aria-labelledby="runs-title">
  <h1 id="runs-title">Eval runs</h1>
  <form method="get" action="/app/eval_runs" role="search">
    <label for="status">Status</label>
    <select id="status" name="filter[status]">
      <option value="">any</option>
      ${['queued', 'running', 'passed', 'failed', 'errored'].map((s) => html`<option value="${s}"${s === status ? new SafeHtml(' selected') : ''}>${s}</option>`)}
    </select>
    <p><button type="submit">Filter</button></p>
  </form>
  ${
    list.eval_runs.length === 0
      ? html`<p id="no-runs">No eval runs.</p>`
      : html`<table id="eval-runs"><thead><tr><th scope="col">Suite</th><th scope="col">Status</th><th scope="col">Score</th><th scope="col">Started</th><th scope="col">Finished</th></tr></thead><tbody>${rows}</tbody></table>`
  }
  <p>${list.pagination.total} in all</p>
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
