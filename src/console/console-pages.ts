import type { WorkspaceKeySummary } from '../credentials';
import type { AgentWithKeys } from '../operator';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { OperatorPrincipal } from '../sessions';

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) + ' UTC' : 'never');

export function overviewPage(op: OperatorPrincipal, agents: AgentWithKeys[]): SafeHtml {
  const current = op.workspaces.find((w) => w.id === op.workspaceId);
  const canManageKey = current && (current.role === 'owner' || current.role === 'admin');
  const agentRows = agents.map(
    (a) => html`<tr data-agent-id="${a.id}"><td>${a.name}<br><small>${a.slug}</small></td><td>${a.status}</td>
<td>${a.api_keys.length === 0
      ? 'no keys'
      : html`<ul>${a.api_keys.map((k) => html`<li><code>${k.prefix}</code> ${k.status}, last used ${when(k.last_used_at)}</li>`)}</ul>`}</td></tr>`,
  );
  return layout(
    { title: 'Overview', signedInAs: op.email },
    html`<section class="panel" aria-labelledby="welcome">
  <h1 id="welcome">Welcome, ${op.name}</h1>
  ${current
    ? html`<p>Workspace <strong id="current-workspace">${current.name}</strong> (${current.role})</p>
  ${canManageKey ? html`<p><a href="/app/agents/workspace-key">Workspace primary key</a></p>` : ''}
  ${canManageKey ? html`<p><a href="/app/engagements">Partner engagements</a></p>` : ''}`
    : html`<p>You are not a member of any workspace.</p>`}
</section>
${current
  ? html`<section class="panel" aria-labelledby="agents-title"><h2 id="agents-title">Service agents</h2>
  ${agents.length === 0 ? html`<p>No service agents.</p>` : html`<table><thead><tr><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">API keys</th></tr></thead><tbody>${agentRows}</tbody></table>`}
</section>`
  : ''}`,
  );
}

export function workspaceKeyPage(op: OperatorPrincipal, key: WorkspaceKeySummary | null, shownOnce?: string): SafeHtml {
  const summary = key
    ? html`<dl><dt>Key</dt><dd><code id="key-prefix">${key.prefix}</code> (${key.status})</dd>
  <dt>Created</dt><dd>${when(key.inserted_at)}</dd><dt>Last used</dt><dd>${when(key.last_used_at)}</dd>
  <dt>Scopes</dt><dd>${key.scopes.join(', ')}</dd></dl>`
    : html`<p id="no-key">This workspace has no primary key.</p>`;
  return layout(
    { title: 'Workspace primary key', signedInAs: op.email },
    html`<section class="panel" aria-labelledby="key-title">
  <h1 id="key-title">Workspace primary key</h1>
  ${shownOnce
    ? html`<div role="status"><p><strong>Copy this key now. It will not be shown again.</strong></p><code class="secret" id="new-key">${shownOnce}</code></div>`
    : ''}
  ${summary}
  <form method="post" action="/app/agents/workspace-key">
    <button type="submit" id="${key ? 'rotate-key' : 'generate-key'}">${key ? 'Rotate key' : 'Generate key'}</button>
  </form>
  ${key
    ? html`<form method="post" action="/app/agents/workspace-key/delete"><button type="submit" id="delete-key">Delete key</button></form>
  <p><small>Rotating or deleting revokes the current key, and every token minted from it, at once.</small></p>`
    : ''}
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
