import { canManage, type OperatorRole } from '../auth';
import { isNarrowed, listFilterForm, listPager } from '../core/listing/list-controls';
import { postButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { ApprovalDto } from './dto/approval.dto';

export interface ApprovalsPageView {
  chrome: ConsoleChrome;
  role: OperatorRole;
  q: ListQuery;
  approvals: ApprovalDto[];
  total: number;
  /** each row's agent by name */
  agentNames: ReadonlyMap<string, string>;
}

/** /app/approvals: what agents asked to do; owners and admins approve or deny the pending ones. */
export function approvalsPage(v: ApprovalsPageView): SafeHtml {
  const rows = v.approvals.map(
    (a) =>
      html`<tr data-approval-id="${a.id}"><td><code>${a.action}</code>${a.resource ? html`<br><small>${a.resource}</small>` : ''}</td>
<td><a href="/app/agents/${a.service_agent_id}">${v.agentNames.get(a.service_agent_id) ?? 'an agent'}</a></td><td class="status">${a.status}</td><td>${when(a.inserted_at)}</td>
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
  <p><a href="/app/approvals?filter%5Bstatus%5D=pending">Pending</a> · <a href="/app/approvals">All</a></p>
  ${listFilterForm('/app/approvals', v.q, { service_agent_id: 'agent' })}
  ${
    v.approvals.length === 0
      ? html`<p id="no-approvals">${isNarrowed(v.q) ? html`No ${v.q.filters.status ?? ''} approvals. <a href="/app/approvals">Show all</a>` : 'No approvals yet: agents ask for one when a gateway rule says require_approval.'}</p>`
      : html`<table id="approvals"><thead><tr><th scope="col">Action</th><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">Asked</th><th scope="col">Expires / decided</th><th scope="col"></th></tr></thead><tbody>${rows}</tbody></table>`
  }
  ${listPager('/app/approvals', v.q, v.approvals.length, v.total)}
</section>`,
  );
}
