import { listPager } from '../core/listing/list-controls';
import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { shownOnceMissing, type TakenSecrets } from '../sessions';
import { API_TOKEN_ROLES, type ApiTokenDto } from './dto/api-token.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ConsoleChrome } from '../core/pages/layout';

export const API_TOKENS_PAGE = '/app/settings/api_tokens';

const NOTICES: Record<string, string> = { revoked: 'API token revoked: its next request is refused.' };

export interface ApiTokensPageView {
  chrome: ConsoleChrome;
  q: ListQuery;
  tokens: ApiTokenDto[];
  total: number;
  /** The token just created (`name`, `token`), once; or why it is not shown (ShownOnce). */
  shown?: TakenSecrets;
  notice?: string;
  error?: string;
  form?: { name?: string; role?: string; expires_at?: string; allowed_ips?: string };
}

/** /app/settings/api_tokens (owners and admins): the create form, the secret once, the list with revoke buttons. */
export function apiTokensPage(v: ApiTokensPageView): SafeHtml {
  const rows = v.tokens.map(
    (
      t,
    ) => html`<tr data-token-id="${t.id}"><td>${t.name}</td><td>${t.role}</td><td>${t.allowed_ips.length ? t.allowed_ips.join(', ') : 'any'}</td>
<td>${when(t.expires_at)}</td><td>${when(t.last_used_at)}</td><td>${when(t.inserted_at)}</td>
<td>${dangerButton(`${API_TOKENS_PAGE}/${t.id}/revoke`, 'Revoke', `Revoke the token ${t.name}? Automation using it is refused at once.`, { id: `revoke-${t.id}` })}</td></tr>`,
  );
  const notice = v.notice && Object.hasOwn(NOTICES, v.notice) ? NOTICES[v.notice] : undefined;
  const created = v.shown?.secrets;
  const role = v.form?.role ?? 'member';
  return layout(
    { title: 'API tokens', chrome: v.chrome, current: '/app/settings/api_tokens' },
    html`<section class="panel" aria-labelledby="api-tokens-title">
  <h1 id="api-tokens-title">API tokens</h1>
  <p>Operator API tokens let scripts and CI use <code>/api/v1/operator/*</code> with <code>Authorization: Bearer aot_...</code>, acting on this workspace with the token's role.
  They cannot manage API tokens, single sign-on, members or the workspace's policy.</p>
  ${notice ? html`<p class="notice" role="status" id="notice">${notice}</p>` : ''}
  ${v.error ? html`<p class="error" role="alert" id="form-error">${v.error}</p>` : ''}
  ${
    created?.token
      ? html`<div class="notice" role="status" id="created-token">
    <p>Token <strong>${created.name}</strong> created. Copy it now: it is shown this once and cannot be shown again.</p>
    <p><code id="token-secret">${created.token}</code></p>
  </div>`
      : shownOnceMissing(v.shown ?? {}, 'token', 'If you did not copy it, create another and revoke this one.')
  }
  ${
    v.tokens.length === 0
      ? html`<p id="no-tokens">No API tokens.</p>`
      : html`<table id="api-tokens"><thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Allowed addresses</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Created</th><th scope="col"></th></tr></thead>
  <tbody>${rows}</tbody></table>`
  }
  ${listPager(API_TOKENS_PAGE, v.q, v.tokens.length, v.total)}
</section>
<section class="panel" aria-labelledby="create-title">
  <h2 id="create-title">Create a token</h2>
  <form method="post" action="${API_TOKENS_PAGE}" id="create-token">
    <label for="token-name">Name</label>
    <input id="token-name" name="name" required maxlength="120" value="${v.form?.name ?? ''}">
    <label for="token-role">Role</label>
    <select id="token-role" name="role">${API_TOKEN_ROLES.map((r) => html`<option value="${r}"${r === role ? html` selected` : ''}>${r}</option>`)}</select>
    <label for="token-expires">Expires at (ISO 8601, optional)</label>
    <input id="token-expires" name="expires_at" placeholder="2030-01-01T00:00:00Z" value="${v.form?.expires_at ?? ''}">
    <label for="token-ips">Allowed addresses (CIDRs, comma or space separated, optional)</label>
    <input id="token-ips" name="allowed_ips" placeholder="203.0.113.0/24, 2001:db8::/32" value="${v.form?.allowed_ips ?? ''}">
    <p><button type="submit">Create token</button></p>
  </form>
</section>`,
  );
}
