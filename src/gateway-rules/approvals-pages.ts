import { canManage, type OperatorRole } from '../auth';
import { postButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ConsoleChrome } from '../core/pages/layout';
import type { ApprovalDto } from './dto/approval.dto';

export interface ApprovalsPageView {
  chrome: ConsoleChrome;
  role: OperatorRole;
  approvals: ApprovalDto[];
  /** the status shown, or undefined for every status */
  status?: string;
}

/** /app/approvals: what agents asked to do; owners and admins approve or deny the pending ones. */
export function approvalsPage(v: ApprovalsPageView): SafeHtml {
  const rows = v.approvals.map(
    (a) =>
      html`<tr data-approval-id="${a.id}"><td><code>${a.action}</code>${a.resource ? html`<br><small>${a.resource}</small>` : ''}</td>
<td><code>${a.service_agent_id.slice(0, 8)}</code></td><td class="status">${a.status}</td><td>${when(a.inserted_at)}</td>
<td>${a.status === 'pending' ? when(a.expires_at) : when(a.decided_at, '')}</td>
<td>${
        a.status === 'pending' && canManage(v.role)
          ? html`${postButton(`/app/approvals/${a.id}/approve`, 'Approve', { className: 'approve' })} ${postButton(`/app/approvals/${a.id}/deny`, 'Deny', { className: 'deny' })}`
          : ''
      }</td></tr>`,
  );
  return layout(
    { title: 'Approvals', chrome: v.chrome, current: '/app/approvals' },
    html`<section class="panel" aria-labelledby="approvals-title">
  <h1 id="approvals-title">Approvals</h1>
  <p>Agents ask before the actions a gateway rule marks <code>require_approval</code>. A pending approval expires 24 hours after the agent asked.</p>
  <p><a href="/app/approvals?status=pending">Pending</a> · <a href="/app/approvals">All</a></p>
  ${
    v.approvals.length === 0
      ? html`<p id="no-approvals">No ${v.status ?? ''} approvals.</p>`
      : html`<table id="approvals"><thead><tr><th scope="col">Action</th><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">Asked</th><th scope="col">Expires / decided</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
