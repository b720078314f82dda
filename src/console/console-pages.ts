import { canManage } from '../auth';
import { when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { OVERVIEW_AGENTS, type AgentWithKeys } from '../operator';
import { consoleChrome, shownOnceMissing } from '../sessions';
import { agentKeysCell, agentPath, AGENTS_PAGE } from './agent-pages';
import type { WorkspaceKeySummary } from '../credentials';
import type { OperatorPrincipal, TakenSecrets } from '../sessions';

export function overviewPage(op: OperatorPrincipal, agents: AgentWithKeys[]): SafeHtml {
  const current = op.workspaces.find((w) => w.id === op.workspaceId);
  const canManageKey = current && canManage(current.role);
  const agentRows = agents.map(
    (a) =>
      html`<tr data-agent-id="${a.id}"><td><a href="${agentPath(a.id)}">${a.name}</a><br><small>${a.slug}</small></td><td>${a.status}</td>
<td>${agentKeysCell(a)}</td></tr>`,
  );
  return layout(
    { title: 'Overview', chrome: consoleChrome(op), current: '/app' },
    html`<section class="panel" aria-labelledby="welcome">
  <h1 id="welcome">Welcome, ${op.name}</h1>
  ${
    current
      ? html`<p>Workspace <strong id="current-workspace">${current.name}</strong> (${current.role})</p>
  ${canManageKey ? html`<p><a href="/app/agents/workspace-key">Workspace primary key</a></p>` : ''}
  ${canManageKey ? html`<p><a href="/app/webhooks">Webhooks</a> · <a href="/app/engagements">Partner engagements</a> · <a href="/app/audit">Audit log</a></p>` : ''}
  <nav aria-label="Fleet"><p><a href="/app/approvals?status=pending">Approvals</a> · <a href="/app/security-violations">Security violations</a> ·
  <a href="/app/ota-updates">OTA updates</a> · <a href="/app/batch-operations">Batch operations</a></p></nav>
  <p><a href="/app/members" id="members-link">Members</a></p>`
      : html`<p>You are not a member of any workspace.</p>`
  }
  <nav aria-label="Your account"><p><a href="/app/account/sessions" id="account-sessions">Your sessions</a></p></nav>
</section>
${
  current
    ? html`<section class="panel" aria-labelledby="agents-title"><h2 id="agents-title">Service agents</h2>
  ${
    agents.length === 0
      ? html`<p id="no-agents">No service agents yet: ${canManageKey ? 'create one' : 'see them'} on the <a href="${AGENTS_PAGE}">service agents page</a>.</p>`
      : html`<p>The newest ${OVERVIEW_AGENTS} at most; <a href="${AGENTS_PAGE}" id="agents-link">every service agent and key</a>.</p>
  <table><thead><tr><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">API keys</th></tr></thead><tbody>${agentRows}</tbody></table>`
  }
</section>`
    : ''
}`,
  );
}

export function workspaceKeyPage(op: OperatorPrincipal, key: WorkspaceKeySummary | null, taken: TakenSecrets = {}): SafeHtml {
  const shownOnce = taken.secrets?.key;
  const summary = key
    ? html`<dl><dt>Key</dt><dd><code id="key-prefix">${key.prefix}</code> (${key.status})</dd>
  <dt>Created</dt><dd>${when(key.inserted_at)}</dd><dt>Last used</dt><dd>${when(key.last_used_at)}</dd>
  <dt>Scopes</dt><dd>${key.scopes.join(', ')}</dd></dl>`
    : html`<p id="no-key">This workspace has no primary key.</p>`;
  return layout(
    { title: 'Workspace primary key', chrome: consoleChrome(op), current: '/app/agents/workspace-key' },
    html`<section class="panel" aria-labelledby="key-title">
  <h1 id="key-title">Workspace primary key</h1>
  ${
    shownOnce
      ? html`<div role="status"><p><strong>Copy this key now. It will not be shown again.</strong></p><code class="secret" id="new-key">${shownOnce}</code></div>`
      : shownOnceMissing(taken, 'key', key ? 'If you did not copy it, rotate the key.' : 'Generate a new one below.')
  }
  ${summary}
  ${
    key
      ? html`<p><a class="button" id="rotate-key" href="/app/agents/workspace-key/confirm?action=rotate">Rotate key</a>
  <a class="button" id="delete-key" href="/app/agents/workspace-key/confirm?action=delete">Delete key</a></p>
  <p><small>Rotating or deleting revokes the current key, and every token minted from it, at once.</small></p>`
      : html`<form method="post" action="/app/agents/workspace-key"><button type="submit" id="generate-key">Generate key</button></form>`
  }
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}

/** The confirmation step before a rotation or deletion revokes the current key. */
export function confirmKeyChangePage(op: OperatorPrincipal, key: WorkspaceKeySummary, action: 'rotate' | 'delete'): SafeHtml {
  const verb = action === 'rotate' ? 'Rotate' : 'Delete';
  return layout(
    { title: `${verb} the workspace primary key?`, chrome: consoleChrome(op), current: '/app/agents/workspace-key' },
    html`<section class="panel" aria-labelledby="confirm-title">
  <h1 id="confirm-title">${verb} the workspace primary key?</h1>
  <p>The key <code>${key.prefix}</code> and every access token minted from it stop working at once.
  ${action === 'rotate' ? 'A new key is shown once, on the next page.' : 'The workspace will have no primary key until one is generated.'}</p>
  <form method="post" action="/app/agents/workspace-key${action === 'delete' ? '/delete' : ''}">
    <input type="hidden" name="confirm" value="yes">
    <button type="submit" id="confirm-${action}">${verb} key</button>
    <a href="/app/agents/workspace-key" id="cancel">Cancel</a>
  </form>
</section>`,
  );
}
