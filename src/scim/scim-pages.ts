import { dangerButton, when } from '../core/pages/format';
import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import { shownOnceMissing, type TakenSecrets } from '../sessions';
import type { ConsoleChrome } from '../core/pages/layout';
import type { ScimSyncEventDto, ScimTokenDto } from './dto/scim-operator.dto';

export interface AdminPageView {
  chrome: ConsoleChrome;
  workspaceName: string;
  baseUrl: string;
  tokens: ScimTokenDto[];
  events: ScimSyncEventDto[];
  /** a token just created (`name`, `token`), once; or why it is not shown */
  shown: TakenSecrets;
}

/** /app/admin: the workspace's SCIM tokens (create, shown once; revoke) and its recent SCIM writes. */
export function adminPage(v: AdminPageView): SafeHtml {
  const tokenRows = v.tokens.map(
    (t) =>
      html`<tr data-token-id="${t.id}"><td>${t.name}</td><td>${when(t.created_at)}</td><td>${when(t.last_used_at)}</td>
<td>${dangerButton(`/app/admin/scim_tokens/${t.id}/revoke`, 'Revoke', 'Revoke this SCIM token? The identity provider using it can no longer provision users.', { id: `revoke-${t.id}` })}</td></tr>`,
  );
  const eventRows = v.events.map(
    (e) =>
      html`<tr><td>${when(e.inserted_at)}</td><td>${e.operation} ${e.resource_type}</td><td>${e.external_id ?? ''}</td>
<td>${e.status} (${e.status_code})</td><td>${e.detail ?? ''}</td></tr>`,
  );
  return layout(
    { title: 'Workspace administration', chrome: v.chrome, current: '/app/admin' },
    html`<section class="panel" aria-labelledby="scim-title">
  <h1 id="scim-title">SCIM provisioning</h1>
  <p>Identity providers (Okta, Microsoft Entra ID) provision the operators of <strong>${v.workspaceName}</strong> at
  <code id="scim-base-url">${v.baseUrl}/scim/v2</code> with a SCIM token as the bearer token. Tokens never expire:
  to rotate one, create a new token, give it to the identity provider, then revoke the old one.</p>
  ${
    v.shown.secrets?.token
      ? html`<div role="status"><p><strong>Copy this token now. It will not be shown again.</strong> (${v.shown.secrets.name})</p><code class="secret" id="new-token">${v.shown.secrets.token}</code></div>`
      : shownOnceMissing(v.shown, 'token', 'If you did not copy it, create another and revoke this one.')
  }
  <form method="post" action="/app/admin/scim_tokens">
    <label for="token-name">Token name</label>
    <input type="text" id="token-name" name="name" maxlength="120" placeholder="Okta">
    <p><button type="submit" id="create-token">Create SCIM token</button></p>
  </form>
  <h2>Tokens</h2>
  ${
    v.tokens.length === 0
      ? html`<p id="no-tokens">No SCIM tokens.</p>`
      : html`<table id="tokens"><thead><tr><th scope="col">Name</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"></th></tr></thead><tbody>${tokenRows}</tbody></table>`
  }
</section>
<section class="panel" aria-labelledby="events-title"><h2 id="events-title">Recent SCIM writes</h2>
  ${
    v.events.length === 0
      ? html`<p>No SCIM writes yet.</p>`
      : html`<table id="scim-events"><thead><tr><th scope="col">When</th><th scope="col">Write</th><th scope="col">External id</th><th scope="col">Result</th><th scope="col">Detail</th></tr></thead><tbody>${eventRows}</tbody></table>`
  }
  <p><a href="/app">Back to the overview</a></p>
</section>`,
  );
}
