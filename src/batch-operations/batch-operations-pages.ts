import { canManage, type OperatorRole } from '../auth';
import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { FINISHED_BATCH_STATUSES } from './dto/batch-operation.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { BatchOperationDto, BatchOperationWithTargetsDto } from './dto/batch-operation.dto';

const done = (b: BatchOperationDto) => b.succeeded + b.failed + b.skipped;

/** Progress without script: a <progress> bar and the counters. */
const progress = (b: BatchOperationDto) =>
  html`<progress value="${done(b)}" max="${Math.max(b.total, 1)}" aria-label="progress">${done(b)} of ${b.total}</progress>
<span class="counts">${done(b)} / ${b.total}: ${b.succeeded} succeeded, ${b.failed} failed, ${b.skipped} skipped</span>`;

const cancelButton = (role: OperatorRole, b: BatchOperationDto) =>
  !FINISHED_BATCH_STATUSES.includes(b.status) && canManage(role)
    ? dangerButton(
        `/app/batch-operations/${b.id}/cancel`,
        'Cancel',
        `Cancel this ${b.action} operation? It stops after the chunk in progress; the targets left are skipped.`,
        {
          id: `cancel-${b.id}`,
        },
      )
    : '';

/** /app/batch-operations: newest first, each with its progress. */
export function batchOperationsPage(v: {
  chrome: ConsoleChrome;
  role: OperatorRole;
  q: ListQuery;
  operations: BatchOperationDto[];
  total: number;
}): SafeHtml {
  const rows = v.operations.map(
    (b) =>
      html`<tr data-batch-operation-id="${b.id}"><td><a href="/app/batch-operations/${b.id}">${b.action}</a></td>
<td class="status">${b.status}</td><td>${progress(b)}</td><td>${when(b.inserted_at)}</td><td>${cancelButton(v.role, b)}</td></tr>`,
  );
  return layout(
    { title: 'Batch operations', chrome: v.chrome, current: '/app/batch-operations' },
    html`<section class="panel" aria-labelledby="batches-title">
  <h1 id="batches-title">Batch operations</h1>
  <p>Operations are applied in chunks; cancelling stops them after the chunk in progress. <a href="/app/batch-operations">Refresh</a></p>
  ${listFilterForm('/app/batch-operations', v.q)}
  ${
    v.operations.length === 0
      ? listEmpty(
          'no-batch-operations',
          '/app/batch-operations',
          v.q,
          html`No batch operations yet. One retires, tags or updates up to 10,000 robots at once: <code>POST /api/v1/operator/batch_operations</code>.`,
        )
      : html`<table id="batch-operations"><thead><tr><th scope="col">Action</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Created</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${listPager('/app/batch-operations', v.q, v.operations.length, v.total)}
</section>`,
  );
}

/** /app/batch-operations/:id: the operation and its first targets with their outcomes. */
export function batchOperationPage(v: {
  chrome: ConsoleChrome;
  role: OperatorRole;
  operation: BatchOperationWithTargetsDto;
  /** the page of targets shown (target_limit, target_offset) */
  targets: ListQuery;
  /** robot targets by name (their serial when they have none) */
  robotNames: ReadonlyMap<string, string>;
}): SafeHtml {
  const b = v.operation;
  const rows = b.targets.map(
    (t) =>
      html`<tr><td>${v.robotNames.has(t.target_id) ? v.robotNames.get(t.target_id) : html`<code>${t.target_id}</code>`}</td><td class="status">${t.status}</td><td>${t.error ?? ''}</td></tr>`,
  );
  return layout(
    { title: `Batch operation ${b.action}`, chrome: v.chrome, current: '/app/batch-operations' },
    html`<section class="panel" aria-labelledby="batch-title">
  <h1 id="batch-title">${b.action}</h1>
  <p>Status <strong id="batch-status">${b.status}</strong> · created ${when(b.inserted_at)}${b.finished_at ? html` · finished ${when(b.finished_at)}` : ''}</p>
  <p id="batch-progress">${progress(b)}</p>
  <p>${cancelButton(v.role, b)} <a href="/app/batch-operations/${b.id}">Refresh</a></p>
  <h2>Targets</h2>
  <table id="targets"><thead><tr><th scope="col">Target</th><th scope="col">Status</th><th scope="col">Error</th></tr></thead><tbody>${rows}</tbody></table>
  ${listPager(`/app/batch-operations/${b.id}`, v.targets, b.targets.length, b.targets_pagination.total)}
  <p><a href="/app/batch-operations">All batch operations</a></p>
</section>`,
  );
}
