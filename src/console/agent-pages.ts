import { canManage, type OperatorRole } from '../auth';
import { listEmpty, listFilterForm, listPager } from '../core/listing/list-controls';
import { copyable, dangerButton, when, pageMessages } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';
import type { AgentWithKeys } from '../operator';

export const AGENTS_PAGE = '/app/agents';
export const agentPath = (id: string) => `${AGENTS_PAGE}/${id}`;
/** The key actions are the credential's, as in REST (`/api/v1/operator/api_keys/:credential_id/...`). */
export const API_KEYS_PATH = '/app/api-keys';

/** What every agents page shows besides its content: the frame, the role, a notice or an error line. */
interface AgentPageBase {
  chrome: ConsoleChrome;
  role: OperatorRole;
  notice?: string;
  error?: string;
}

/** An agent's keys in one cell: prefix, state and last use (the overview's and the agents page's). */
export const agentKeysCell = (a: AgentWithKeys): SafeHtml | string =>
  a.api_keys.length === 0
    ? 'no keys'
    : html`<ul>${a.api_keys.map((k) => html`<li><code>${k.prefix}</code> ${k.status}, last used ${when(k.last_used_at)}</li>`)}</ul>`;

export interface AgentsPageView extends AgentPageBase {
  q: ListQuery;
  agents: AgentWithKeys[];
  form?: { name?: string; scopes?: string };
}

/** /app/agents: the service agents, searchable by name and slug, filtered by status, paged; each with its keys. */
export function agentsPage(v: AgentsPageView): SafeHtml {
  const manage = canManage(v.role);
  const table = html`<table id="service-agents"><thead><tr><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">API keys</th><th scope="col">Created</th></tr></thead>
<tbody>${v.agents.map(
    (a) =>
      html`<tr data-agent-id="${a.id}"><td><a href="${agentPath(a.id)}"><strong>${a.name}</strong></a><br><small>${a.slug}</small></td><td class="status">${a.status}</td>
<td>${a.api_keys.length} ${a.api_keys.length === 1 ? 'key' : 'keys'}${a.api_keys.length ? html`: ${a.api_keys.map((k, i) => html`${i ? ', ' : ''}<code>${k.prefix}</code> ${k.status}`)}` : ''}</td><td>${when(a.inserted_at)}</td></tr>`,
  )}</tbody></table>`;
  const next = manage
    ? 'No service agents yet: create one below, then issue it a key.'
    : 'No service agents yet; an owner or admin creates them.';
  return layout(
    { title: 'Service agents and keys', chrome: v.chrome, current: AGENTS_PAGE },
    html`<section class="panel" aria-labelledby="agents-title">
  <h1 id="agents-title">Service agents and keys</h1>
  ${pageMessages(v)}
  <p>A service agent is a machine identity; it calls the API with its <code>agk_</code> keys, and with the tokens minted from them.</p>
  ${listFilterForm(AGENTS_PAGE, v.q)}
  ${v.agents.length === 0 ? listEmpty('no-agents', AGENTS_PAGE, v.q, next) : table}
  ${listPager(AGENTS_PAGE, v.q, v.agents.length)}
</section>
${
  manage
    ? html`<section class="panel" aria-labelledby="new-agent-title"><h2 id="new-agent-title">New service agent</h2>
  <form method="post" action="${AGENTS_PAGE}">
    <label for="agent-name">Name</label><input id="agent-name" name="name" type="text" required maxlength="120" value="${v.form?.name ?? ''}">
    <label for="agent-scopes">Scopes its keys may carry (comma-separated; blank: every machine scope)</label><input id="agent-scopes" name="scopes" type="text" value="${v.form?.scopes ?? ''}">
    <p><button type="submit">Create agent</button></p>
  </form></section>`
    : ''
}`,
  );
}

export interface AgentPageView extends AgentPageBase {
  agent: AgentWithKeys;
  /** the new key, on the one view that shows it */
  issued?: string;
  /** why a `?shown=` view has no key (shown already, or Redis unreachable) */
  missing?: SafeHtml | string;
  keyForm?: { scopes?: string; expires_at?: string; allowed_ips?: string };
  agentForm?: { name?: string };
}

function keyRow(k: AgentWithKeys['api_keys'][number], manage: boolean): SafeHtml {
  const usable = k.status === 'usable' || k.status === 'expired';
  const actions = manage
    ? html`${usable ? dangerButton(`${API_KEYS_PATH}/${k.credential_id}/archive`, 'Archive', `Archive ${k.prefix}? It is refused from then on, with every access token minted from it, on every node.`, { id: `archive-${k.credential_id}` }) : ''}
${k.status !== 'revoked' ? dangerButton(`${API_KEYS_PATH}/${k.credential_id}/revoke`, 'Revoke', `Revoke ${k.prefix} for good? It and every access token minted from it stop working at once; this cannot be undone.`, { id: `revoke-${k.credential_id}` }) : ''}`
    : '';
  return html`<tr data-credential-id="${k.credential_id}"><td><code>${k.prefix}</code></td><td>${k.scopes.join(', ')}</td><td class="status">${k.status}</td>
<td>${when(k.expires_at)}</td><td>${when(k.last_used_at)}</td><td>${k.allowed_ips.length ? k.allowed_ips.join(', ') : 'any'}</td><td>${when(k.inserted_at)}</td>${manage ? html`<td>${actions}</td>` : ''}</tr>`;
}

/** /app/agents/:id: an agent, its keys by prefix and state; owners and admins issue, archive and revoke keys, rename and deactivate. */
export function agentPage(v: AgentPageView): SafeHtml {
  const a = v.agent;
  const manage = canManage(v.role);
  const path = agentPath(a.id);
  const kf = v.keyForm ?? {};
  const issued = v.issued
    ? html`<section class="panel" aria-labelledby="issued-title"><h2 id="issued-title">The new API key of ${a.name}</h2>
  <p><strong>Copy it now: it is shown this once.</strong> Only its prefix is kept to show again.</p>
  ${copyable(v.issued, { id: 'new-api-key', secret: true })}
  <pre><code>curl "$BASE/api/v1/messages" -H 'x-agent-api-key: ${v.issued}'</code></pre></section>`
    : '';
  const keys =
    a.api_keys.length === 0
      ? html`<p id="no-keys">${a.name} has no API keys yet${manage ? ': issue one below.' : '; an owner or admin issues them.'}</p>`
      : html`<table id="api-keys"><thead><tr><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">State</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">From</th><th scope="col">Issued</th>${
          manage ? html`<th scope="col"><span class="skip">Actions</span></th>` : ''
        }</tr></thead><tbody>${a.api_keys.map((k) => keyRow(k, manage))}</tbody></table>`;
  const forms = manage
    ? html`<section class="panel" aria-labelledby="issue-key-title"><h2 id="issue-key-title">Issue an API key</h2>
  <form method="post" action="${path}/keys">
    <label for="key-scopes">Scopes (comma-separated, among ${a.scopes.join(', ')}; blank: all of them)</label><input id="key-scopes" name="scopes" type="text" value="${kf.scopes ?? ''}">
    <label for="key-expires">Expires at (ISO 8601, for example 2030-01-01T00:00:00Z; blank: never)</label><input id="key-expires" name="expires_at" type="text" value="${kf.expires_at ?? ''}">
    <label for="key-ips">Only from these addresses (comma-separated CIDRs; blank: any)</label><input id="key-ips" name="allowed_ips" type="text" value="${kf.allowed_ips ?? ''}">
    <p><button type="submit" id="issue-key">Issue key</button></p>
  </form></section>
<section class="panel" aria-labelledby="agent-settings-title"><h2 id="agent-settings-title">Name and status</h2>
  <form method="post" action="${path}/update">
    <label for="agent-name">Name</label><input id="agent-name" name="name" type="text" required maxlength="120" value="${v.agentForm?.name ?? a.name}">
    <p><button type="submit" id="rename-agent">Rename</button></p>
  </form>
  ${
    a.status === 'active'
      ? dangerButton(
          `${path}/update`,
          'Deactivate',
          `Deactivate ${a.name}? Its keys and tokens are refused at once on every node and its sockets close, until it is reactivated.`,
          {
            id: 'deactivate-agent',
            fields: { status: 'inactive' },
          },
        )
      : html`<form method="post" action="${path}/update"><input type="hidden" name="status" value="active"><button type="submit" id="reactivate-agent">Reactivate</button></form>`
  }
</section>`
    : '';
  return layout(
    { title: `Service agent ${a.name}`, chrome: v.chrome, current: AGENTS_PAGE },
    html`${issued}<section class="panel" aria-labelledby="agent-title">
  <h1 id="agent-title">${a.name}</h1>
  ${pageMessages(v)}${v.missing ?? ''}
  <dl><dt>Slug</dt><dd>${a.slug}</dd><dt>Status</dt><dd id="agent-status">${a.status}</dd><dt>Scopes</dt><dd>${a.scopes.join(', ')}</dd>
  <dt>Id</dt><dd>${copyable(a.id)}</dd><dt>Created</dt><dd>${when(a.inserted_at)}</dd></dl>
  <h2>API keys</h2>
  ${keys}
  <p><a href="${AGENTS_PAGE}">All service agents</a></p>
</section>
${forms}`,
  );
}
