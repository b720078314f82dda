import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ConsoleChrome } from '../core/pages/layout';
import type { AdminWorkspaceListDto } from './dto/admin.dto';

const ACTIONS: { status: string; label: string }[] = [
  { status: 'frozen', label: 'Freeze' },
  { status: 'paused', label: 'Pause' },
  { status: 'archived', label: 'Archive' },
  { status: 'active', label: 'Reactivate' },
];

export function adminPage(chrome: ConsoleChrome, list: AdminWorkspaceListDto): SafeHtml {
  const { workspaces, pagination: p } = list;
  const rows = workspaces.map(
    (w) =>
      html`<tr data-workspace-id="${w.id}">
  <td>${w.name}<br><small>${w.slug}</small></td>
  <td class="status">${w.status}</td>
  <td class="plan">${w.plan}</td>
  <td>${ACTIONS.filter((a) => a.status !== w.status).map(
    (a) =>
      html`<form method="post" action="/admin/workspaces/${w.id}" style="display:inline">
      <input type="hidden" name="status" value="${a.status}"><button type="submit">${a.label}</button></form> `,
  )}
    <form method="post" action="/admin/workspaces/${w.id}" style="display:inline">
      <label for="plan-${w.id}" style="display:inline">Plan</label>
      <select id="plan-${w.id}" name="plan">${['free', 'team', 'enterprise'].map(
        (p) => html`<option value="${p}" ${p === w.plan ? new SafeHtml('selected') : ''}>${p}</option>`,
      )}</select>
      <button type="submit">Change plan</button></form></td>
</tr>`,
  );
  return layout(
    { title: 'Platform administration', chrome, current: '/admin' },
    html`<section class="panel" aria-labelledby="admin-title">
  <h1 id="admin-title">Workspaces</h1>
  <p><a href="/admin/partners">Marketplace partners</a></p>
  <table><thead><tr><th scope="col">Workspace</th><th scope="col">Status</th><th scope="col">Plan</th><th scope="col">Actions</th></tr></thead>
  <tbody>${rows}</tbody></table>
  <nav aria-label="Pages"><p>${p.offset + 1}-${p.offset + workspaces.length} of ${p.total}
  ${p.offset > 0 ? html` <a href="/admin?offset=${Math.max(0, p.offset - p.limit)}&amp;limit=${p.limit}" rel="prev">Newer</a>` : ''}
  ${p.has_more ? html` <a href="/admin?offset=${p.offset + p.limit}&amp;limit=${p.limit}" rel="next">Older</a>` : ''}</p></nav>
</section>`,
  );
}
